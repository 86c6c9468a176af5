import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import type { ApiKey } from '@pathways/shared/api-keys/api-keys.schemas';

import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/dates';
import { useRevokeApiKey } from '../api/change-api-keys';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyRequestsDialog } from './api-key-requests-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { describeScopes } from './labels';

const statusChip = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
  revoked: { label: 'Revoked', color: 'error' },
} as const;

function KeyRow({
  apiKey,
  onRevoke,
  onShowCalls,
}: {
  apiKey: ApiKey;
  onRevoke: () => void;
  onShowCalls: () => void;
}) {
  const chip = statusChip[apiKey.status];
  const facts = [
    `Created ${formatDisplayDate(apiKey.createdAt)}${apiKey.createdBy ? ` by ${apiKey.createdBy.name}` : ''}`,
    apiKey.lastUsedAt ? `Last used ${formatDisplayDate(apiKey.lastUsedAt)}` : 'Never used',
    apiKey.revokedAt
      ? `Revoked ${formatDisplayDate(apiKey.revokedAt)}`
      : apiKey.expiresAt
        ? `${apiKey.status === 'expired' ? 'Expired' : 'Expires'} ${formatDisplayDate(apiKey.expiresAt)}`
        : 'Never expires',
  ];
  return (
    <Paper component="li" variant="outlined" aria-label={apiKey.name} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {apiKey.name}
        </Typography>
        <Chip size="small" variant="outlined" color={chip.color} label={chip.label} />
      </Box>
      <Typography
        variant="body2"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mt: 0.5 }}
      >
        {apiKey.prefix}
      </Typography>
      <Typography variant="body2">{describeScopes(apiKey.scopes)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {facts.join(' · ')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button size="small" onClick={onShowCalls} aria-label={`Recent calls of ${apiKey.name}`}>
          Recent calls
        </Button>
        {apiKey.status !== 'revoked' && (
          <Button
            size="small"
            color="error"
            onClick={onRevoke}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        )}
      </Box>
    </Paper>
  );
}

/**
 * "API keys": the organization's keys for systems that call Pathways without a person (an HR
 * system, say); a primary user creates them (the secret shown once), revokes them and reads
 * their recent calls.
 */
export function ApiKeysSection() {
  const headingId = useId();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const { enqueueSnackbar } = useSnackbar();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [showing, setShowing] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    const name = revoking.name;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        enqueueSnackbar(`“${name}” is revoked: calls with it now fail.`, { variant: 'success' });
      },
      onError: (error) =>
        enqueueSnackbar(
          isApiError(error) ? error.message : `“${name}” couldn't be revoked. Please try again.`,
          { variant: 'error' },
        ),
    });
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1,
        }}
      >
        <Typography id={headingId} component="h2" variant="h6">
          API keys
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          Create a key
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Keys let your other systems read and change your organization’s opportunities, applications,
        candidates, campaigns and analytics through the Pathways API. Each call is logged; keep keys
        secret and revoke any you no longer use.
      </Typography>
      {keys.isPending && <Skeleton variant="rounded" height={120} />}
      {keys.isError && (
        <RetryAlert onRetry={() => void keys.refetch()}>The keys couldn’t be loaded.</RetryAlert>
      )}
      {keys.data && keys.data.items.length === 0 && (
        <Alert severity="info">Your organization has no API keys yet.</Alert>
      )}
      {keys.data && keys.data.items.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {keys.data.items.map((apiKey) => (
            <KeyRow
              key={apiKey.id}
              apiKey={apiKey}
              onRevoke={() => setRevoking(apiKey)}
              onShowCalls={() => setShowing(apiKey)}
            />
          ))}
        </Stack>
      )}
      {creating && <CreateApiKeyDialog onClose={() => setCreating(false)} />}
      {showing && <ApiKeyRequestsDialog apiKey={showing} onClose={() => setShowing(null)} />}
      <ConfirmDeleteDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        text="Every call made with this key fails from now on. This cannot be undone: a system that still needs access needs a new key."
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={confirmRevoke}
        confirmLabel="Revoke"
      />
    </Box>
  );
}
