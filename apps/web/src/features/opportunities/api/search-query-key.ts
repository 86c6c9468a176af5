import type { searchQuery } from '../utils/search-params';

export type OpportunitySearchQuery = ReturnType<typeof searchQuery>;

/**
 * The cache key of a page of the search. Apart from the search itself (which validates the
 * answer with its schema) so that a list whose data came with the page needs no validation code.
 */
export const opportunitySearchQueryKey = (candidate: boolean, query: OpportunitySearchQuery) =>
  ['opportunities', 'search', candidate ? 'candidate' : 'public', query] as const;
