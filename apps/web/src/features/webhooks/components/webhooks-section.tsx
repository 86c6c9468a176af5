import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import type { WebhookEndpoint } from '@pathways/shared/webhooks/webhooks.schemas';

import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/dates';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/webhooks';
import { DeliveriesDialog } from './deliveries-dialog';
import { EndpointDialog } from './endpoint-dialog';
import { SecretDialog } from './secret-dialog';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; secret: string; url: string; rotated: boolean }
  | { kind: 'deliveries'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | null;

function problem(error: unknown, fallback: string) {
  return isApiError(error) && error.message ? error.message : fallback;
}

function EndpointCard({
  endpoint,
  onOpen,
}: {
  endpoint: WebhookEndpoint;
  onOpen: (open: Open) => void;
}) {
  const labelId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateWebhookEndpoint();
  const test = useSendTestEvent();
  const toggle = async () => {
    try {
      await update.mutateAsync({ id: endpoint.id, changes: { enabled: !endpoint.enabled } });
      enqueueSnackbar(endpoint.enabled ? 'Endpoint disabled.' : 'Endpoint enabled.', {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(problem(error, "Couldn't change the endpoint. Please try again."), {
        variant: 'error',
      });
    }
  };
  const sendTest = async () => {
    try {
      const { delivery } = await test.mutateAsync(endpoint.id);
      const last = delivery.attemptLog[0];
      enqueueSnackbar(
        delivery.status === 'succeeded'
          ? `Test event delivered${last ? ` (HTTP ${last.statusCode}, ${last.responseMs} ms)` : ''}.`
          : 'Test event sent: its delivery is in the log.',
        { variant: delivery.status === 'failed' ? 'warning' : 'success' },
      );
    } catch (error) {
      enqueueSnackbar(problem(error, "Couldn't send the test event. Please try again."), {
        variant: 'error',
      });
    }
  };
  const events =
    endpoint.events === null
      ? 'All events'
      : `${endpoint.events.length} ${endpoint.events.length === 1 ? 'event' : 'events'}: ${endpoint.events.join(', ')}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={labelId}
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography
          id={labelId}
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 600, wordBreak: 'break-all', flex: '1 1 16rem' }}
        >
          {endpoint.description || endpoint.url}
        </Typography>
        {endpoint.enabled ? (
          <Chip size="small" color="success" variant="outlined" label="Enabled" />
        ) : (
          <Chip
            size="small"
            color={endpoint.disabledReason === 'failing' ? 'error' : 'default'}
            variant="outlined"
            label={endpoint.disabledReason === 'failing' ? 'Disabled after failures' : 'Disabled'}
          />
        )}
      </Box>
      {endpoint.description && (
        <Typography variant="body2" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
          {endpoint.url}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {events}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Added {formatDisplayDate(endpoint.createdAt)}
        {endpoint.previousSecretExpiresAt &&
          ` · the previous secret signs too until ${formatDisplayDate(endpoint.previousSecretExpiresAt)}`}
      </Typography>
      {endpoint.disabledReason === 'failing' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          Disabled on {formatDisplayDate(endpoint.disabledAt)}: its messages kept failing. Fix the
          receiver, enable the endpoint, then replay what failed.
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" onClick={() => onOpen({ kind: 'deliveries', endpoint })}>
          Deliveries
        </Button>
        <Button
          size="small"
          onClick={() => void sendTest()}
          loading={test.isPending}
          disabled={!endpoint.enabled}
        >
          Send test event
        </Button>
        <Button size="small" onClick={() => onOpen({ kind: 'edit', endpoint })}>
          Edit
        </Button>
        <Button size="small" onClick={() => onOpen({ kind: 'rotate', endpoint })}>
          Rotate secret
        </Button>
        <Button size="small" onClick={() => void toggle()} loading={update.isPending}>
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="small" color="error" onClick={() => onOpen({ kind: 'delete', endpoint })}>
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Webhooks: the organization's endpoints, which its own systems (an HR system, say) are told
 * through, signed, when something happens. For primary users.
 */
export function WebhooksSection() {
  const headingId = useId();
  const endpoints = useWebhookEndpoints();
  const [open, setOpen] = useState<Open>(null);
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const close = () => setOpen(null);

  const onDelete = async (endpoint: WebhookEndpoint) => {
    try {
      await remove.mutateAsync(endpoint.id);
      enqueueSnackbar('Endpoint deleted.', { variant: 'success' });
      close();
    } catch (error) {
      enqueueSnackbar(problem(error, "Couldn't delete the endpoint. Please try again."), {
        variant: 'error',
      });
    }
  };
  const onRotate = async (endpoint: WebhookEndpoint) => {
    try {
      const rotated = await rotate.mutateAsync(endpoint.id);
      setOpen({ kind: 'secret', secret: rotated.secret, url: endpoint.url, rotated: true });
    } catch (error) {
      enqueueSnackbar(problem(error, "Couldn't rotate the secret. Please try again."), {
        variant: 'error',
      });
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          Webhooks
        </Typography>
        <Button variant="contained" onClick={() => setOpen({ kind: 'add' })}>
          Add endpoint
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Pathways tells your own systems when candidates apply, move through your pipeline, book
        interviews, and when opportunities are published or close: a signed HTTPS message to each
        endpoint, retried for about a day until it is answered.
      </Typography>
      {endpoints.isPending && <Skeleton variant="rectangular" height={96} />}
      {endpoints.isError && (
        <RetryAlert onRetry={() => void endpoints.refetch()}>
          The webhook endpoints couldn’t be loaded.
        </RetryAlert>
      )}
      {endpoints.data && endpoints.data.items.length === 0 && (
        <Typography>No endpoints yet.</Typography>
      )}
      {endpoints.data && endpoints.data.items.length > 0 && (
        <Stack component="ul" aria-label="Webhook endpoints" spacing={2} sx={{ p: 0, m: 0 }}>
          {endpoints.data.items.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onOpen={setOpen} />
          ))}
        </Stack>
      )}

      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <EndpointDialog
          endpoint={open.kind === 'edit' ? open.endpoint : undefined}
          onClose={close}
          onCreated={(secret, url) => setOpen({ kind: 'secret', secret, url, rotated: false })}
        />
      )}
      {open?.kind === 'secret' && (
        <SecretDialog secret={open.secret} url={open.url} rotated={open.rotated} onClose={close} />
      )}
      {open?.kind === 'deliveries' && <DeliveriesDialog endpoint={open.endpoint} onClose={close} />}
      <ConfirmDeleteDialog
        open={open?.kind === 'delete'}
        title="Delete this endpoint?"
        text="No more messages are sent to it, and its deliveries log is deleted too."
        pending={remove.isPending}
        onCancel={close}
        onConfirm={() => open?.kind === 'delete' && void onDelete(open.endpoint)}
      />
      <ConfirmDeleteDialog
        open={open?.kind === 'rotate'}
        title="Rotate the signing secret?"
        text="A new secret signs every message from now on. The current one keeps signing beside it for 24 hours, so your system can switch without missing a message."
        confirmLabel="Rotate"
        pending={rotate.isPending}
        onCancel={close}
        onConfirm={() => open?.kind === 'rotate' && void onRotate(open.endpoint)}
      />
    </Box>
  );
}
