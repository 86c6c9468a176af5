import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { useProfileCompletion } from '../api/get-profile-completion';

/** How complete the profile is, and a link to each missing part. */
export function ProfileCompletion() {
  const { data, isPending, isError } = useProfileCompletion();
  if (isError) return null;
  const percentage = data?.percentage ?? 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="completion-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography id="completion-title" component="h2" variant="h6">
            Profile completion
          </Typography>
          <Typography
            variant="h6"
            component="p"
            color={percentage === 100 ? 'success.main' : 'primary.main'}
            data-testid="profile-completion"
          >
            {isPending ? 'Loading...' : `${percentage}%`}
          </Typography>
        </Box>
        <LinearProgress
          variant={isPending ? 'indeterminate' : 'determinate'}
          value={percentage}
          aria-label="Profile completion"
          aria-valuetext={`${percentage}% complete`}
          sx={{ my: 1.5, height: 8, borderRadius: 4 }}
        />
        {data && data.missing.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              Still to add:
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
              {data.missing.map((item) => (
                <li key={item.type}>
                  <Link component={RouterLink} to={item.resolutionPath} variant="body2">
                    {item.label}
                  </Link>
                </li>
              ))}
            </Box>
          </>
        )}
        {data && data.missing.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            Your profile has everything organizations look for.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
