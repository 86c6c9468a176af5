import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { formatWholeNumber } from '@pathways/shared/common/numbers';

import {
  ORGANIZATION_OPPORTUNITIES_PER_PAGE,
  useOrganizationOpportunities,
} from '../api/get-organization-opportunities';
import { OpportunityGrid } from './opportunity-grid';
import { RetryAlert } from '../../../components/ui/retry-alert';

const PAGE_PARAM = 'page';

/** The page of the list the address names (`?page=2`), else the first. */
export function pageFrom(params: URLSearchParams): number {
  const value = params.get(PAGE_PARAM);
  const page = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return page >= 1 ? page : 1;
}

const plural = (n: number, one: string, many: string) =>
  `${formatWholeNumber(n)} ${n === 1 ? one : many}`;

/**
 * An organization's published opportunities, ten a page, the page in the address (`?page=2`)
 * so Back and a shared link keep it.
 */
export function OrganizationOpportunities({
  organizationId,
  organizationName,
  title = `Opportunities at ${organizationName}`,
}: {
  organizationId: number;
  organizationName: string;
  title?: string;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const query = useOrganizationOpportunities(organizationId, page);
  const list = query.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / ORGANIZATION_OPPORTUNITIES_PER_PAGE)) : 1;

  const goTo = (next: number) => {
    const updated = new URLSearchParams(params);
    if (next <= 1) updated.delete(PAGE_PARAM);
    else updated.set(PAGE_PARAM, String(next));
    setParams(updated, { preventScrollReset: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ scrollMarginTop: 80 }}
      ref={headingRef}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' } }}>
          {title}
        </Typography>
        {list && list.total > 0 ? (
          <Typography color="text.secondary" role="status">
            {plural(list.total, 'opportunity', 'opportunities')}
            {pages > 1 ? ` · page ${page} of ${pages}` : ''}
          </Typography>
        ) : null}
      </Box>

      {list ? (
        list.items.length > 0 ? (
          <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <OpportunityGrid items={list.items} label={title} />
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {page > 1
              ? 'There are no more opportunities.'
              : `${organizationName} has no opportunities listed right now. Sign up to hear when new ones open.`}
          </Typography>
        )
      ) : query.isError ? (
        <RetryAlert onRetry={() => void query.refetch()}>
          The opportunities could not be loaded. Check your connection and try again.
        </RetryAlert>
      ) : (
        <Box
          aria-busy
          aria-label="Loading opportunities"
          role="status"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={170} />
          ))}
        </Box>
      )}

      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, next) => goTo(next)}
          color="primary"
          sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
          siblingCount={0}
          aria-label={`${title}, pages`}
        />
      ) : null}
    </Box>
  );
}
