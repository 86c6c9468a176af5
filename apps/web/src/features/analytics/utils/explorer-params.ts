import {
  DEFAULT_APPLICANT_SORT,
  type ApplicantFilters,
} from '@pathways/shared/applicants/applicants.schemas';
import {
  viewFromSearchParams,
  viewToSearchParams,
} from '@pathways/shared/applicants/applicants.url';
import {
  analyticsDimensions,
  analyticsMeasures,
  dimensionsOf,
  explorerFilterKeys,
  MAX_ANALYTICS_OPPORTUNITIES,
  type AnalyticsDimension,
  type AnalyticsMeasure,
} from '@pathways/shared/analytics/analytics.schemas';

// The explorer's choices in the page's address, under the names of the API's query string
// (`GET client/organization/analytics/explore`), so the address is the question asked:
//   measure=regrets  dimension=gender  from=2026-01-01  to=2026-06-30  opportunities=3,4
//   and the tracker's filters under the tracker's names: genders=female  types=1,2  eligible=false …
// Defaults and empty values are left out (measure applicants, dimension week). Reading never
// throws: a value that does not parse is ignored.

/** The tracker's filters the explorer takes (those that describe groups, not people). */
export type ExplorerFilters = Pick<ApplicantFilters, (typeof explorerFilterKeys)[number]>;

export interface ExplorerChoice {
  measure: AnalyticsMeasure;
  dimension: AnalyticsDimension;
  /** YYYY-MM-DD or empty. */
  from: string;
  to: string;
  opportunities: number[];
  filters: ExplorerFilters;
}

export const DEFAULT_CHOICE: ExplorerChoice = {
  measure: 'applicants',
  dimension: 'week',
  from: '',
  to: '',
  opportunities: [],
  filters: {},
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (text: string | null) =>
  text && DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? text : '';

/** Only the explorer's filters, with the values that are set. */
export function explorerFiltersOf(filters: ApplicantFilters): ExplorerFilters {
  const picked: Record<string, unknown> = {};
  for (const key of explorerFilterKeys) {
    if (filters[key] !== undefined) picked[key] = filters[key];
  }
  return picked as ExplorerFilters;
}

export function choiceFromSearchParams(params: URLSearchParams): ExplorerChoice {
  const measure = analyticsMeasures.find((m) => m === params.get('measure')) ?? 'applicants';
  const named = analyticsDimensions.find((d) => d === params.get('dimension'));
  const dimension = named && dimensionsOf(measure).includes(named) ? named : 'week';
  const opportunities = (params.get('opportunities') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id >= 1 && id <= 2_147_483_647)
    .slice(0, MAX_ANALYTICS_OPPORTUNITIES);
  return {
    measure,
    dimension,
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    opportunities: [...new Set(opportunities)],
    filters: explorerFiltersOf(viewFromSearchParams(params).filters),
  };
}

export function choiceToSearchParams(choice: ExplorerChoice): URLSearchParams {
  const params = new URLSearchParams();
  if (choice.measure !== DEFAULT_CHOICE.measure) params.set('measure', choice.measure);
  if (choice.dimension !== DEFAULT_CHOICE.dimension) params.set('dimension', choice.dimension);
  if (choice.from) params.set('from', choice.from);
  if (choice.to) params.set('to', choice.to);
  if (choice.opportunities.length > 0) {
    params.set('opportunities', choice.opportunities.join(','));
  }
  const filters = viewToSearchParams({
    filters: explorerFiltersOf(choice.filters),
    sort: DEFAULT_APPLICANT_SORT,
    page: 1,
    phase: null,
  });
  for (const [key, value] of filters) params.set(key, value);
  return params;
}
