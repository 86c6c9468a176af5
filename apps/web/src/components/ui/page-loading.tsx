import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** Shown while a page's script loads. */
export function PageLoading() {
  return (
    <Box sx={{ flex: 1 }}>
      <LinearProgress aria-label="Loading page" />
    </Box>
  );
}
