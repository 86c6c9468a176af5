import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { ChunkLoadTimeoutError } from '../lib/lazy-page';

function isChunkFailure(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
    message,
  );
}

/** What a page that failed to load or render shows, with a way out. */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkFailure(error);
  return (
    <Box role="alert" sx={{ maxWidth: 600, mx: 'auto', px: 2, py: 6 }}>
      <Typography variant="h1" sx={{ mb: 2, fontSize: '1.75rem' }}>
        {chunk ? 'This page could not be loaded' : 'Something went wrong'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {chunk
          ? 'Pathways could not download this page. Please check your connection and try again.'
          : 'An unexpected error stopped this page. Please try again; if it keeps happening, contact support.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <Button href="/">Go to the home page</Button>
      </Box>
    </Box>
  );
}
