import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { PRIVACY_NOTE } from '@pathways/shared/analytics/suppression';
import type { ClientEligibilityRow } from '@pathways/shared/eligibility/client-eligibilities.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { Page } from '../../../components/layouts/page';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { useWorkspace } from '../../workspaces';
import { useEligibilities, useInvite } from '../api/client-eligibilities';
import { useUrlFilters } from '../utils/use-filters';
import { CriterionFunnel } from './criterion-funnel';
import { canInvite, EligibilityTable } from './eligibility-table';
import { FiltersBar } from './filters-bar';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why an invitation failed, in the server's words when it gave some. */
function problemOf(error: unknown): string {
  if (isApiError(error)) {
    const field = Object.values(error.fieldErrors)[0]?.[0];
    return field ?? error.message;
  }
  return 'The invitation could not be sent. Please try again.';
}

/**
 * `/client/opportunities/{id}/eligibilities`: the candidates a workspace may see (referred, or
 * with a complete profile and eligible), 25 a page with the filters in the URL; select and
 * invite; each row's criteria; and the criterion funnel.
 */
export function EligibilitiesPage({ opportunityId }: { opportunityId: number }) {
  const workspace = useWorkspace(opportunityId);
  const { filters, update } = useUrlFilters();
  const list = useEligibilities(opportunityId, filters);
  const invite = useInvite(opportunityId);
  const { enqueueSnackbar } = useSnackbar();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const send = (rows: ClientEligibilityRow[]) => {
    invite.mutate(
      rows.map((r) => r.id),
      {
        onSuccess: (result) => {
          const names = result.invited.map((r) => r.name);
          const message =
            names.length === 1
              ? `${names[0]} is invited to apply.`
              : `${plural(names.length, 'candidate is', 'candidates are')} invited to apply.`;
          const skipped = result.skipped.length
            ? ` ${plural(result.skipped.length, 'was', 'were')} left out: invited or applied already.`
            : '';
          enqueueSnackbar(message + skipped, { variant: 'success' });
          setSelected(new Set());
        },
        onError: (error) => enqueueSnackbar(problemOf(error), { variant: 'error' }),
      },
    );
  };

  if (workspace.isError && isApiError(workspace.error) && workspace.error.status === 404) {
    return (
      <Page title="Eligible candidates">
        <Typography>
          This opportunity does not exist or you do not manage it.{' '}
          <Link component={RouterLink} to={paths.client.opportunities}>
            Back to your workspaces
          </Link>
        </Typography>
      </Page>
    );
  }

  const rows = list.data?.items ?? [];
  const chosen = rows.filter((r) => selected.has(r.id) && canInvite(r));
  const selection = {
    selected,
    toggle: (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => {
      const invitable = rows.filter(canInvite).map((r) => r.id);
      setSelected((current) =>
        invitable.every((id) => current.has(id)) ? new Set() : new Set(invitable),
      );
    },
  };

  return (
    <Page
      title="Eligible candidates"
      subtitle={
        workspace.data ? (
          <>
            <Link component={RouterLink} to={paths.client.opportunity(opportunityId)}>
              {workspace.data.name}
            </Link>
            {' · '}
            <Link component={RouterLink} to={paths.client.applications(opportunityId)}>
              Its applicants
            </Link>
          </>
        ) : undefined
      }
    >
      <FiltersBar filters={filters} onChange={update} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography role="status" variant="body2" color="text.secondary">
          {list.data ? plural(list.data.total, 'candidate', 'candidates') : 'Loading candidates'}
        </Typography>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || invite.isPending}
          onClick={() => send(chosen)}
          sx={{ ml: 'auto' }}
        >
          {chosen.length > 0 ? `Invite ${chosen.length} selected` : 'Invite selected'}
        </Button>
      </Box>
      {list.isFetching && <LinearProgress aria-label="Loading candidates" sx={{ mb: 1 }} />}
      {list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          The candidates could not be loaded.
        </RetryAlert>
      ) : list.data && rows.length === 0 ? (
        <Alert severity="info">
          No candidates match. Candidates appear here when they qualify and their profile is
          complete, or when they applied or came through a campaign.
        </Alert>
      ) : (
        <>
          <EligibilityTable
            rows={rows}
            caption="Eligible candidates"
            selection={selection}
            onInvite={(row) => send([row])}
            inviting={invite.isPending}
          />
          {list.data && (
            <TablePagination
              component="div"
              count={list.data.total}
              page={filters.page - 1}
              rowsPerPage={list.data.per}
              rowsPerPageOptions={[list.data.per]}
              onPageChange={(_event, page) => update({ page: page + 1 })}
            />
          )}
        </>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mt: 5, mb: 1 }}>
        Criterion funnel
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Of the candidates with a complete profile, how many each requirement removes, the one
        removing most people first. {PRIVACY_NOTE}
      </Typography>
      <CriterionFunnel opportunityId={opportunityId} />
    </Page>
  );
}
