import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { useQualifiedCandidates } from '../api/client-eligibilities';
import { useLocalFilters } from '../utils/use-filters';
import { EligibilityTable } from './eligibility-table';
import { FiltersBar } from './filters-bar';

/**
 * Candidate search: the candidates who qualify for any active workspace the user manages, each
 * row naming its workspace (a link to that workspace's eligible candidates). Meant as a tab of
 * the candidate search page; its filters live in the component.
 */
export function QualifiedCandidates() {
  const { filters, update } = useLocalFilters();
  const query = useQualifiedCandidates(filters);

  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 403) {
      return <Alert severity="info">{query.error.message}</Alert>;
    }
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        The qualified candidates could not be loaded.
      </RetryAlert>
    );
  }
  const rows = query.data?.items ?? [];
  return (
    <>
      <FiltersBar filters={filters} onChange={update} showEligible={false} />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {query.data
          ? `${query.data.total} qualified ${query.data.total === 1 ? 'candidate' : 'candidates'}`
          : 'Loading candidates'}
      </Typography>
      {query.isFetching && <LinearProgress aria-label="Loading candidates" sx={{ mb: 1 }} />}
      {query.data && rows.length === 0 ? (
        <Alert severity="info">No qualified candidates match.</Alert>
      ) : (
        <>
          <EligibilityTable rows={rows} caption="Qualified candidates" showOpportunity />
          {query.data && (
            <TablePagination
              component="div"
              count={query.data.total}
              page={filters.page - 1}
              rowsPerPage={query.data.per}
              rowsPerPageOptions={[query.data.per]}
              onPageChange={(_event, page) => update({ page: page + 1 })}
            />
          )}
        </>
      )}
    </>
  );
}
