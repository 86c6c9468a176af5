import PersonAdd from '@mui/icons-material/PersonAdd';
import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';

import type { ClientChanges, ClientUser } from '@pathways/shared/managers/managers.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useChangeManager, useInviteManager } from '../api/change-clients';
import { useClients } from '../api/get-clients';
import { AddManagerDialog } from './add-manager-dialog';

const fullName = (client: ClientUser) =>
  [client.firstName, client.lastName].filter(Boolean).join(' ') || client.email;

const day = (iso: string) => format(new Date(iso), 'd MMMM yyy');

function statusLine(client: ClientUser): string {
  if (client.status === 'invited') {
    return client.invitedAt ? `Invited ${day(client.invitedAt)}` : 'Invited';
  }
  return client.lastSignInAt
    ? `Last signed in ${day(client.lastSignInAt)}`
    : 'Has not logged in yet';
}

function useFailureSnackbar() {
  const { enqueueSnackbar } = useSnackbar();
  return (error: unknown, fallback: string) => {
    if (isAbortError(error)) return;
    enqueueSnackbar(isApiError(error) ? error.message : fallback, { variant: 'error' });
  };
}

/** One manager's actions, in a menu: a fresh invitation, primary, active. */
function ManagerActions({
  client,
  self,
  onDeactivate,
}: {
  client: ClientUser;
  self: boolean;
  onDeactivate: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const failed = useFailureSnackbar();
  const change = useChangeManager();
  const invite = useInviteManager();
  const name = fullName(client);
  const menuId = `manager-actions-${client.id}`;

  const close = () => setAnchor(null);
  const apply = (changes: ClientChanges, done: string) => {
    close();
    change.mutate(
      { id: client.id, changes },
      {
        onSuccess: () => enqueueSnackbar(done, { variant: 'success' }),
        onError: (error) => failed(error, `${name} couldn't be changed. Please try again.`),
      },
    );
  };
  const reinvite = () => {
    close();
    invite.mutate(client.id, {
      onSuccess: ({ message }) => enqueueSnackbar(message, { variant: 'success' }),
      onError: (error) => failed(error, `The invitation couldn't be sent. Please try again.`),
    });
  };

  return (
    <>
      <IconButton
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={change.isPending || invite.isPending}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {client.active && (
          <MenuItem onClick={reinvite}>
            {client.status === 'invited' ? 'Send a new invitation' : 'Send a set-password link'}
          </MenuItem>
        )}
        {client.active &&
          (client.primary ? (
            <MenuItem onClick={() => apply({ primary: false }, `${name} is no longer primary.`)}>
              Withdraw primary
            </MenuItem>
          ) : (
            <MenuItem onClick={() => apply({ primary: true }, `${name} is now a primary user.`)}>
              Make primary
            </MenuItem>
          ))}
        {client.active && !self && (
          <MenuItem
            onClick={() => {
              close();
              onDeactivate();
            }}
          >
            Deactivate
          </MenuItem>
        )}
        {!client.active && (
          <MenuItem onClick={() => apply({ active: true }, `${name} is active again.`)}>
            Reactivate
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

function ManagerRow({
  client,
  self,
  canManage,
  onDeactivate,
}: {
  client: ClientUser;
  self: boolean;
  canManage: boolean;
  onDeactivate: (client: ClientUser) => void;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={fullName(client)}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2 }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
            {fullName(client)}
            {self ? ' (you)' : ''}
          </Typography>
          {client.primary && <Chip size="small" color="primary" label="Primary" />}
          {!client.active && <Chip size="small" label="Deactivated" />}
          <Chip
            size="small"
            variant="outlined"
            color={client.status === 'joined' ? 'success' : 'default'}
            label={client.status === 'joined' ? 'Joined' : 'Invited'}
          />
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {client.email}
          {client.jobTitle ? ` · ${client.jobTitle}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {statusLine(client)}
        </Typography>
      </Box>
      {canManage && (
        <ManagerActions client={client} self={self} onDeactivate={() => onDeactivate(client)} />
      )}
    </Paper>
  );
}

/**
 * The organization's managers: every client user sees their colleagues; a primary user adds
 * them (the invitation goes by e-mail), invites them again, grants or withdraws primary, and
 * deactivates or reactivates them.
 */
export function ManagersView({ viewerId, primary }: { viewerId: number; primary: boolean }) {
  const clients = useClients();
  const [adding, setAdding] = useState(false);
  const [deactivating, setDeactivating] = useState<ClientUser | null>(null);
  const change = useChangeManager();
  const { enqueueSnackbar } = useSnackbar();
  const failed = useFailureSnackbar();

  const confirmDeactivate = () => {
    if (!deactivating) return;
    const name = fullName(deactivating);
    change.mutate(
      { id: deactivating.id, changes: { active: false } },
      {
        onSuccess: () => {
          enqueueSnackbar(`${name} is deactivated and signed out.`, { variant: 'success' });
          setDeactivating(null);
        },
        onError: (error) => {
          failed(error, `${name} couldn't be deactivated. Please try again.`);
          setDeactivating(null);
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      {primary ? (
        <Box>
          <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setAdding(true)}>
            Add a manager
          </Button>
        </Box>
      ) : (
        <Alert severity="info">
          Only a primary user of your organization can add or change managers.
        </Alert>
      )}
      {clients.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading managers">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={88} />
          ))}
        </Stack>
      ) : clients.isError ? (
        <RetryAlert onRetry={() => void clients.refetch()}>
          The managers couldn't be loaded.
        </RetryAlert>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {clients.data.items.map((client) => (
            <ManagerRow
              key={client.id}
              client={client}
              self={client.id === viewerId}
              canManage={primary}
              onDeactivate={setDeactivating}
            />
          ))}
        </Stack>
      )}
      {adding && <AddManagerDialog onClose={() => setAdding(false)} />}
      <ConfirmDeleteDialog
        open={deactivating !== null}
        title={deactivating ? `Deactivate ${fullName(deactivating)}?` : ''}
        text="They are signed out at once and cannot log in until a primary user reactivates them."
        pending={change.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={confirmDeactivate}
        confirmLabel="Deactivate"
      />
    </Stack>
  );
}
