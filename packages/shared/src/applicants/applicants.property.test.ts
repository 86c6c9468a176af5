import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ethnicities, genders } from '../profile/profile.schemas.ts';
import {
  activeFilters,
  compareApplicants,
  filterApplicants,
  matchesApplicantFilters,
  sortApplicants,
} from './applicants.rules.ts';
import {
  applicantFilters,
  applicantSortKeys,
  qualificationPeriods,
  type ApplicantFilters,
  type ApplicantQualification,
  type ApplicantRow,
  type ApplicantSort,
} from './applicants.schemas.ts';
import { viewFromSearchParams, viewToSearchParams, type TrackerView } from './applicants.url.ts';

// Generated applicants and filters: filtering keeps a subsequence, is idempotent and never
// widens when a filter is added; sorting is a stable permutation that ranks eligible and complete
// applicants first and puts missing values last; a view survives the trip through the URL.

const NOW = new Date('2026-11-24T10:00:00.000Z');
const DAY = 86_400_000;
const MAX_ID = 2_147_483_647;

const smallId = fc.integer({ min: 1, max: 6 });
const dayNear = fc
  .integer({ min: -800, max: 800 })
  .map((n) => new Date(NOW.getTime() + n * DAY).toISOString().slice(0, 10));
const instant = fc
  .integer({ min: -400, max: 0 })
  .map((n) => new Date(NOW.getTime() + n * DAY).toISOString());
const grade = fc.oneof(
  fc.constantFrom(0, 50, 60, 75, 100),
  fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
);
const places = [
  { latitude: -33.9249, longitude: 18.4241 },
  { latitude: -33.9321, longitude: 18.8602 },
  { latitude: -26.2041, longitude: 28.0473 },
  { latitude: -29.8587, longitude: 31.0218 },
];

const qualification: fc.Arbitrary<ApplicantQualification> = fc.record({
  id: smallId,
  qualificationTypeId: fc.option(smallId),
  categoryId: fc.option(smallId),
  institutionId: fc.option(smallId),
  disciplineIds: fc.uniqueArray(smallId, { maxLength: 3 }),
  startsAt: fc.option(dayNear),
  endsAt: fc.option(dayNear),
  gradeNormalized: fc.option(grade),
  verifiedAt: fc.option(instant),
});

const applicant: fc.Arbitrary<ApplicantRow> = fc.record({
  id: fc.integer({ min: 1, max: 30 }),
  opportunityId: fc.constant(1),
  createdAt: instant,
  phaseId: fc.option(smallId),
  regrettedAt: fc.option(instant),
  archivedAt: fc.option(instant),
  complete: fc.boolean(),
  completion: fc.integer({ min: 0, max: 100 }),
  eligibility: fc.record({ eligible: fc.option(fc.boolean()), referredAt: fc.option(instant) }),
  applicationRating: fc.option(fc.integer({ min: 1, max: 5 })),
  unreadChats: fc.integer({ min: 0, max: 3 }),
  locations: fc.uniqueArray(smallId, { maxLength: 3 }),
  reported: fc.boolean(),
  profile: fc.record({
    candidateId: fc.integer({ min: 1, max: 1000 }),
    firstName: fc.option(fc.constantFrom('Thandi', 'sipho', 'Émile', 'Anaïs', 'Lerato')),
    lastName: fc.option(fc.constantFrom('Nkosi', 'nkosi', 'Zulu', 'Ébert', 'Ebert', 'adams', ' ')),
    avatarUrl: fc.constant(null),
    gender: fc.option(fc.constantFrom(...genders)),
    ethnicity: fc.option(fc.constantFrom(...ethnicities)),
    bornAt: fc.constant(null),
    location: fc.option(fc.constantFrom(...places)),
    assessmentAggregate: fc.option(fc.integer({ min: 0, max: 4 }).map((n) => n * 25)),
    qualifications: fc.array(qualification, { maxLength: 3 }),
  }),
});
const applicants = fc.array(applicant, { maxLength: 25 });

const filters: fc.Arbitrary<ApplicantFilters> = fc.record(
  {
    name: fc.constantFrom('', ' ', 'th', 'NKO', 'é', 'e', 'di nk', 'zulu'),
    location: fc.constantFrom('-33.9249,18.4241', '-26.2,28.05', 'nowhere', ''),
    distance: fc.constantFrom(0, 5, 40, 500, 2000),
    grade: fc.record({ min: grade, max: grade }),
    categories: fc.uniqueArray(smallId, { maxLength: 3 }),
    disciplines: fc.uniqueArray(smallId, { maxLength: 3 }),
    institutions: fc.uniqueArray(smallId, { maxLength: 3 }),
    types: fc.uniqueArray(smallId, { maxLength: 3 }),
    ethnicities: fc.uniqueArray(fc.constantFrom(...ethnicities), { maxLength: 3 }),
    genders: fc.uniqueArray(fc.constantFrom(...genders), { maxLength: 3 }),
    locations: fc.uniqueArray(smallId, { maxLength: 3 }),
    period: fc.constantFrom(...qualificationPeriods),
    multiple: fc.boolean(),
    verified: fc.boolean(),
    complete: fc.boolean(),
    referred: fc.boolean(),
    eligible: fc.boolean(),
  },
  { requiredKeys: [] },
);
const sort: fc.Arbitrary<ApplicantSort> = fc.record({
  key: fc.constantFrom(...applicantSortKeys),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
});

/** Whether `part` is `whole` with some items left out, the rest in the same order. */
function isSubsequence<T>(part: readonly T[], whole: readonly T[]): boolean {
  let i = 0;
  for (const item of whole) if (i < part.length && part[i] === item) i++;
  return i === part.length;
}

describe('filtering, for any applicants and filters', () => {
  it('keeps a subsequence of the rows, in their order', () => {
    fc.assert(
      fc.property(applicants, filters, (rows, f) => {
        expect(isSubsequence(filterApplicants(rows, f, NOW), rows)).toBe(true);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(applicants, filters, (rows, f) => {
        const once = filterApplicants(rows, f, NOW);
        expect(filterApplicants(once, f, NOW)).toEqual(once);
      }),
    );
  });

  it('keeps exactly the rows that match one by one', () => {
    fc.assert(
      fc.property(applicants, filters, (rows, f) => {
        expect(filterApplicants(rows, f, NOW)).toEqual(
          rows.filter((r) => matchesApplicantFilters(r, f, NOW)),
        );
      }),
    );
  });

  it('gives the same rows with only the active filters', () => {
    fc.assert(
      fc.property(applicants, filters, (rows, f) => {
        const active = activeFilters(f);
        expect(activeFilters(active)).toEqual(active);
        expect(filterApplicants(rows, active, NOW)).toEqual(filterApplicants(rows, f, NOW));
      }),
    );
  });

  it('never keeps more rows when a filter is added', () => {
    fc.assert(
      fc.property(applicants, filters, filters, (rows, f, more) => {
        const narrower = { ...more, ...f };
        const kept = filterApplicants(rows, f, NOW);
        expect(isSubsequence(filterApplicants(rows, narrower, NOW), kept)).toBe(true);
      }),
    );
  });

  it('keeps every row with no filters', () => {
    fc.assert(
      fc.property(applicants, (rows) => {
        expect(filterApplicants(rows, {}, NOW)).toEqual(rows);
      }),
    );
  });
});

const ranksFirst = (r: ApplicantRow) => r.eligibility.eligible === true && r.complete;
const sortValue = (r: ApplicantRow, key: ApplicantSort['key']) =>
  ({
    id: r.id,
    createdAt: r.createdAt,
    completion: r.completion,
    'profile.lastName.sort': r.profile.lastName?.trim() ? r.profile.lastName : null,
    'applicationRating.value': r.applicationRating,
    'profile.assessmentAggregate': r.profile.assessmentAggregate,
    unreadChats: r.unreadChats,
  })[key];

describe('sorting, for any applicants and sort', () => {
  it('is a permutation that leaves the input alone', () => {
    fc.assert(
      fc.property(applicants, sort, (rows, s) => {
        const copy = [...rows];
        const sorted = sortApplicants(rows, s);
        expect(rows).toEqual(copy);
        expect(sorted).toHaveLength(rows.length);
        expect(new Set(sorted)).toEqual(new Set(rows));
      }),
    );
  });

  it('is ordered by its comparator and stable for equal rows', () => {
    fc.assert(
      fc.property(applicants, sort, (rows, s) => {
        const compare = compareApplicants(s);
        const position = new Map(rows.map((r, i) => [r, i]));
        const sorted = sortApplicants(rows, s);
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1]!;
          const b = sorted[i]!;
          const order = compare(a, b);
          expect(order).toBeLessThanOrEqual(0);
          if (order === 0) expect(position.get(a)!).toBeLessThan(position.get(b)!);
        }
      }),
    );
  });

  it('puts every eligible and complete applicant ahead of the others', () => {
    fc.assert(
      fc.property(applicants, sort, (rows, s) => {
        const ranks = sortApplicants(rows, s).map(ranksFirst);
        const firstOther = ranks.indexOf(false);
        if (firstOther >= 0) expect(ranks.slice(firstOther)).not.toContain(true);
      }),
    );
  });

  it('puts missing values last within each rank, whichever the direction', () => {
    fc.assert(
      fc.property(applicants, sort, (rows, s) => {
        const sorted = sortApplicants(rows, s);
        for (const rank of [true, false]) {
          const missing = sorted
            .filter((r) => ranksFirst(r) === rank)
            .map((r) => sortValue(r, s.key) === null);
          const firstMissing = missing.indexOf(true);
          if (firstMissing >= 0) expect(missing.slice(firstMissing)).not.toContain(false);
        }
      }),
    );
  });

  it('breaks ties by id ascending', () => {
    fc.assert(
      fc.property(applicants, sort, (rows, s) => {
        const sorted = sortApplicants(rows, s);
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1]!;
          const b = sorted[i]!;
          const sameValue =
            s.key === 'profile.lastName.sort'
              ? false
              : ranksFirst(a) === ranksFirst(b) && sortValue(a, s.key) === sortValue(b, s.key);
          if (sameValue) expect(a.id).toBeLessThanOrEqual(b.id);
        }
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(applicants, sort, (rows, s) => {
        const once = sortApplicants(rows, s);
        expect(sortApplicants(once, s)).toEqual(once);
      }),
    );
  });
});

const nonBlank = (max: number) =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: max })
    .filter((s) => s.trim() === s && s.length > 0 && s.length <= max);
const anyId = fc.integer({ min: 1, max: MAX_ID });
const percent = fc.double({ min: 0, max: 100, noNaN: true }).map((x) => x + 0);

const validFilters: fc.Arbitrary<ApplicantFilters> = fc.record(
  {
    name: nonBlank(200),
    location: fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 100 })
      .filter((s) => s.length <= 100),
    distance: fc.double({ min: 0, max: 20_000, noNaN: true }).map((x) => x + 0),
    grade: fc.record({ min: percent, max: percent }).filter((g) => g.min > 0 || g.max < 100),
    categories: fc.array(anyId, { minLength: 1, maxLength: 4 }),
    disciplines: fc.array(anyId, { minLength: 1, maxLength: 4 }),
    institutions: fc.array(anyId, { minLength: 1, maxLength: 4 }),
    types: fc.array(anyId, { minLength: 1, maxLength: 4 }),
    locations: fc.array(anyId, { minLength: 1, maxLength: 4 }),
    ethnicities: fc.array(fc.constantFrom(...ethnicities), { minLength: 1, maxLength: 4 }),
    genders: fc.array(fc.constantFrom(...genders), { minLength: 1, maxLength: 4 }),
    period: fc.constantFrom(...qualificationPeriods),
    multiple: fc.constant(true),
    verified: fc.constant(true),
    complete: fc.constant(true),
    referred: fc.constant(true),
    eligible: fc.boolean(),
  },
  { requiredKeys: [] },
);
const validView: fc.Arbitrary<TrackerView> = fc.record({
  filters: validFilters,
  sort,
  page: fc.integer({ min: 1, max: 999_999_999 }),
  phase: fc.option(fc.string({ unit: 'grapheme', minLength: 1 }).filter((s) => s.trim() !== '')),
});

describe('the tracker view in the URL', () => {
  it('comes back the same after view -> params -> text -> params -> view', () => {
    fc.assert(
      fc.property(validView, (view) => {
        expect(applicantFilters.safeParse(view.filters).success).toBe(true);
        const text = viewToSearchParams(view).toString();
        expect(viewFromSearchParams(new URLSearchParams(text))).toEqual(view);
      }),
    );
  });

  it('never throws and always gives a view the schema accepts', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            'name',
            'location',
            'distance',
            'grade',
            'categories',
            'genders',
            'page',
            'sort',
            'direction',
            'phase',
            'eligible',
            'complete',
          ),
          fc.string(),
        ),
        (entries) => {
          const view = viewFromSearchParams(new URLSearchParams(entries));
          expect(applicantFilters.safeParse(view.filters).success).toBe(true);
          expect(Number.isInteger(view.page) && view.page >= 1).toBe(true);
          expect(viewFromSearchParams(viewToSearchParams(view))).toEqual(view);
        },
      ),
    );
  });
});
