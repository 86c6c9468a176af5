import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';

import type {
  WorkspaceManager,
  WorkspaceOpportunity,
} from '@pathways/shared/workspaces/workspaces.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useSetManagers, useWorkspaceManagers } from '../api/workspaces';

const nameOf = (u: WorkspaceManager) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/**
 * Who manages the opportunity. Primary users manage every opportunity anyway; the others are
 * ticked here by a primary user. Other users see the list but cannot change it.
 */
export function ManagersTab({ opportunity }: { opportunity: WorkspaceOpportunity }) {
  const { viewer } = useSession();
  const canChange = viewer?.primary ?? false;
  const { enqueueSnackbar } = useSnackbar();
  const query = useWorkspaceManagers(opportunity.id);
  const save = useSetManagers(opportunity.id);
  // The user's choice while it differs from what is saved; null shows what is saved.
  const [choice, setChosen] = useState<Set<number> | null>(null);

  if (query.isPending) return <LinearProgress aria-label="Loading the managers" />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        The managers could not be loaded.
      </RetryAlert>
    );
  }
  const primaries = query.data.items.filter((u) => u.primary);
  const others = query.data.items.filter((u) => !u.primary);
  const saved = new Set(query.data.items.filter((u) => u.manager).map((u) => u.id));
  const chosen = choice ?? saved;
  const changed = chosen.size !== saved.size || [...chosen].some((id) => !saved.has(id));

  const submit = async () => {
    try {
      await save.mutateAsync([...chosen]);
      setChosen(null);
      enqueueSnackbar('The managers were saved', { variant: 'success' });
    } catch (e) {
      if (isAbortError(e)) return;
      enqueueSnackbar(isApiError(e) ? e.message : 'The managers could not be saved', {
        variant: 'error',
      });
    }
  };

  return (
    <Box sx={{ maxWidth: 640 }}>
      {!canChange && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only a primary user of your organization can change who manages an opportunity.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Primary users manage every opportunity: {primaries.map(nameOf).join(', ') || 'none'}.
      </Typography>
      {others.length === 0 ? (
        <Typography>Your organization has no other users to make managers.</Typography>
      ) : (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Managers of {opportunity.name}
          </Typography>
          <FormGroup>
            {others.map((user) => (
              <FormControlLabel
                key={user.id}
                control={
                  <Checkbox
                    checked={chosen.has(user.id)}
                    disabled={!canChange}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(user.id);
                      else next.delete(user.id);
                      setChosen(next);
                    }}
                  />
                }
                label={`${nameOf(user)} (${user.email})`}
                // A long address breaks anywhere rather than widen the page on a phone.
                slotProps={{ typography: { sx: { overflowWrap: 'anywhere', minWidth: 0 } } }}
              />
            ))}
          </FormGroup>
        </Box>
      )}
      {canChange && others.length > 0 && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={!changed}
          loading={save.isPending}
          onClick={() => void submit()}
        >
          Save managers
        </Button>
      )}
    </Box>
  );
}
