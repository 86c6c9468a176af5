// The opportunity search's terms as plain values: the kinds, the sorts and how a sort and a
// map centre read and write in an address, the limits of a search. No schemas here: a page
// that only reads and writes its address (the search page, hydrating what the server rendered)
// needs neither the schemas nor zod. The schemas that check requests and answers are in
// `opportunities.schemas.ts`, which re-exports all of this.

export const opportunityKinds = ['job', 'bursary', 'scholarship'] as const;
export type OpportunityKind = (typeof opportunityKinds)[number];

export const opportunitySortFields = [
  'distance_in_meters',
  'opens_at',
  'closes_at',
  'name',
] as const;
export type OpportunitySortField = (typeof opportunitySortFields)[number];
export const sortDirections = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof sortDirections)[number];

export interface OpportunitySort {
  field: OpportunitySortField;
  direction: SortDirection;
}

export const OPPORTUNITY_PAGE_SIZE_MAX = 100;
export const OPPORTUNITY_SEARCH_MAX_CHARS = 100;
/** At most this many ids or kinds in one filter. */
export const OPPORTUNITY_FILTER_MAX_VALUES = 50;
/** A search result carries this many of its places, the nearest first: what its card shows. */
export const LIST_ITEM_PLACES = 2;
/** The map shows the nearest this many locations. */
export const MAP_LOCATIONS_LIMIT = 500;

/** `field`, `field ASC`, `field DESC` (case of the direction does not matter). */
export function parseSort(value: string): OpportunitySort | undefined {
  const match = /^([a-z_]+)(?:[\s+]+(asc|desc))?$/i.exec(value.trim());
  const field = match?.[1]?.toLowerCase();
  if (!field || !(opportunitySortFields as readonly string[]).includes(field)) return undefined;
  const direction = (match?.[2]?.toUpperCase() ?? 'ASC') as SortDirection;
  return { field: field as OpportunitySortField, direction };
}

/** The `sort` parameter for a sort: `distance_in_meters ASC`. */
export const formatSort = (sort: OpportunitySort) => `${sort.field} ${sort.direction}`;

export const DEFAULT_SORT: OpportunitySort = { field: 'distance_in_meters', direction: 'ASC' };
/** Newest opening first, used when there is no point to measure distances from. */
export const SORT_WITHOUT_COORDINATES: OpportunitySort = { field: 'opens_at', direction: 'DESC' };

/** `lat,lng` as the map sends it. */
export function parseGeoCenter(value: string): { latitude: number; longitude: number } | undefined {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => p === '')) return undefined;
  const [latitude, longitude] = parts.map(Number) as [number, number];
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) return undefined;
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) return undefined;
  return { latitude, longitude };
}
