import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';

import {
  emptySearchState,
  OpportunityCard,
  searchStateToParams,
  useOpportunitySearch,
  type SearchState,
} from '../../opportunities';

/** How many open opportunities a regretted application points to. */
export const QUALIFYING_SHOWN = 5;

const qualifyingSearch: SearchState = { ...emptySearchState, eligible: true, open: true };

/**
 * Below an application the organization did not take further: the open opportunities the
 * candidate qualifies for now (this one left out), so the closed door points to open ones.
 * Nothing is shown while they load or when there are none.
 */
export function QualifyingOpportunities({ excludeId }: { excludeId: number }) {
  const search = useOpportunitySearch(qualifyingSearch);
  const items = (search.data?.items ?? [])
    .filter((o) => o.id !== excludeId)
    .slice(0, QUALIFYING_SHOWN);
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="qualifying-heading" sx={{ mb: 2 }}>
      <Typography id="qualifying-heading" variant="h6" component="h2" gutterBottom>
        Open opportunities you qualify for now
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          mb: 1,
        }}
      >
        {items.map((opportunity) => (
          <OpportunityCard key={opportunity.id} opportunity={opportunity} headingLevel="h3" />
        ))}
      </Box>
      <Link
        component={RouterLink}
        to={`${paths.opportunities}?${searchStateToParams(qualifyingSearch).toString()}`}
      >
        See every opportunity you qualify for
      </Link>
    </Box>
  );
}
