// The opportunities feature's public API: the card every opportunity list shows and the search.
// The search page itself is the route apps/web/src/app/routes/opportunities.tsx.
export { OpportunityCard, type OpportunityCardProps } from './components/opportunity-card';
export {
  opportunitySearchQueryKey,
  searchOpportunities,
  useOpportunitySearch,
} from './api/search-opportunities';
export {
  emptySearchState,
  searchStateFromParams,
  searchStateToParams,
  type SearchState,
} from './utils/search-params';
export { formatDistance, opportunityKindLabels } from './utils/format';
export { windowLine, windowState, type WindowState } from './utils/window';
export { detailAsListItem, opportunityQueryKey, useOpportunity } from './api/get-opportunity';
