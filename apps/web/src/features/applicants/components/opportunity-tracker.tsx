import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';
import {
  screeningMessages,
  type ScreeningResult,
} from '@pathways/shared/screening/screening.schemas';

import { Page } from '../../../components/layouts/page';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { usePhases } from '../../pipeline';
import { useWorkspace } from '../../workspaces';
import { usePrefetchedWorkspaceList } from '../api/get-applicant-list';
import { useScreeningActions } from '../api/use-screening-actions';
import { formatCount } from '../utils/format';
import { countedPhaseTabs, phaseTabs, tabOf, undoGroups } from '../utils/tabs';
import { BulkActions } from './bulk-actions';
import { TrackerView, type BulkContext, type TabsConfig } from './tracker-view';

const movedMessage = (count: number, phase: string) =>
  count === 1
    ? screeningMessages.moved.replace('{phase}', phase)
    : screeningMessages.movedMany.replace('{count}', formatCount(count)).replace('{phase}', phase);

const regrettedMessage = (count: number) =>
  count === 1
    ? screeningMessages.regretted
    : screeningMessages.regrettedMany.replace('{count}', formatCount(count));

/** /client/opportunities/{id}/applications: one workspace's applicants, phase by phase. */
export function OpportunityTracker({ id }: { id: number }) {
  const workspace = useWorkspace(id);
  const phases = usePhases(id);
  // The list's first page is asked for now, with the workspace and its phases.
  usePrefetchedWorkspaceList(id);
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const { move, regret } = useScreeningActions(id);

  const chain = useMemo(
    () => [...(phases.data?.items ?? [])].sort((a, b) => a.order - b.order),
    [phases.data],
  );
  const tabsConfig = useMemo<TabsConfig>(() => {
    const initial = chain[0]?.id ?? null;
    return {
      tabs: (rows) => phaseTabs(chain, rows),
      countedTabs: (counts) => countedPhaseTabs(chain, counts),
      inTab: (row, tab) => tabOf(row, initial) === tab,
    };
  }, [chain]);
  const locationNames = useMemo(
    () =>
      new Map((workspace.data?.locations ?? []).map((l) => [l.id, l.city ?? l.address] as const)),
    [workspace.data],
  );

  if (workspace.isPending || phases.isPending) {
    return (
      <Page title="Applications">
        <LinearProgress aria-label="Loading the workspace" />
      </Page>
    );
  }
  if (workspace.isError || phases.isError) {
    const error = workspace.error ?? phases.error;
    const missing = isApiError(error) && error.status === 404;
    return (
      <Page title="Applications">
        {missing ? (
          <Typography>
            This opportunity does not exist or you do not manage it.{' '}
            <RouterLink to={paths.client.opportunities}>Back to your workspaces</RouterLink>
          </Typography>
        ) : (
          <RetryAlert
            onRetry={() => {
              void workspace.refetch();
              void phases.refetch();
            }}
          >
            The workspace could not be loaded.
          </RetryAlert>
        )}
      </Page>
    );
  }

  /** Moves the applications back to the phases they came from, a call per phase. */
  const undo = async (result: ScreeningResult, report: BulkContext['report']) => {
    const groups = undoGroups(result.items);
    if (groups.length === 0) return;
    try {
      for (const group of groups) {
        await move.mutateAsync({ opportunityId: id, phaseId: group.phaseId, ids: group.ids });
      }
      enqueueSnackbar('The move was undone', { variant: 'info' });
    } catch (error) {
      report(error);
    }
  };

  const bulkActions = ({ chosenIds, tab, clear, report }: BulkContext) => (
    <BulkActions
      opportunityId={id}
      selectedIds={chosenIds}
      phases={chain}
      currentPhaseId={chain.find((phase) => String(phase.id) === tab)?.id ?? null}
      busy={move.isPending || regret.isPending}
      onClear={clear}
      onMove={(phase) =>
        move.mutate(
          { opportunityId: id, phaseId: phase.id, ids: chosenIds },
          {
            onSuccess: (result) => {
              clear();
              enqueueSnackbar(movedMessage(chosenIds.length, phase.name), {
                variant: 'success',
                action: (key) => (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      closeSnackbar(key);
                      void undo(result, report);
                    }}
                  >
                    Undo
                  </Button>
                ),
              });
            },
            onError: report,
          },
        )
      }
      onRegret={() =>
        regret.mutate(
          { opportunityId: id, ids: chosenIds },
          {
            onSuccess: () => {
              clear();
              enqueueSnackbar(regrettedMessage(chosenIds.length), { variant: 'success' });
            },
            onError: report,
          },
        )
      }
    />
  );

  return (
    <Page
      maxWidth="xl"
      title={workspace.data.name}
      subtitle={
        <>
          Applications ·{' '}
          <Link component={RouterLink} to={paths.client.opportunity(id)}>
            The workspace’s details and phases
          </Link>
          {' · '}
          <Link component={RouterLink} to={paths.client.eligibilities(id)}>
            Eligible candidates
          </Link>
        </>
      }
    >
      <TrackerView
        opportunityId={id}
        tabsConfig={tabsConfig}
        locationNames={locationNames}
        bulkActions={bulkActions}
      />
    </Page>
  );
}
