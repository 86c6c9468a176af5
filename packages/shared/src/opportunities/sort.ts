import type { OpportunitySort } from './opportunities.schemas.ts';

/** The `sort` parameter for a sort: `distance_in_meters ASC`. */
export const formatSort = (sort: OpportunitySort) => `${sort.field} ${sort.direction}`;
