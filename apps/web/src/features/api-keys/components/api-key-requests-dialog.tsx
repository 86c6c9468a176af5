import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useId, useState } from 'react';

import {
  API_KEY_REQUEST_RETENTION_DAYS,
  type ApiKey,
} from '@pathways/shared/api-keys/api-keys.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { REQUESTS_PER_PAGE, useApiKeyRequests } from '../api/get-api-keys';

/** A key's calls, newest first, a page at a time. */
export function ApiKeyRequestsDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const requests = useApiKeyRequests(apiKey.id, page);
  const pages = Math.max(1, Math.ceil((requests.data?.total ?? 0) / REQUESTS_PER_PAGE));

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Recent calls of “{apiKey.name}”</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every call made with this key in the last {API_KEY_REQUEST_RETENTION_DAYS} days, newest
          first.
        </Typography>
        {requests.isPending && <Skeleton variant="rounded" height={160} />}
        {requests.isError && (
          <RetryAlert onRetry={() => void requests.refetch()}>
            The calls couldn’t be loaded.
          </RetryAlert>
        )}
        {requests.data && requests.data.total === 0 && (
          <Alert severity="info">This key has not been used yet.</Alert>
        )}
        {requests.data && requests.data.total > 0 && (
          <>
            <TableContainer>
              <Table size="small" aria-labelledby={titleId}>
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>Call</TableCell>
                    <TableCell align="right">Status</TableCell>
                    <TableCell align="right">Time</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {requests.data.items.map((call, index) => (
                    <TableRow key={`${call.at}-${index}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {format(new Date(call.at), 'd MMM yyy, HH:mm:ss')}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                        {call.method} {call.route}
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{ color: call.status >= 400 ? 'error.dark' : undefined }}
                      >
                        {call.status}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {call.durationMs} ms
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {pages > 1 && (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                <Pagination
                  count={pages}
                  page={page}
                  onChange={(_, next) => setPage(next)}
                  aria-label="Pages of calls"
                />
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
