import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

import { formatCount } from '../utils/format';

/** The load of every application, in batches: a bar and "loaded / total" as the pages arrive. */
export function LoadProgress({ loaded, total }: { loaded: number; total: number | null }) {
  const value = total ? Math.min(100, (loaded / total) * 100) : 0;
  const text =
    total === null
      ? 'Loading applications…'
      : `Loading applications: ${formatCount(loaded)} / ${formatCount(total)}`;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" id="tracker-load-label" role="status">
        {text}
      </Typography>
      <LinearProgress
        variant={total === null ? 'indeterminate' : 'determinate'}
        value={value}
        aria-labelledby="tracker-load-label"
      />
    </Box>
  );
}
