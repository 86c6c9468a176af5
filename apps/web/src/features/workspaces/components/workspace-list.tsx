import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';
import type { WorkspaceListItem } from '@pathways/shared/workspaces/workspaces.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useSession } from '../../../lib/session/use-session';
import { useWorkspaces } from '../api/workspaces';
import { ACTIVE_MEANING, intakeOf, kindLabel, stateOf, windowText } from '../utils/format';
import { NewOpportunityDialog } from './new-opportunity-dialog';

function WorkspaceCard({ workspace }: { workspace: WorkspaceListItem }) {
  const titleId = `workspace-${workspace.id}-title`;
  const state = stateOf(workspace);
  const intake = intakeOf(workspace);
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Typography
            id={titleId}
            component="h2"
            variant="h6"
            sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {workspace.name}
          </Typography>
          <Chip
            size="small"
            label={state}
            color={state === 'Active' ? 'success' : 'default'}
            variant={state === 'Active' ? 'filled' : 'outlined'}
          />
          {intake && (
            <Chip
              size="small"
              variant="outlined"
              color={intake === 'Open for applications' ? 'success' : 'default'}
              label={intake}
            />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {kindLabel[workspace.kind]} · {windowText(workspace)}
        </Typography>
        {workspace.phases.length > 0 && (
          <Box
            component="ol"
            aria-label={`Applicants per phase of ${workspace.name}`}
            sx={{
              listStyle: 'none',
              m: 0,
              mt: 1.5,
              p: 0,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
            }}
          >
            {workspace.phases.map((phase) => (
              <li key={phase.id}>
                <Chip
                  variant="outlined"
                  size="small"
                  label={
                    <>
                      {phase.order}. {phase.name}{' '}
                      <Box component="strong" sx={{ ml: 0.5 }}>
                        {phase.count}
                      </Box>
                    </>
                  }
                />
              </li>
            ))}
          </Box>
        )}
        {(workspace.regretted > 0 || workspace.withdrawn > 0) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Not in any phase: {workspace.regretted} regretted, {workspace.withdrawn} withdrawn
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          component={RouterLink}
          to={paths.client.applications(workspace.id)}
          variant="contained"
          size="small"
          aria-label={`Applications of ${workspace.name}`}
        >
          Applications
        </Button>
        <Button
          component={RouterLink}
          to={paths.client.opportunity(workspace.id)}
          size="small"
          aria-label={`Workspace of ${workspace.name}`}
          sx={{ ml: '0 !important' }}
        >
          Workspace
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * The client's workspaces: the active opportunities they manage (a switch shows drafts and past
 * ones too, since a draft must be reached to publish it), and for primary users a button to
 * start a new opportunity.
 */
export function WorkspaceList() {
  const { viewer } = useSession();
  const [params, setParams] = useSearchParams();
  const all = params.get('all') === 'true';
  const [creating, setCreating] = useState(false);
  const query = useWorkspaces(all);
  // With no active workspace, whether the user manages any at all: one who manages none is
  // pointed to where colleagues share candidates with them.
  const emptyActive = !all && query.data?.items.length === 0;
  const everything = useWorkspaces(true, { enabled: emptyActive });
  const managesNone =
    viewer?.primary === false &&
    (all ? query.data?.items.length === 0 : everything.data?.items.length === 0);

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={all}
              onChange={(event) =>
                setParams(event.target.checked ? { all: 'true' } : {}, { replace: true })
              }
            />
          }
          label="Show drafts and past opportunities"
        />
        {viewer?.primary && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            New opportunity
          </Button>
        )}
      </Box>
      {query.isPending && <LinearProgress aria-label="Loading workspaces" />}
      {query.isError && (
        <RetryAlert onRetry={() => void query.refetch()}>
          Your workspaces could not be loaded.
        </RetryAlert>
      )}
      {!managesNone && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {ACTIVE_MEANING}
        </Typography>
      )}
      {managesNone ? (
        <Alert severity="info">
          You do not manage any opportunity yet, so there are no workspaces here: a primary user of
          your organization lists you as a manager of an opportunity, and it appears here.
          Candidates your colleagues share with you for your opinion are under{' '}
          <Link component={RouterLink} to={paths.client.sharedCandidates}>
            Shared With Me
          </Link>
          .
        </Alert>
      ) : (
        query.data &&
        query.data.items.length === 0 &&
        (all || everything.data) && (
          <Typography color="text.secondary">
            {all || everything.data?.items.length === 0
              ? 'There are no opportunities for you to manage yet.'
              : 'You have no active opportunities. Switch on drafts and past ones to see the others.'}
          </Typography>
        )
      )}
      {query.data && query.data.items.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
          }}
        >
          {query.data.items.map((workspace) => (
            <WorkspaceCard key={workspace.id} workspace={workspace} />
          ))}
        </Box>
      )}
      {creating && <NewOpportunityDialog onClose={() => setCreating(false)} />}
    </>
  );
}
