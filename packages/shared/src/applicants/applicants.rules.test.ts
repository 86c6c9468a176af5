import { describe, expect, it } from 'vitest';

import { haversineMeters } from '../opportunities/distance.ts';
import {
  activeFilters,
  compareApplicants,
  filterApplicants,
  matchesApplicantFilters,
  sortApplicants,
} from './applicants.rules.ts';
import {
  DEFAULT_APPLICANT_SORT,
  type ApplicantFilters,
  type ApplicantQualification,
  type ApplicantRow,
} from './applicants.schemas.ts';

const NOW = new Date('2026-11-24T10:00:00.000Z');

function qualification(overrides: Partial<ApplicantQualification> = {}): ApplicantQualification {
  return {
    id: 1,
    qualificationTypeId: 3,
    categoryId: 4,
    institutionId: 5,
    disciplineIds: [6],
    startsAt: '2020-01-01',
    endsAt: '2023-12-01',
    gradeNormalized: 70,
    verifiedAt: null,
    ...overrides,
  };
}

type RowOverrides = Partial<Omit<ApplicantRow, 'profile' | 'eligibility'>> & {
  profile?: Partial<ApplicantRow['profile']>;
  eligibility?: Partial<ApplicantRow['eligibility']>;
};

function row(overrides: RowOverrides = {}): ApplicantRow {
  const { profile, eligibility, ...rest } = overrides;
  return {
    id: 1,
    opportunityId: 1,
    createdAt: '2026-11-01T08:00:00.000Z',
    phaseId: null,
    regrettedAt: null,
    archivedAt: null,
    complete: false,
    completion: 50,
    applicationRating: null,
    unreadChats: 0,
    locations: [],
    reported: false,
    ...rest,
    eligibility: { eligible: null, referredAt: null, ...eligibility },
    profile: {
      candidateId: 1,
      firstName: 'Thandi',
      lastName: 'Nkosi',
      avatarUrl: null,
      gender: null,
      ethnicity: null,
      bornAt: null,
      location: null,
      assessmentAggregate: null,
      qualifications: [],
      ...profile,
    },
  };
}

const matches = (r: ApplicantRow, filters: ApplicantFilters) =>
  matchesApplicantFilters(r, filters, NOW);
const withQualification = (q: Partial<ApplicantQualification>) =>
  row({ profile: { qualifications: [qualification(q)] } });

describe('activeFilters', () => {
  it('keeps nothing of empty or default filters', () => {
    expect(activeFilters({})).toEqual({});
    expect(
      activeFilters({
        name: '   ',
        categories: [],
        disciplines: [],
        institutions: [],
        types: [],
        ethnicities: [],
        genders: [],
        locations: [],
        grade: { min: 0, max: 100 },
        complete: false,
        referred: false,
        multiple: false,
        verified: false,
      }),
    ).toEqual({});
  });

  it('drops complete and referred when false and keeps them when true', () => {
    expect(activeFilters({ complete: false, referred: true })).toEqual({ referred: true });
    expect(activeFilters({ complete: true, referred: false })).toEqual({ complete: true });
  });

  it('keeps eligible whether true or false', () => {
    expect(activeFilters({ eligible: false })).toEqual({ eligible: false });
    expect(activeFilters({ eligible: true })).toEqual({ eligible: true });
  });

  it('trims the name', () => {
    expect(activeFilters({ name: '  Nko ' })).toEqual({ name: 'Nko' });
  });

  it('keeps the distance only with a valid location and a distance above 0', () => {
    expect(activeFilters({ location: '-33.9,18.4', distance: 10 })).toEqual({
      location: '-33.9,18.4',
      distance: 10,
    });
    expect(activeFilters({ location: '-33.9,18.4', distance: 0 })).toEqual({});
    expect(activeFilters({ location: '-33.9,18.4' })).toEqual({});
    expect(activeFilters({ distance: 10 })).toEqual({});
    expect(activeFilters({ location: 'Cape Town', distance: 10 })).toEqual({});
    expect(activeFilters({ location: '-33.9', distance: 10 })).toEqual({});
    expect(activeFilters({ location: '-33.9,18.4,2', distance: 10 })).toEqual({});
    expect(activeFilters({ location: ',18.4', distance: 10 })).toEqual({});
    expect(activeFilters({ location: '91,18.4', distance: 10 })).toEqual({});
    expect(activeFilters({ location: '-33.9,181', distance: 10 })).toEqual({});
    expect(activeFilters({ location: ' -33.9 , 18.4 ', distance: 5 })).toEqual({
      location: ' -33.9 , 18.4 ',
      distance: 5,
    });
  });

  it('keeps the grade when the lower bound is above 0 or the upper below 100', () => {
    expect(activeFilters({ grade: { min: 0, max: 100 } })).toEqual({});
    expect(activeFilters({ grade: { min: 0.5, max: 100 } })).toEqual({
      grade: { min: 0.5, max: 100 },
    });
    expect(activeFilters({ grade: { min: 0, max: 99 } })).toEqual({ grade: { min: 0, max: 99 } });
  });

  it('keeps lists that have items, period, multiple and verified', () => {
    const filters: ApplicantFilters = {
      categories: [1],
      disciplines: [2],
      institutions: [3],
      types: [4],
      ethnicities: ['indian'],
      genders: ['female'],
      locations: [7],
      period: 'current',
      multiple: true,
      verified: true,
    };
    expect(activeFilters(filters)).toEqual(filters);
  });

  it('does not change the filters it is given', () => {
    const filters: ApplicantFilters = { name: ' a ', categories: [], complete: false };
    activeFilters(filters);
    expect(filters).toEqual({ name: ' a ', categories: [], complete: false });
  });
});

describe('the name filter', () => {
  const thandi = row({ profile: { firstName: 'Thandi', lastName: 'Nkosi' } });

  it('matches a case-insensitive substring of the first or the last name', () => {
    expect(matches(thandi, { name: 'than' })).toBe(true);
    expect(matches(thandi, { name: 'NKO' })).toBe(true);
    expect(matches(thandi, { name: 'osi' })).toBe(true);
    expect(matches(thandi, { name: 'zulu' })).toBe(false);
  });

  it('matches "first last" across the space', () => {
    expect(matches(thandi, { name: 'thandi nkosi' })).toBe(true);
    expect(matches(thandi, { name: 'di nk' })).toBe(true);
    expect(matches(thandi, { name: 'nkosi thandi' })).toBe(false);
  });

  it('filters nothing when blank and ignores surrounding spaces', () => {
    expect(matches(thandi, { name: '' })).toBe(true);
    expect(matches(thandi, { name: '  ' })).toBe(true);
    expect(matches(thandi, { name: '  nkosi ' })).toBe(true);
  });

  it('excludes a profile without names when active', () => {
    const nameless = row({ profile: { firstName: null, lastName: null } });
    expect(matches(nameless, { name: 'a' })).toBe(false);
    expect(matches(nameless, {})).toBe(true);
  });
});

describe('the distance filter', () => {
  const capeTown = { latitude: -33.9249, longitude: 18.4241 };
  const stellenbosch = { latitude: -33.9321, longitude: 18.8602 };
  const km = haversineMeters(capeTown, stellenbosch) / 1000;
  const centre = `${capeTown.latitude},${capeTown.longitude}`;
  const near = row({ profile: { location: stellenbosch } });

  it('measures about 40 km from Cape Town to Stellenbosch on a 6371 km sphere', () => {
    expect(km).toBeGreaterThan(39.5);
    expect(km).toBeLessThan(41);
  });

  it('keeps a profile at or within the distance and drops one farther', () => {
    expect(matches(near, { location: centre, distance: km })).toBe(true);
    expect(matches(near, { location: centre, distance: km + 0.001 })).toBe(true);
    expect(matches(near, { location: centre, distance: km - 0.001 })).toBe(false);
    expect(matches(near, { location: centre, distance: 5 })).toBe(false);
  });

  it('keeps the centre itself', () => {
    const here = row({ profile: { location: capeTown } });
    expect(matches(here, { location: centre, distance: 0.001 })).toBe(true);
  });

  it('excludes a profile without a location when active', () => {
    const nowhere = row({ profile: { location: null } });
    expect(matches(nowhere, { location: centre, distance: 20_000 })).toBe(false);
  });

  it('filters nothing without a valid location or with distance 0', () => {
    const nowhere = row({ profile: { location: null } });
    expect(matches(nowhere, { location: centre, distance: 0 })).toBe(true);
    expect(matches(nowhere, { location: 'somewhere', distance: 10 })).toBe(true);
    expect(matches(nowhere, { distance: 10 })).toBe(true);
  });

  it('measures across the antimeridian the short way', () => {
    const fiji = row({ profile: { location: { latitude: -17, longitude: 179.9 } } });
    expect(matches(fiji, { location: '-17,-179.9', distance: 25 })).toBe(true);
  });
});

describe('the grade filter', () => {
  const graded = (g: number | null) => withQualification({ gradeNormalized: g });

  it('excludes a grade at the lower bound and keeps one just above', () => {
    expect(matches(graded(50), { grade: { min: 50, max: 100 } })).toBe(false);
    expect(matches(graded(50.01), { grade: { min: 50, max: 100 } })).toBe(true);
  });

  it('keeps a grade at the upper bound and excludes one above', () => {
    expect(matches(graded(80), { grade: { min: 10, max: 80 } })).toBe(true);
    expect(matches(graded(80.01), { grade: { min: 10, max: 80 } })).toBe(false);
  });

  it('is inactive at 0-100, so even a grade of 0 or none passes', () => {
    expect(matches(graded(0), { grade: { min: 0, max: 100 } })).toBe(true);
    expect(matches(graded(null), { grade: { min: 0, max: 100 } })).toBe(true);
    expect(matches(row(), { grade: { min: 0, max: 100 } })).toBe(true);
  });

  it('excludes 0 with a lower bound of 0 once the upper bound makes it active', () => {
    expect(matches(graded(0), { grade: { min: 0, max: 90 } })).toBe(false);
    expect(matches(graded(1), { grade: { min: 0, max: 90 } })).toBe(true);
  });

  it('excludes a missing grade and an applicant without qualifications when active', () => {
    expect(matches(graded(null), { grade: { min: 10, max: 100 } })).toBe(false);
    expect(matches(row(), { grade: { min: 10, max: 100 } })).toBe(false);
  });

  it('keeps an applicant when any one qualification is in range', () => {
    const two = row({
      profile: {
        qualifications: [
          qualification({ id: 1, gradeNormalized: 40 }),
          qualification({ id: 2, gradeNormalized: 75 }),
        ],
      },
    });
    expect(matches(two, { grade: { min: 70, max: 100 } })).toBe(true);
    expect(matches(two, { grade: { min: 80, max: 100 } })).toBe(false);
  });

  it('matches nothing with the bounds the wrong way round', () => {
    expect(matches(graded(60), { grade: { min: 70, max: 50 } })).toBe(false);
  });
});

describe('the qualification list filters', () => {
  const q = withQualification({
    institutionId: 5,
    categoryId: 4,
    qualificationTypeId: 3,
    disciplineIds: [6, 7],
  });

  it('keeps members of the institutions, categories and types lists', () => {
    expect(matches(q, { institutions: [1, 5] })).toBe(true);
    expect(matches(q, { institutions: [1] })).toBe(false);
    expect(matches(q, { categories: [4] })).toBe(true);
    expect(matches(q, { categories: [5] })).toBe(false);
    expect(matches(q, { types: [3, 9] })).toBe(true);
    expect(matches(q, { types: [9] })).toBe(false);
  });

  it('keeps a qualification with any of the chosen disciplines', () => {
    expect(matches(q, { disciplines: [7] })).toBe(true);
    expect(matches(q, { disciplines: [8, 6] })).toBe(true);
    expect(matches(q, { disciplines: [8] })).toBe(false);
    expect(matches(withQualification({ disciplineIds: [] }), { disciplines: [6] })).toBe(false);
  });

  it('excludes a missing institution, category or type when the list is active', () => {
    const bare = withQualification({
      institutionId: null,
      categoryId: null,
      qualificationTypeId: null,
    });
    expect(matches(bare, { institutions: [5] })).toBe(false);
    expect(matches(bare, { categories: [4] })).toBe(false);
    expect(matches(bare, { types: [3] })).toBe(false);
  });

  it('filters nothing with empty lists', () => {
    expect(matches(row(), { institutions: [], categories: [], types: [], disciplines: [] })).toBe(
      true,
    );
  });

  it('excludes an applicant without qualifications when a list is active', () => {
    expect(matches(row(), { institutions: [5] })).toBe(false);
  });

  it('needs ONE qualification to match every qualification filter together', () => {
    const split = row({
      profile: {
        qualifications: [
          qualification({ id: 1, institutionId: 5, gradeNormalized: 40 }),
          qualification({ id: 2, institutionId: 9, gradeNormalized: 90 }),
        ],
      },
    });
    expect(matches(split, { institutions: [5], grade: { min: 80, max: 100 } })).toBe(false);
    expect(matches(split, { institutions: [9], grade: { min: 80, max: 100 } })).toBe(true);
    expect(matches(split, { institutions: [5], grade: { min: 30, max: 100 } })).toBe(true);
  });
});

describe('the period and verified filters', () => {
  it('calls a qualification that ended before today completed', () => {
    expect(matches(withQualification({ endsAt: '2026-11-23' }), { period: 'completed' })).toBe(
      true,
    );
    expect(matches(withQualification({ endsAt: '2026-11-24' }), { period: 'completed' })).toBe(
      false,
    );
    expect(matches(withQualification({ endsAt: '2027-01-01' }), { period: 'completed' })).toBe(
      false,
    );
    expect(matches(withQualification({ endsAt: null }), { period: 'completed' })).toBe(false);
  });

  it('calls one started by today and not yet ended (or without an end) current', () => {
    const current = (startsAt: string | null, endsAt: string | null) =>
      matches(withQualification({ startsAt, endsAt }), { period: 'current' });
    expect(current('2026-11-24', null)).toBe(true);
    expect(current('2024-02-01', '2026-11-24')).toBe(true);
    expect(current('2024-02-01', '2027-12-01')).toBe(true);
    expect(current('2024-02-01', '2026-11-23')).toBe(false);
    expect(current('2026-11-25', null)).toBe(false);
    expect(current(null, null)).toBe(false);
  });

  it('calls one starting after today intended', () => {
    expect(
      matches(withQualification({ startsAt: '2026-11-25', endsAt: null }), { period: 'intended' }),
    ).toBe(true);
    expect(
      matches(withQualification({ startsAt: '2026-11-24', endsAt: null }), { period: 'intended' }),
    ).toBe(false);
    expect(
      matches(withQualification({ startsAt: null, endsAt: null }), { period: 'intended' }),
    ).toBe(false);
  });

  it('puts a qualification with a start in exactly one period', () => {
    for (const [startsAt, endsAt] of [
      ['2020-01-01', '2026-11-23'],
      ['2020-01-01', '2026-11-24'],
      ['2026-11-24', null],
      ['2026-11-25', '2027-11-25'],
    ] as const) {
      const r = withQualification({ startsAt, endsAt });
      const periods = (['completed', 'current', 'intended'] as const).filter((period) =>
        matches(r, { period }),
      );
      expect(periods).toHaveLength(1);
    }
  });

  it('reads the day of a stored timestamp', () => {
    expect(
      matches(withQualification({ endsAt: '2026-11-23T23:30:00Z' }), { period: 'completed' }),
    ).toBe(true);
  });

  it('needs verifiedAt for verified, and filters nothing when verified is false', () => {
    const verified = withQualification({ verifiedAt: '2026-01-01T00:00:00.000Z' });
    const unverified = withQualification({ verifiedAt: null });
    expect(matches(verified, { verified: true })).toBe(true);
    expect(matches(unverified, { verified: true })).toBe(false);
    expect(matches(unverified, { verified: false })).toBe(true);
  });

  it('combines period and verified on the same qualification', () => {
    const r = row({
      profile: {
        qualifications: [
          qualification({ id: 1, endsAt: '2020-01-01', verifiedAt: null }),
          qualification({
            id: 2,
            startsAt: '2027-01-01',
            endsAt: null,
            verifiedAt: '2026-01-01T00:00:00Z',
          }),
        ],
      },
    });
    expect(matches(r, { period: 'completed', verified: true })).toBe(false);
    expect(matches(r, { period: 'intended', verified: true })).toBe(true);
  });
});

describe('multiple qualifications', () => {
  const r = row({
    profile: {
      qualifications: [
        qualification({ id: 1, institutionId: 5 }),
        qualification({ id: 2, institutionId: 5 }),
        qualification({ id: 3, institutionId: 8 }),
      ],
    },
  });

  it('needs more than one qualification matching the qualification filters', () => {
    expect(matches(r, { institutions: [5], multiple: true })).toBe(true);
    expect(matches(r, { institutions: [8], multiple: true })).toBe(false);
    expect(matches(r, { institutions: [8] })).toBe(true);
  });

  it('alone, needs more than one qualification', () => {
    expect(matches(r, { multiple: true })).toBe(true);
    expect(matches(withQualification({}), { multiple: true })).toBe(false);
    expect(matches(row(), { multiple: true })).toBe(false);
  });

  it('filters nothing when false', () => {
    expect(matches(row(), { multiple: false })).toBe(true);
  });
});

describe('the profile and application filters', () => {
  it('keeps members of the ethnicities and genders lists, and no one without a value', () => {
    const r = row({ profile: { gender: 'female', ethnicity: 'coloured' } });
    expect(matches(r, { genders: ['female', 'male'] })).toBe(true);
    expect(matches(r, { genders: ['male'] })).toBe(false);
    expect(matches(r, { ethnicities: ['coloured'] })).toBe(true);
    expect(matches(r, { ethnicities: ['white'] })).toBe(false);
    expect(matches(row(), { genders: ['female'] })).toBe(false);
    expect(matches(row(), { ethnicities: ['african'] })).toBe(false);
    expect(matches(row(), { genders: [], ethnicities: [] })).toBe(true);
  });

  it('keeps an applicant who chose any of the opportunity locations', () => {
    const r = row({ locations: [3, 4] });
    expect(matches(r, { locations: [4, 9] })).toBe(true);
    expect(matches(r, { locations: [9] })).toBe(false);
    expect(matches(row({ locations: [] }), { locations: [9] })).toBe(false);
  });

  it('keeps complete profiles when complete is true, everyone when false', () => {
    expect(matches(row({ complete: true }), { complete: true })).toBe(true);
    expect(matches(row({ complete: false }), { complete: true })).toBe(false);
    expect(matches(row({ complete: false }), { complete: false })).toBe(true);
  });

  it('keeps referred applicants when referred is true, everyone when false', () => {
    const referred = row({ eligibility: { referredAt: '2026-11-01T00:00:00.000Z' } });
    expect(matches(referred, { referred: true })).toBe(true);
    expect(matches(row(), { referred: true })).toBe(false);
    expect(matches(row(), { referred: false })).toBe(true);
  });

  it('matches eligible to eligibility.eligible exactly; unchecked matches neither', () => {
    expect(matches(row({ eligibility: { eligible: true } }), { eligible: true })).toBe(true);
    expect(matches(row({ eligibility: { eligible: false } }), { eligible: true })).toBe(false);
    expect(matches(row({ eligibility: { eligible: false } }), { eligible: false })).toBe(true);
    expect(matches(row({ eligibility: { eligible: null } }), { eligible: true })).toBe(false);
    expect(matches(row({ eligibility: { eligible: null } }), { eligible: false })).toBe(false);
  });

  it('needs every active filter at once', () => {
    const r = row({ complete: true, profile: { gender: 'male', firstName: 'Sipho' } });
    expect(matches(r, { complete: true, genders: ['male'], name: 'sip' })).toBe(true);
    expect(matches(r, { complete: true, genders: ['male'], name: 'thabo' })).toBe(false);
  });
});

describe('filterApplicants', () => {
  it('keeps the matching rows in their order and leaves the input alone', () => {
    const rows = [
      row({ id: 3, complete: true }),
      row({ id: 1, complete: false }),
      row({ id: 2, complete: true }),
    ];
    const kept = filterApplicants(rows, { complete: true }, NOW);
    expect(kept.map((r) => r.id)).toEqual([3, 2]);
    expect(rows.map((r) => r.id)).toEqual([3, 1, 2]);
  });

  it('returns every row for no filters, as a new array', () => {
    const rows = [row({ id: 1 }), row({ id: 2 })];
    const kept = filterApplicants(rows, {}, NOW);
    expect(kept).toEqual(rows);
    expect(kept).not.toBe(rows);
  });
});

describe('ranking and sorting', () => {
  const ids = (rows: ApplicantRow[]) => rows.map((r) => r.id);
  const ranked = (id: number, more: RowOverrides = {}) =>
    row({ id, complete: true, ...more, eligibility: { eligible: true } });

  it('puts eligible and complete applicants first, then createdAt ascending by default', () => {
    const rows = [
      row({ id: 1, createdAt: '2026-01-01T00:00:00Z' }),
      ranked(2, { createdAt: '2026-03-01T00:00:00Z' }),
      row({ id: 3, complete: true, createdAt: '2025-01-01T00:00:00Z' }),
      row({ id: 4, eligibility: { eligible: true }, createdAt: '2025-06-01T00:00:00Z' }),
      ranked(5, { createdAt: '2026-02-01T00:00:00Z' }),
    ];
    expect(ids(sortApplicants(rows, DEFAULT_APPLICANT_SORT))).toEqual([5, 2, 3, 4, 1]);
  });

  it('keeps the ranking when sorting descending', () => {
    const rows = [row({ id: 1, completion: 100 }), ranked(2, { completion: 10 })];
    expect(ids(sortApplicants(rows, { key: 'completion', direction: 'desc' }))).toEqual([2, 1]);
  });

  it('compares createdAt as instants, whatever the offset', () => {
    const rows = [
      row({ id: 1, createdAt: '2026-01-01T10:00:00+02:00' }),
      row({ id: 2, createdAt: '2026-01-01T09:00:00Z' }),
    ];
    expect(ids(sortApplicants(rows, DEFAULT_APPLICANT_SORT))).toEqual([1, 2]);
  });

  it('sorts numbers both ways with id ascending as the tie-break', () => {
    const rows = [
      row({ id: 4, unreadChats: 2 }),
      row({ id: 2, unreadChats: 5 }),
      row({ id: 3, unreadChats: 2 }),
      row({ id: 1, unreadChats: 0 }),
    ];
    expect(ids(sortApplicants(rows, { key: 'unreadChats', direction: 'asc' }))).toEqual([
      1, 3, 4, 2,
    ]);
    expect(ids(sortApplicants(rows, { key: 'unreadChats', direction: 'desc' }))).toEqual([
      2, 3, 4, 1,
    ]);
  });

  it('sorts by id', () => {
    const rows = [row({ id: 2 }), row({ id: 9 }), row({ id: 1 })];
    expect(ids(sortApplicants(rows, { key: 'id', direction: 'desc' }))).toEqual([9, 2, 1]);
    expect(ids(sortApplicants(rows, { key: 'id', direction: 'asc' }))).toEqual([1, 2, 9]);
  });

  it('puts missing ratings and aggregates last in either direction', () => {
    const rows = [
      row({ id: 1, applicationRating: null, profile: { assessmentAggregate: 50 } }),
      row({ id: 2, applicationRating: 3, profile: { assessmentAggregate: null } }),
      row({ id: 3, applicationRating: 5, profile: { assessmentAggregate: 70 } }),
    ];
    expect(ids(sortApplicants(rows, { key: 'applicationRating.value', direction: 'asc' }))).toEqual(
      [2, 3, 1],
    );
    expect(
      ids(sortApplicants(rows, { key: 'applicationRating.value', direction: 'desc' })),
    ).toEqual([3, 2, 1]);
    expect(
      ids(sortApplicants(rows, { key: 'profile.assessmentAggregate', direction: 'asc' })),
    ).toEqual([1, 3, 2]);
    expect(
      ids(sortApplicants(rows, { key: 'profile.assessmentAggregate', direction: 'desc' })),
    ).toEqual([3, 1, 2]);
  });

  it('sorts last names ignoring case and accents, missing ones last', () => {
    const rows = [
      row({ id: 1, profile: { lastName: 'zulu' } }),
      row({ id: 2, profile: { lastName: 'Émile' } }),
      row({ id: 3, profile: { lastName: null } }),
      row({ id: 4, profile: { lastName: 'adams' } }),
      row({ id: 5, profile: { lastName: 'Botha' } }),
      row({ id: 6, profile: { lastName: '  ' } }),
    ];
    const sort = { key: 'profile.lastName.sort', direction: 'asc' } as const;
    expect(ids(sortApplicants(rows, sort))).toEqual([4, 5, 2, 1, 3, 6]);
    expect(ids(sortApplicants(rows, { ...sort, direction: 'desc' }))).toEqual([1, 2, 5, 4, 3, 6]);
  });

  it('treats names equal but for case and accents as equal, then orders by id', () => {
    const rows = [
      row({ id: 3, profile: { lastName: 'Müller' } }),
      row({ id: 1, profile: { lastName: 'muller' } }),
      row({ id: 2, profile: { lastName: 'MULLER' } }),
    ];
    expect(ids(sortApplicants(rows, { key: 'profile.lastName.sort', direction: 'desc' }))).toEqual([
      1, 2, 3,
    ]);
  });

  it('gives a comparator that says 0 only for the same id', () => {
    const compare = compareApplicants(DEFAULT_APPLICANT_SORT);
    expect(compare(row({ id: 1 }), row({ id: 1 }))).toBe(0);
    expect(compare(row({ id: 1 }), row({ id: 2 }))).toBeLessThan(0);
  });

  it('leaves the input order alone', () => {
    const rows = [row({ id: 2 }), row({ id: 1 })];
    sortApplicants(rows, { key: 'id', direction: 'asc' });
    expect(ids(rows)).toEqual([2, 1]);
  });
});
