import {
  DEFAULT_SORT,
  formatSort,
  SORT_WITHOUT_COORDINATES,
  type OpportunitySort,
} from '@pathways/shared/opportunities/search';

const labels: Record<string, string> = {
  'distance_in_meters ASC': 'Nearest first',
  'distance_in_meters DESC': 'Furthest first',
  'opens_at DESC': 'Newest first',
  'opens_at ASC': 'Oldest first',
  'closes_at ASC': 'Closing soonest',
  'closes_at DESC': 'Closing latest',
  'name ASC': 'Name (A to Z)',
  'name DESC': 'Name (Z to A)',
};

const offered = ['distance_in_meters ASC', 'opens_at DESC', 'closes_at ASC', 'name ASC'];

/**
 * The sort the results are in, as a `sort` value: the chosen one, else the API's default
 * (nearest first with a centre, newest first without). Distance without a centre falls back to
 * newest first, as the API does.
 */
export function displayedSort(sort: OpportunitySort | null, hasCenter: boolean): string {
  const chosen = sort ?? (hasCenter ? DEFAULT_SORT : SORT_WITHOUT_COORDINATES);
  if (chosen.field === 'distance_in_meters' && !hasCenter)
    return formatSort(SORT_WITHOUT_COORDINATES);
  return formatSort(chosen);
}

export interface SortChoice {
  value: string;
  label: string;
  disabled: boolean;
}

/** The sort menu: the usual four, plus the current one when a shared link chose another. */
export function sortChoices(current: string, hasCenter: boolean): SortChoice[] {
  const values = offered.includes(current) ? offered : [...offered, current];
  return values.map((value) => ({
    value,
    label:
      value === 'distance_in_meters ASC' && !hasCenter
        ? 'Nearest first (choose a place)'
        : (labels[value] ?? value),
    disabled: value.startsWith('distance_in_meters') && !hasCenter,
  }));
}
