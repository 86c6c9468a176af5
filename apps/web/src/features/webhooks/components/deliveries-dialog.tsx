import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { format } from 'date-fns';
import { useId, useState } from 'react';

import type { WebhookDelivery, WebhookEndpoint } from '@pathways/shared/webhooks/webhooks.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError } from '../../../lib/api-client';
import { useReplayDelivery, useWebhookDeliveries } from '../api/webhooks';

const when = (iso: string) => format(new Date(iso), 'd MMMM yyy, HH:mm:ss');

const statusWords = {
  succeeded: { label: 'Delivered', color: 'success' },
  pending: { label: 'Retrying', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
} as const;

/** The last answer in words: "200 in 84 ms", or the error when none came. */
function lastAnswer(delivery: WebhookDelivery): string {
  const last = delivery.attemptLog[0];
  if (!last) return 'Not attempted yet';
  const answer = last.statusCode === null ? (last.error ?? 'No answer') : `HTTP ${last.statusCode}`;
  return `${answer} in ${last.responseMs} ms`;
}

function DeliveryItem({ endpointId, delivery }: { endpointId: number; delivery: WebhookDelivery }) {
  const { enqueueSnackbar } = useSnackbar();
  const replay = useReplayDelivery();
  const status = statusWords[delivery.status];
  const labelId = useId();
  const onReplay = async () => {
    try {
      await replay.mutateAsync({ id: endpointId, deliveryId: delivery.id });
      enqueueSnackbar('The message is on its way again.', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(
        isApiError(error) && error.message ? error.message : "Couldn't replay. Please try again.",
        { variant: 'error' },
      );
    }
  };
  return (
    <Box
      component="li"
      aria-labelledby={labelId}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={labelId} component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          {delivery.type}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} variant="outlined" />
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" onClick={() => void onReplay()} loading={replay.isPending}>
          Replay
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {when(delivery.createdAt)} · {delivery.attempts}{' '}
        {delivery.attempts === 1 ? 'attempt' : 'attempts'} · {lastAnswer(delivery)}
      </Typography>
      {delivery.nextAttemptAt && (
        <Typography variant="body2" color="text.secondary">
          Next attempt {when(delivery.nextAttemptAt)}
        </Typography>
      )}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
      >
        {delivery.messageId}
      </Typography>
    </Box>
  );
}

/** An endpoint's deliveries, newest first, with their answers and a Replay button each. */
export function DeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const pages = deliveries.data ? Math.ceil(deliveries.data.total / deliveries.data.per) : 0;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>Deliveries to {endpoint.description || endpoint.url}</DialogTitle>
      <DialogContent>
        {deliveries.isPending && <Skeleton variant="rectangular" height={120} />}
        {deliveries.isError && (
          <RetryAlert onRetry={() => void deliveries.refetch()}>
            The deliveries couldn’t be loaded.
          </RetryAlert>
        )}
        {deliveries.data && deliveries.data.items.length === 0 && (
          <Typography color="text.secondary">
            Nothing sent yet. Send a test event to try the endpoint.
          </Typography>
        )}
        {deliveries.data && deliveries.data.items.length > 0 && (
          <Box component="ul" aria-label="Deliveries" sx={{ p: 0, m: 0 }}>
            {deliveries.data.items.map((d) => (
              <DeliveryItem key={d.id} endpointId={endpoint.id} delivery={d} />
            ))}
          </Box>
        )}
        {pages > 1 && (
          <Pagination
            sx={{ mt: 2 }}
            count={pages}
            page={page}
            onChange={(_e, value) => setPage(value)}
            getItemAriaLabel={(type, item) =>
              type === 'page' ? `Page ${item}` : `Go to the ${type} page`
            }
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void deliveries.refetch()}>Refresh</Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
