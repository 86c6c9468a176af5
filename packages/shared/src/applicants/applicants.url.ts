import { ethnicities, genders } from '../profile/profile.schemas.ts';
import {
  DEFAULT_APPLICANT_SORT,
  applicantFilters,
  applicantSortKeys,
  qualificationPeriods,
  type ApplicantFilters,
  type ApplicantSort,
} from './applicants.schemas.ts';

// The tracker's view (filters, sort, page and the phase tab) in the page's query string, and the
// same names in the API's query string. Written:
//   name=Nomsa  location=-33.9,18.4  distance=25  grade=50,100
//   categories=1,2  disciplines=…  institutions=…  types=…  locations=…  (ids, comma-separated)
//   ethnicities=black,coloured  genders=female  period=current
//   multiple=true  verified=true  complete=true  referred=true  eligible=true|false
//   sort=completion  direction=desc  page=3  phase=12  cursor=… (server-paged lists, page > 1)
// Defaults and empty values are left out: no blank name, no empty list, no false switch (except
// eligible, where false means something), no grade 0-100, no sort when it is createdAt ascending,
// no page 1, no phase. Reading never throws: a value that does not parse is ignored, and a list
// keeps the items that parse.

/** The filter parameters, as the API's documentation lists them. */
export const FILTER_PARAMETERS_DESCRIPTION =
  "Filters ride in the query string under the names of the tracker's address: name, " +
  'location (latitude,longitude) with distance (km), grade (min,max), categories, disciplines, ' +
  'institutions, types, locations (comma-separated ids), ethnicities, genders (comma-separated), ' +
  'period (completed, current or intended), multiple, verified, complete, referred ' +
  '(true), eligible (true or false). A value that does not parse filters nothing.';

export interface TrackerView {
  filters: ApplicantFilters;
  sort: ApplicantSort;
  page: number;
  /** The phase tab: a phase id or another tab's name; null for all applicants. */
  phase: string | null;
  /**
   * Where the page starts in a list paged by the server (an opaque cursor of its answer); kept
   * only beyond the first page, so any change that goes back to page 1 drops it.
   */
  cursor?: string;
}

const ID_LISTS = ['categories', 'disciplines', 'institutions', 'types', 'locations'] as const;
const SWITCHES = ['multiple', 'verified', 'complete', 'referred'] as const;
const MAX_ID = 2_147_483_647;

export function viewToSearchParams(view: TrackerView): URLSearchParams {
  const params = new URLSearchParams();
  const { filters, sort, page, phase } = view;
  const name = filters.name?.trim();
  if (name) params.set('name', name);
  if (filters.location) params.set('location', filters.location);
  if (filters.distance !== undefined) params.set('distance', String(filters.distance));
  if (filters.grade && (filters.grade.min > 0 || filters.grade.max < 100)) {
    params.set('grade', `${filters.grade.min},${filters.grade.max}`);
  }
  for (const key of ID_LISTS) {
    const list = filters[key];
    if (list && list.length > 0) params.set(key, list.join(','));
  }
  if (filters.ethnicities && filters.ethnicities.length > 0) {
    params.set('ethnicities', filters.ethnicities.join(','));
  }
  if (filters.genders && filters.genders.length > 0) {
    params.set('genders', filters.genders.join(','));
  }
  if (filters.period) params.set('period', filters.period);
  for (const key of SWITCHES) if (filters[key]) params.set(key, 'true');
  if (filters.eligible !== undefined) params.set('eligible', String(filters.eligible));
  if (
    sort.key !== DEFAULT_APPLICANT_SORT.key ||
    sort.direction !== DEFAULT_APPLICANT_SORT.direction
  ) {
    params.set('sort', sort.key);
    params.set('direction', sort.direction);
  }
  if (page > 1) params.set('page', String(page));
  if (page > 1 && view.cursor) params.set('cursor', view.cursor);
  if (phase?.trim()) params.set('phase', phase);
  return params;
}

/** A finite number from a non-blank string, or null. */
function numberOf(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function idsOf(text: string | null): number[] | undefined {
  if (text === null) return undefined;
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((value) => value >= 1 && value <= MAX_ID);
  return ids.length > 0 ? ids : undefined;
}

function membersOf<T extends string>(text: string | null, allowed: readonly T[]): T[] | undefined {
  if (text === null) return undefined;
  const members = text
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is T => (allowed as readonly string[]).includes(part));
  return members.length > 0 ? members : undefined;
}

const shape = applicantFilters.shape;

export function viewFromSearchParams(params: URLSearchParams): TrackerView {
  const filters: ApplicantFilters = {};

  const name = shape.name.safeParse(params.get('name') ?? undefined);
  if (name.success && name.data) filters.name = name.data;
  const location = params.get('location');
  if (location && shape.location.safeParse(location).success) filters.location = location;
  const distance = shape.distance.safeParse(numberOf(params.get('distance')) ?? undefined);
  if (distance.success && distance.data !== undefined) filters.distance = distance.data;

  const bounds = params.get('grade')?.split(',');
  if (bounds?.length === 2) {
    const grade = shape.grade.safeParse({
      min: numberOf(bounds[0] ?? null),
      max: numberOf(bounds[1] ?? null),
    });
    if (grade.success && grade.data && (grade.data.min > 0 || grade.data.max < 100)) {
      filters.grade = grade.data;
    }
  }

  for (const key of ID_LISTS) {
    const ids = idsOf(params.get(key));
    if (ids) filters[key] = ids;
  }
  const chosenEthnicities = membersOf(params.get('ethnicities'), ethnicities);
  if (chosenEthnicities) filters.ethnicities = chosenEthnicities;
  const chosenGenders = membersOf(params.get('genders'), genders);
  if (chosenGenders) filters.genders = chosenGenders;

  const period = params.get('period');
  const knownPeriod = qualificationPeriods.find((p) => p === period);
  if (knownPeriod) filters.period = knownPeriod;
  for (const key of SWITCHES) if (params.get(key) === 'true') filters[key] = true;
  const eligible = params.get('eligible');
  if (eligible === 'true' || eligible === 'false') filters.eligible = eligible === 'true';

  const key = applicantSortKeys.find((k) => k === params.get('sort'));
  const sort: ApplicantSort = key
    ? { key, direction: params.get('direction') === 'desc' ? 'desc' : 'asc' }
    : { ...DEFAULT_APPLICANT_SORT };

  const pageText = params.get('page') ?? '';
  const pageNumber = /^\d{1,9}$/.test(pageText) ? Number(pageText) : 1;
  const page = pageNumber >= 1 ? pageNumber : 1;

  const phase = params.get('phase');
  const view: TrackerView = { filters, sort, page, phase: phase?.trim() ? phase : null };
  const cursor = params.get('cursor');
  if (page > 1 && cursor && /^[A-Za-z0-9_-]{1,4000}$/.test(cursor)) view.cursor = cursor;
  return view;
}
