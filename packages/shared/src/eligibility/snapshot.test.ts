import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  qualificationNeed,
  describeCriterion,
  formatNumber,
  joinWords,
  kilometres,
  withArticle,
  years,
} from './describe.ts';
import { criterion } from './criteria.ts';
import { ageOn, distanceKm, experienceYears, languageLevelOf } from './snapshot.ts';

const point = fc.record({
  latitude: fc.double({ min: -89, max: 89, noNaN: true }),
  longitude: fc.double({ min: -179, max: 179, noNaN: true }),
});

describe('distanceKm', () => {
  it('uses an earth radius of 6371 km', () => {
    // A quarter of a meridian: pi/2 * 6371.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (Math.PI / 2) * 6371,
      6,
    );
    // Half the equator.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 6371,
      6,
    );
    // Cape Town to Sandton: about 1269 km on this sphere.
    expect(
      distanceKm(
        { latitude: -33.9588, longitude: 18.4719 },
        { latitude: -26.1076, longitude: 28.0567 },
      ),
    ).toBeCloseTo(1268.99, 1);
  });

  it('is a metric: zero to itself, symmetric, at most half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(distanceKm(a, a)).toBeCloseTo(0, 9);
        expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
        expect(distanceKm(a, b)).toBeLessThanOrEqual(Math.PI * 6371 + 1e-6);
      }),
    );
  });
});

describe('ageOn', () => {
  it.each([
    ['2005-03-14', '2026-03-13', 20],
    ['2005-03-14', '2026-03-14', 21],
    ['2004-02-29', '2026-02-28', 21],
    ['2004-02-29', '2026-03-01', 22],
    ['2026-11-20', '2026-11-20', 0],
  ])('born %s is on %s %d years old', (bornAt, today, age) => {
    expect(ageOn(bornAt, today)).toBe(age);
  });
});

describe('experienceYears', () => {
  const today = '2026-11-20';
  it('merges overlapping periods and counts open ones to today', () => {
    expect(
      experienceYears(
        [
          { kind: 'work', startsAt: '2024-11-20', endsAt: '2025-11-20', current: false },
          { kind: 'work', startsAt: '2025-05-20', endsAt: null, current: true },
        ],
        today,
      ),
    ).toBeCloseTo(730 / 365.25, 6);
  });

  it('filters by kind, ignores periods without a start and stops at today', () => {
    const periods = [
      { kind: 'work' as const, startsAt: '2025-11-20', endsAt: '2030-01-01', current: false },
      {
        kind: 'volunteering' as const,
        startsAt: '2020-01-01',
        endsAt: '2021-01-01',
        current: false,
      },
      { kind: 'work' as const, startsAt: null, endsAt: '2026-01-01', current: false },
    ];
    expect(experienceYears(periods, today, 'work')).toBeCloseTo(365 / 365.25, 6);
    expect(experienceYears(periods, today, 'volunteering')).toBeCloseTo(366 / 365.25, 6);
    expect(experienceYears([], today)).toBe(0);
  });

  it('never counts more than the span from the first start to today', () => {
    const day = fc
      .integer({ min: 0, max: 4000 })
      .map((n) => new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const period = fc.record({
      kind: fc.constantFrom('work' as const, 'volunteering' as const),
      startsAt: day,
      endsAt: fc.option(day, { nil: null }),
      current: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(period, { maxLength: 6 }), (periods) => {
        const total = experienceYears(periods, today);
        const starts = periods.map((p) => p.startsAt).sort();
        const span = starts[0]
          ? (Date.parse(today) - Date.parse(starts[0])) / 86_400_000 / 365.25
          : 0;
        expect(total).toBeGreaterThanOrEqual(0);
        expect(total).toBeLessThanOrEqual(Math.max(0, span) + 1e-9);
        // Adding a period never lowers the total.
        expect(experienceYears([...periods, ...periods.slice(0, 1)], today)).toBeCloseTo(total, 9);
      }),
    );
  });
});

describe('languageLevelOf', () => {
  it('is the weakest skill given', () => {
    expect(
      languageLevelOf({ language: 'x', reading: 'native', writing: 'basic', speaking: null }),
    ).toBe('basic');
    expect(languageLevelOf({ language: 'x', reading: null, writing: null, speaking: null })).toBe(
      null,
    );
  });
});

describe('wording', () => {
  it('formats numbers, distances and years the way people write them', () => {
    expect(formatNumber(58)).toBe('58');
    expect(formatNumber(74.5)).toBe('74.5');
    expect(formatNumber(84.571)).toBe('84.57');
    expect(kilometres(34.4)).toBe('34 km');
    expect(kilometres(4.26)).toBe('4.3 km');
    expect(kilometres(25.04, true)).toBe('25 km');
    expect(years(1)).toBe('1 year');
    expect(years(2.46)).toBe('2.5 years');
    expect(joinWords(['A'])).toBe('A');
    expect(joinWords(['A', 'B', 'C'], 'and')).toBe('A, B and C');
    expect(withArticle('Honours degree')).toBe('an Honours degree');
    expect(withArticle('university degree')).toBe('a university degree');
    expect(withArticle('intended Diploma')).toBe('an intended Diploma');
  });

  it('says "Needs a completed Bachelor\'s degree or higher"', () => {
    const c = criterion.parse({
      kind: 'qualification',
      minimumNqfLevel: 7,
      statuses: ['completed'],
    });
    expect(describeCriterion(c)).toBe("Needs a completed Bachelor's degree or higher");
    const any = criterion.parse({
      kind: 'qualification',
      statuses: ['intended', 'completed', 'current'],
      minimumNqfLevel: 8,
    });
    expect(any.kind === 'qualification' && qualificationNeed(any)).toBe(
      'an Honours degree or higher',
    );
  });

  it('names the categories, fields of study and institutions of a qualification', () => {
    const names = {
      categories: new Map([
        [1, 'Commerce'],
        [2, 'Law'],
      ]),
      disciplines: new Map([[5, 'Accounting']]),
      institutions: new Map([
        [8, 'University of Cape Town'],
        [9, 'Stellenbosch University'],
      ]),
    };
    const q = (extra: object) =>
      describeCriterion(
        criterion.parse({ kind: 'qualification', statuses: ['completed'], ...extra }),
        names,
      );
    expect(q({ categoryIds: [1, 2] })).toBe('Needs a completed qualification in Commerce or Law');
    expect(q({ categoryIds: [1], disciplineIds: [5] })).toBe(
      'Needs a completed qualification in Accounting (Commerce)',
    );
    expect(q({ minimumNqfLevel: 7, institutionIds: [8, 9], categoryIds: [1] })).toBe(
      "Needs a completed Bachelor's degree or higher in Commerce from University of Cape Town or Stellenbosch University",
    );
    // Without the names (a row since removed), the ids are still said.
    expect(
      describeCriterion(
        criterion.parse({
          kind: 'qualification',
          statuses: ['current'],
          categoryIds: [3],
          institutionIds: [4],
        }),
      ),
    ).toBe('Needs a current qualification in category 3 from institution 4');
  });

  it.each([
    [{ kind: 'minimum_grade', minimum: 65 }, 'Needs an average of at least 65 %'],
    [{ kind: 'age', minimum: 18, maximum: 35 }, 'Needs an age between 18 and 35'],
    [{ kind: 'age', maximum: 30 }, 'Needs an age of 30 or younger'],
    [
      { kind: 'citizenship', countries: ['ZA'], permanentResidents: true },
      'Needs citizenship or permanent residence of South Africa',
    ],
    [
      { kind: 'work_rights', countries: ['ZA', 'NA'] },
      'Needs the right to work in South Africa or Namibia',
    ],
    [{ kind: 'distance', maximumKm: 50 }, 'Needs you to live within 50 km of a location'],
    [
      {
        kind: 'languages',
        languages: [{ language: 'English', minimumLevel: 'advanced' }, { language: 'Sepedi' }],
      },
      'Needs English (advanced) and Sepedi',
    ],
    [{ kind: 'drivers_license' }, "Needs a driver's licence"],
    [{ kind: 'experience', minimumYears: 2 }, 'Needs 2 years of work or volunteering experience'],
    [
      { kind: 'documents', kinds: ['identity_document', 'other'] },
      'Needs an identity document and another document uploaded',
    ],
    [
      { kind: 'school_subjects', subjects: [{ componentId: 5, minimumMark: 60 }] },
      'Needs subject 5 60 % or more at school',
    ],
  ])('describes %j', (input, text) => {
    expect(describeCriterion(criterion.parse(input))).toBe(text);
  });
});
