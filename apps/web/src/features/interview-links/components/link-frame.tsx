import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { isApiError } from '../../../lib/api-client';
import { LinkClosed } from './link-closed';
import { PrivatePageMeta } from './private-page-meta';

/** The frame of a page a guest link opens: not indexed, its address never sent elsewhere. */
export function LinkFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'center',
        px: { xs: 1.5, sm: 2 },
        py: { xs: 2, md: 4 },
      }}
    >
      <PrivatePageMeta />
      <Box sx={{ width: '100%', maxWidth: 720 }}>{children}</Box>
    </Box>
  );
}

/**
 * What a guest link page shows until its content is there: that the link is closed (no token,
 * or the API's 404), that loading failed, or that it is loading; null once there is data.
 */
export function LinkLoadState({
  token,
  query,
  what,
}: {
  token: string;
  query: { isError: boolean; error: unknown; isPending: boolean };
  what: 'interview' | 'feedback';
}) {
  if (token === '' || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return <LinkClosed what={what} />;
  }
  if (query.isError) {
    return (
      <Alert severity="error">
        This page could not be loaded. Please check your connection and try again.
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Loading…</Typography>
      </Box>
    );
  }
  return null;
}
