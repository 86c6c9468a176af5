import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** An application's completion: a bar and the percentage in words beside it. */
export function CompletionBar({
  value,
  label = 'Completion',
  showLabel = true,
}: {
  value: number;
  label?: string;
  showLabel?: boolean;
}) {
  const labelId = useId();
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <Box sx={{ minWidth: 0 }}>
      {showLabel && (
        <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {label}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={percent === 100 ? 'success' : 'primary'}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
          {...(showLabel ? { 'aria-labelledby': labelId } : { 'aria-label': label })}
        />
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, minWidth: '3.5ch', textAlign: 'right' }}
          data-testid="application-completion"
        >
          {percent}%
        </Typography>
      </Box>
    </Box>
  );
}
