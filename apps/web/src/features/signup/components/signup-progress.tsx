import AccessTime from '@mui/icons-material/AccessTime';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import { signupSteps, timeRemainingLabel } from '../utils/signup-steps';

/** Steps Email, Name, Identification, Finish Up, and the time the rest takes. */
export function SignupProgress({ completed }: { completed: number }) {
  const current = Math.min(completed, signupSteps.length - 1);
  const label = `Step ${current + 1} of ${signupSteps.length}: ${signupSteps[current]!.label}`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <LinearProgress
        variant="determinate"
        value={(completed / signupSteps.length) * 100}
        aria-label="Sign-up progress"
        aria-valuetext={completed >= signupSteps.length ? 'All steps done' : label}
      />
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: `repeat(${signupSteps.length}, auto)`,
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        {signupSteps.map((step, i) => (
          <Typography
            key={step.key}
            component="li"
            variant="caption"
            aria-current={i === current && completed < signupSteps.length ? 'step' : undefined}
            sx={{
              textAlign: 'center',
              fontWeight: i === current ? 700 : 400,
              color: i <= current ? 'text.primary' : 'text.secondary',
            }}
          >
            {step.label}
          </Typography>
        ))}
      </Box>
      <Chip
        size="small"
        variant="outlined"
        icon={<AccessTime aria-hidden />}
        label={timeRemainingLabel(completed)}
        sx={{ alignSelf: 'center' }}
      />
    </Box>
  );
}
