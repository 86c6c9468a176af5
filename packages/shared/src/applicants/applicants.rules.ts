import { haversineMeters, type Coordinates } from '../opportunities/distance.ts';
import type {
  ApplicantFilters,
  ApplicantQualification,
  ApplicantRow,
  ApplicantSort,
  ApplicantSortKey,
} from './applicants.schemas.ts';

// The tracker's filter and sort rules. The browser filters and sorts the loaded rows of a small
// workspace with them; for a large one the database applies their SQL twins (the API's
// `applicants.sql.ts`, each named after its rule here), which a property test holds equal to
// them on random applicants, filters and sorts.
//
// Filters:
// - An absent filter filters nothing, and so does an empty list or a blank name.
// - complete, referred, multiple and verified are dropped when false.
// - name: a case-insensitive substring of the first name, the last name or "first last".
// - distance: active only with a location 'latitude,longitude' of valid coordinates and a
//   distance above 0. It excludes profiles without a location and those farther than the
//   distance in km, by great-circle distance on a sphere of radius 6371 km; a profile exactly at
//   the distance is kept.
// - grade: active only when min > 0 or max < 100. It keeps a normalised grade g when
//   min < g <= max: a value at or below the lower bound, above the upper bound or missing is out.
// - The qualification filters (grade, institutions, categories, types, disciplines, period,
//   verified) apply to ONE qualification together: an applicant matches when at least one of
//   its qualifications matches every active qualification filter. With `multiple`, more than one
//   qualification must match (with no other qualification filter: more than one qualification).
// - period compares the qualification's days with today's date (UTC): completed = ends before
//   today; current = started today or earlier and ends today or later (or has no end);
//   intended = starts after today. verified = verifiedAt is set.
// - institutions, categories, types, disciplines (any of the qualification's), ethnicities,
//   genders and locations (any opportunity location the candidate chose): membership.
// - complete: the profile is complete; referred: the eligibility has referredAt;
//   eligible: eligibility.eligible equals the value (an unchecked eligibility matches neither).
//
// Ranking: eligible AND complete applicants come ahead of the others; then the chosen sort
// (default createdAt ascending); then id ascending as the tie-break. A missing value sorts last
// whichever the direction. Last names compare ignoring case and accents.

/** The coordinates in 'latitude,longitude', or null when it is not two valid coordinates. */
export function parseCoordinates(location: string | undefined): Coordinates | null {
  if (location === undefined) return null;
  const parts = location.split(',');
  if (parts.length !== 2) return null;
  const [lat, lon] = parts.map((part) => part.trim());
  if (!lat || !lon) return null;
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The filters with every inactive part dropped; what is left filters something. */
export function activeFilters(filters: ApplicantFilters): ApplicantFilters {
  const active: ApplicantFilters = {};
  const name = filters.name?.trim();
  if (name) active.name = name;
  if (
    filters.distance !== undefined &&
    filters.distance > 0 &&
    parseCoordinates(filters.location) !== null
  ) {
    active.location = filters.location;
    active.distance = filters.distance;
  }
  if (filters.grade && (filters.grade.min > 0 || filters.grade.max < 100)) {
    active.grade = { min: filters.grade.min, max: filters.grade.max };
  }
  for (const key of [
    'categories',
    'disciplines',
    'institutions',
    'types',
    'ethnicities',
    'genders',
    'locations',
  ] as const) {
    const list = filters[key];
    if (list && list.length > 0) (active as Record<string, unknown>)[key] = [...list];
  }
  if (filters.period) active.period = filters.period;
  if (filters.multiple) active.multiple = true;
  if (filters.verified) active.verified = true;
  if (filters.complete) active.complete = true;
  if (filters.referred) active.referred = true;
  if (filters.eligible !== undefined) active.eligible = filters.eligible;
  return active;
}

type Test<T> = (value: T) => boolean;

/** The UTC day of an instant, 'YYYY-MM-DD'. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);
/** The day part of a stored date ('YYYY-MM-DD' or a timestamp). */
const dayOf = (value: string) => value.slice(0, 10);

function qualificationTest(
  filters: ApplicantFilters,
  now: Date,
): Test<ApplicantQualification> | null {
  const tests: Test<ApplicantQualification>[] = [];
  const { grade, institutions, categories, types, disciplines, period, verified } = filters;
  if (grade) {
    const { min, max } = grade;
    tests.push(
      (q) => q.gradeNormalized !== null && q.gradeNormalized > min && q.gradeNormalized <= max,
    );
  }
  if (institutions) {
    const set = new Set(institutions);
    tests.push((q) => q.institutionId !== null && set.has(q.institutionId));
  }
  if (categories) {
    const set = new Set(categories);
    tests.push((q) => q.categoryId !== null && set.has(q.categoryId));
  }
  if (types) {
    const set = new Set(types);
    tests.push((q) => q.qualificationTypeId !== null && set.has(q.qualificationTypeId));
  }
  if (disciplines) {
    const set = new Set(disciplines);
    tests.push((q) => q.disciplineIds.some((d) => set.has(d)));
  }
  if (period) {
    const today = utcDay(now);
    if (period === 'completed') {
      tests.push((q) => q.endsAt !== null && dayOf(q.endsAt) < today);
    } else if (period === 'current') {
      tests.push(
        (q) =>
          q.startsAt !== null &&
          dayOf(q.startsAt) <= today &&
          (q.endsAt === null || dayOf(q.endsAt) >= today),
      );
    } else {
      tests.push((q) => q.startsAt !== null && dayOf(q.startsAt) > today);
    }
  }
  if (verified) tests.push((q) => q.verifiedAt !== null);
  if (tests.length === 0) return null;
  return (q) => tests.every((test) => test(q));
}

/** One predicate for the active filters, built once for a whole list of rows. */
function applicantTest(filters: ApplicantFilters, now: Date): Test<ApplicantRow> {
  const active = activeFilters(filters);
  const tests: Test<ApplicantRow>[] = [];

  if (active.name) {
    const needle = active.name.toLowerCase();
    tests.push(({ profile: { firstName, lastName } }) => {
      const first = (firstName ?? '').toLowerCase();
      const last = (lastName ?? '').toLowerCase();
      return first.includes(needle) || last.includes(needle) || `${first} ${last}`.includes(needle);
    });
  }
  const centre = parseCoordinates(active.location);
  if (centre && active.distance !== undefined) {
    const meters = active.distance * 1000;
    tests.push(
      ({ profile: { location } }) =>
        location !== null && haversineMeters(centre, location) <= meters,
    );
  }
  if (active.ethnicities) {
    const set = new Set<string>(active.ethnicities);
    tests.push(({ profile: { ethnicity } }) => ethnicity !== null && set.has(ethnicity));
  }
  if (active.genders) {
    const set = new Set<string>(active.genders);
    tests.push(({ profile: { gender } }) => gender !== null && set.has(gender));
  }
  if (active.locations) {
    const set = new Set(active.locations);
    tests.push((row) => row.locations.some((l) => set.has(l)));
  }
  if (active.complete) tests.push((row) => row.complete);
  if (active.referred) tests.push((row) => row.eligibility.referredAt !== null);
  if (active.eligible !== undefined) {
    const wanted = active.eligible;
    tests.push((row) => row.eligibility.eligible === wanted);
  }

  const qualification = qualificationTest(active, now);
  if (active.multiple) {
    const matches = qualification ?? (() => true);
    tests.push((row) => {
      let count = 0;
      for (const q of row.profile.qualifications) {
        if (matches(q) && ++count > 1) return true;
      }
      return false;
    });
  } else if (qualification) {
    tests.push((row) => row.profile.qualifications.some(qualification));
  }

  return (row) => tests.every((test) => test(row));
}

/** Whether one applicant passes the filters. */
export function matchesApplicantFilters(
  row: ApplicantRow,
  filters: ApplicantFilters,
  now: Date,
): boolean {
  return applicantTest(filters, now)(row);
}

/** The rows that pass the filters, in their order. */
export function filterApplicants(
  rows: readonly ApplicantRow[],
  filters: ApplicantFilters,
  now: Date,
): ApplicantRow[] {
  const test = applicantTest(filters, now);
  return rows.filter(test);
}

const lastNames = new Intl.Collator('en', { sensitivity: 'base' });

/** The value a row sorts by under each key; null sorts last. */
export const sortValue: Record<ApplicantSortKey, (row: ApplicantRow) => number | string | null> = {
  id: (row) => row.id,
  createdAt: (row) => Date.parse(row.createdAt),
  completion: (row) => row.completion,
  'profile.lastName.sort': (row) => {
    const name = row.profile.lastName?.trim();
    return name ? name : null;
  },
  'applicationRating.value': (row) => row.applicationRating,
  'profile.assessmentAggregate': (row) => row.profile.assessmentAggregate,
  unreadChats: (row) => row.unreadChats,
};

/** Whether a row ranks ahead of the others: eligible with a complete profile. */
export const ranksFirst = (row: ApplicantRow) => row.eligibility.eligible === true && row.complete;

/** The tracker's order: eligible and complete first, then the sort, then id ascending. */
export function compareApplicants(
  sort: ApplicantSort,
): (a: ApplicantRow, b: ApplicantRow) => number {
  const value = sortValue[sort.key];
  const sign = sort.direction === 'desc' ? -1 : 1;
  const compareValues =
    sort.key === 'profile.lastName.sort'
      ? (x: number | string, y: number | string) => lastNames.compare(String(x), String(y))
      : (x: number | string, y: number | string) => (x < y ? -1 : x > y ? 1 : 0);
  return (a, b) => {
    const rank = Number(ranksFirst(b)) - Number(ranksFirst(a));
    if (rank !== 0) return rank;
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else {
      const order = compareValues(x, y);
      if (order !== 0) return sign * order;
    }
    return a.id - b.id;
  };
}

/** A sorted copy of the rows; equal rows keep their order. */
export function sortApplicants(rows: readonly ApplicantRow[], sort: ApplicantSort): ApplicantRow[] {
  return [...rows].sort(compareApplicants(sort));
}
