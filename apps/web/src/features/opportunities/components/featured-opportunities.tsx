import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';
import { formatSort } from '@pathways/shared/opportunities/search';

import { useSession } from '../../../lib/session/use-session';
import { opportunitySearchQueryKey } from '../api/search-query-key';
import { OpportunityCard } from './opportunity-card';

/** How many opportunities the home page features. */
export const FEATURED_COUNT = 6;

/** The newest opportunities open for applications now. */
export const featuredQuery = {
  open: 'true',
  sort: formatSort({ field: 'opens_at', direction: 'DESC' }),
  page: 1,
  per: FEATURED_COUNT,
};

/**
 * The home page's featured opportunities: the newest that are open now, for a candidate with
 * whether they qualify. Shows nothing while loading or when the search fails: the page around
 * it says what Pathways offers either way, and the search link stays.
 */
export default function FeaturedOpportunities() {
  const { viewer } = useSession();
  const candidate = viewer?.role === 'candidate';
  const { data } = useQuery({
    queryKey: opportunitySearchQueryKey(candidate, featuredQuery),
    // The search (and the schema it validates with) loads when the list is fetched: a page the
    // server rendered brings the list with it and never needs them.
    queryFn: ({ signal }) =>
      import('../api/search-opportunities').then(({ searchOpportunities }) =>
        searchOpportunities(candidate, featuredQuery, signal),
      ),
  });
  if (!data || data.items.length === 0) return null;

  return (
    <Container
      component="section"
      maxWidth="lg"
      aria-labelledby="featured-heading"
      sx={{ pt: { xs: 5, md: 8 } }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'baseline',
          justifyContent: 'space-between',
          mb: 3,
        }}
      >
        <Typography id="featured-heading" variant="h2">
          Open for applications
        </Typography>
        <Button component={RouterLink} to={paths.opportunities} endIcon={<ArrowForward />}>
          See all opportunities
        </Button>
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {data.items.map((opportunity) => (
          <li key={opportunity.id}>
            <OpportunityCard opportunity={opportunity} />
          </li>
        ))}
      </Box>
    </Container>
  );
}
