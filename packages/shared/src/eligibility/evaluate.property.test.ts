import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { documentKinds, type DocumentKind } from '../documents/documents.schemas.ts';
import { criterion, criterionKinds, type Criterion, type CriterionKind } from './criteria.ts';
import { evaluateEligibility } from './evaluate.ts';
import {
  ageOn,
  distanceKm,
  experienceYears,
  languageLevelOf,
  languageLevelRank,
  type EligibilitySnapshot,
  type LanguageLevel,
  snapshotParts,
  withParts,
  type OpportunityPlace,
  type SnapshotPart,
  type SnapshotQualification,
} from './snapshot.ts';

// Generated profiles and requirements: a profile meeting
// every criterion is eligible; turning one met criterion unmet makes it ineligible and names that
// one; taking away the data a criterion reads makes that one unknown, with the action that adds it.

const NOW = new Date('2026-11-20T08:00:00Z');
const TODAY = '2026-11-20';
const levels: LanguageLevel[] = ['basic', 'intermediate', 'advanced', 'native'];
const homeCountries = ['ZA', 'NA', 'BW', 'ZW', 'LS'];

const day = (from: number, to: number) =>
  fc
    .integer({ min: from, max: to })
    .map((n) => new Date(Date.UTC(1960, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const DAYS_TO_2008 = 17_532;
const DAYS_TO_2025 = 23_741;

const tertiary = (id: number) =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom('BSc Computer Science', 'Diploma in IT', 'LLB', 'BCom Accounting'),
    qualificationTypeId: fc.integer({ min: 2, max: 12 }),
    typeName: fc.constantFrom("Bachelor's Degree", 'Diploma', 'Higher Certificate'),
    nqfLevel: fc.integer({ min: 5, max: 9 }),
    categoryId: fc.integer({ min: 2, max: 6 }),
    categoryName: fc.constant('Science'),
    disciplines: fc
      .uniqueArray(fc.integer({ min: 10, max: 30 }), { minLength: 1, maxLength: 3 })
      .map((list) => list.map((d) => ({ id: d, name: `Discipline ${d}` }))),
    institutionId: fc.integer({ min: 40, max: 60 }),
    institutionName: fc.constant('University'),
    institutionKind: fc.constant('university'),
    // Chosen statuses: derived ones are covered by the unit tests.
    status: fc.constantFrom('completed' as const, 'current' as const, 'intended' as const),
    startsAt: day(DAYS_TO_2008, DAYS_TO_2025),
    endsAt: fc.constant(null),
    gradeNormalized: fc.integer({ min: 3000, max: 9900 }).map((n) => n / 100),
    components: fc.constant([]),
  }) satisfies fc.Arbitrary<SnapshotQualification>;

const school: fc.Arbitrary<SnapshotQualification> = fc
  .uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 7 })
  .chain((subjects) =>
    fc.record({
      id: fc.constant(1),
      name: fc.constant('National Senior Certificate'),
      qualificationTypeId: fc.constant(1),
      typeName: fc.constant('National Senior Certificate'),
      nqfLevel: fc.constant(4),
      categoryId: fc.constant(1),
      categoryName: fc.constant('Schooling'),
      disciplines: fc.constant([]),
      institutionId: fc.constant(2),
      institutionName: fc.constant('High School'),
      institutionKind: fc.constant('school'),
      status: fc.constant('completed' as const),
      startsAt: fc.constant('2020-01-15'),
      endsAt: fc.constant('2020-11-30'),
      gradeNormalized: fc.integer({ min: 3000, max: 9900 }).map((n) => n / 100),
      components: fc.tuple(
        ...subjects.map((s) =>
          fc.integer({ min: 20, max: 99 }).map((mark) => ({
            componentId: s,
            name: `Subject ${s}`,
            mark,
          })),
        ),
      ),
    }),
  );

const language = (name: string) =>
  fc.record({
    language: fc.constant(name),
    reading: fc.constantFrom(...levels),
    writing: fc.constantFrom(...levels),
    speaking: fc.constantFrom(...levels),
  });

const inSouthernAfrica = fc.record({
  latitude: fc.double({ min: -34.5, max: -22, noNaN: true }),
  longitude: fc.double({ min: 16.5, max: 32.8, noNaN: true }),
});

/** A profile that says something about everything a criterion reads. */
const fullSnapshot: fc.Arbitrary<EligibilitySnapshot> = fc
  .record({
    home: fc.constantFrom(...homeCountries),
    bornAt: day(0, DAYS_TO_2008),
    location: inSouthernAfrica,
    school,
    tertiary: fc
      .array(fc.nat(), { maxLength: 2 })
      .chain((list) => fc.tuple(...list.map((_, i) => tertiary(10 + i)))),
    languages: fc
      .uniqueArray(fc.constantFrom('English', 'isiZulu', 'isiXhosa', 'Afrikaans', 'Sesotho'), {
        minLength: 1,
        maxLength: 3,
      })
      .chain((names) => fc.tuple(...names.map(language))),
    experiences: fc.array(
      fc.record({
        kind: fc.constantFrom('work' as const, 'volunteering' as const),
        startsAt: day(DAYS_TO_2008, DAYS_TO_2025),
        endsAt: fc.constant(null),
        current: fc.constant(true),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    // Never every kind: one is always missing, so a documents criterion can be made unmet.
    documents: fc.subarray(documentKinds.slice(1) as DocumentKind[]),
  })
  .map(({ home, bornAt, location, school, tertiary, languages, experiences, documents }) => ({
    candidateId: 1,
    bornAt,
    countryOfBirth: home,
    identification: null,
    driversLicense: true,
    location,
    qualifications: [school, ...tertiary],
    // Citizen at home; a British work permit gives a right that is not citizenship.
    workRights: [
      { countryCode: home, kind: 'citizen' as const, validUntil: null },
      { countryCode: 'GB', kind: 'permit' as const, validUntil: '2030-01-01' },
    ],
    studyRights: [{ countryCode: home, kind: 'citizen' as const, validUntil: null }],
    languages,
    experiences,
    documentKinds: documents,
  }));

const places: fc.Arbitrary<OpportunityPlace[]> = fc.array(inSouthernAfrica, {
  minLength: 1,
  maxLength: 4,
});

const pickSome = <T>(items: readonly T[]) => fc.subarray([...items], { minLength: 1 });

/** A criterion of this kind that the profile meets, chosen at random among many. */
function metCriterion(
  kind: CriterionKind,
  s: EligibilitySnapshot,
  locations: OpportunityPlace[],
): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'qualification':
      return fc.constantFrom(...s.qualifications).chain((q) =>
        fc.record(
          {
            kind: fc.constant('qualification'),
            statuses: pickSome(['completed', 'current', 'intended'] as const).map((list) => [
              ...new Set([q.status!, ...list]),
            ]),
            minimumNqfLevel: fc.integer({ min: 1, max: q.nqfLevel! }),
            disciplineIds: q.disciplines.length
              ? fc.constant([q.disciplines[0]!.id, 999])
              : fc.constant(undefined),
            categoryIds: fc.constant([q.categoryId!]),
            institutionIds: fc.constant([q.institutionId!, 998]),
          },
          { requiredKeys: ['kind', 'statuses'] },
        ),
      );
    case 'minimum_grade': {
      const lowest = Math.min(...s.qualifications.map((q) => q.gradeNormalized!));
      return fc.integer({ min: 0, max: Math.floor(lowest) }).map((minimum) => ({ kind, minimum }));
    }
    case 'school_subjects':
      return pickSome(s.qualifications[0]!.components).chain((components) =>
        fc
          .tuple(
            ...components.map((k) =>
              fc.record({
                componentId: fc.constant(k.componentId!),
                name: fc.constantFrom(k.name, k.name.toUpperCase()),
                minimumMark: fc.integer({ min: 0, max: k.mark! }),
              }),
            ),
          )
          .map((subjects) => ({ kind, subjects })),
      );
    case 'age': {
      const age = ageOn(s.bornAt!, TODAY);
      return fc
        .record(
          {
            minimum: fc.integer({ min: 0, max: age }),
            maximum: fc.integer({ min: age, max: 120 }),
          },
          { requiredKeys: [] },
        )
        .filter((r) => r.minimum !== undefined || r.maximum !== undefined)
        .map((r) => ({ kind, ...r }));
    }
    case 'citizenship':
      return fc
        .record({ others: fc.subarray(['FR', 'KE']), permanentResidents: fc.boolean() })
        .map(({ others, permanentResidents }) => ({
          kind,
          countries: [...others, s.countryOfBirth!],
          permanentResidents,
        }));
    case 'work_rights':
      return fc.constantFrom([s.countryOfBirth!], ['GB'], ['FR', 'GB']).map((countries) => ({
        kind,
        countries,
      }));
    case 'study_rights':
      return fc.constant({ kind, countries: ['FR', s.countryOfBirth!] });
    case 'distance': {
      const nearest = Math.min(...locations.map((l) => distanceKm(s.location!, l)));
      return fc
        .double({ min: 0, max: 500, noNaN: true })
        .map((slack) => ({ kind, maximumKm: Math.min(20_000, nearest + 0.01 + slack) }));
    }
    case 'languages':
      return pickSome(s.languages).chain((held) =>
        fc
          .tuple(
            ...held.map((l) => {
              const level = languageLevelOf(l)!;
              return fc.record(
                {
                  language: fc.constantFrom(l.language, l.language.toLowerCase()),
                  minimumLevel: fc.constantFrom(
                    ...levels.filter((v) => languageLevelRank[v] <= languageLevelRank[level]),
                  ),
                },
                { requiredKeys: ['language'] },
              );
            }),
          )
          .map((languages) => ({ kind, languages })),
      );
    case 'drivers_license':
      return fc.constant({ kind });
    case 'experience': {
      const total = experienceYears(s.experiences, TODAY);
      return fc
        .double({ min: 0, max: Math.min(60, total), noNaN: true })
        .map((minimumYears) => ({ kind, minimumYears }));
    }
    case 'documents':
      return s.documentKinds.length === 0
        ? fc.constant(null)
        : pickSome(s.documentKinds).map((kinds) => ({ kind, kinds }));
  }
}

/** The same requirement made stricter, so that this profile no longer meets it (but still says). */
function stricter(c: Criterion, s: EligibilitySnapshot, locations: OpportunityPlace[]): unknown {
  switch (c.kind) {
    case 'qualification':
      // Every generated qualification has a level of at most 9 and a chosen status.
      return { kind: c.kind, minimumNqfLevel: 10, statuses: ['completed', 'current', 'intended'] };
    case 'minimum_grade':
      return { ...c, minimum: Math.max(...s.qualifications.map((q) => q.gradeNormalized!)) + 0.01 };
    case 'school_subjects': {
      const first = c.subjects[0]!;
      const held = s.qualifications[0]!.components.find(
        (k) => k.componentId === first.componentId,
      )!;
      return { ...c, subjects: [{ ...first, minimumMark: held.mark! + 0.5 }] };
    }
    case 'age':
      return { kind: c.kind, minimum: ageOn(s.bornAt!, TODAY) + 1 };
    case 'citizenship':
      return { kind: c.kind, countries: ['GB'] };
    case 'work_rights':
    case 'study_rights':
      return { kind: c.kind, countries: ['FR'] };
    case 'distance':
      return {
        kind: c.kind,
        maximumKm: Math.min(...locations.map((l) => distanceKm(s.location!, l))) / 2,
      };
    case 'languages':
      return { kind: c.kind, languages: [...c.languages, { language: 'Klingon' }] };
    case 'drivers_license':
      return c;
    case 'experience':
      return { ...c, minimumYears: experienceYears(s.experiences, TODAY) + 0.5 };
    case 'documents':
      return { kind: c.kind, kinds: [...c.kinds, documentKinds[0]] };
  }
}

/** A profile, the opportunity's places, and requirements of distinct kinds it all meets. */
const scenario = fc
  .record({
    snapshot: fullSnapshot,
    locations: places,
    kinds: fc.subarray([...criterionKinds], { minLength: 1 }),
  })
  .chain(({ snapshot, locations, kinds }) =>
    fc.tuple(...kinds.map((k) => metCriterion(k, snapshot, locations))).map((criteria) => ({
      snapshot,
      locations,
      requirements: criteria
        .filter((c) => c !== null)
        .map((c, i) => ({ id: 100 + i, criterion: criterion.parse(c) })),
    })),
  )
  .filter((s) => s.requirements.length > 0);

const ctx = (locations: OpportunityPlace[]) => ({ now: NOW, locations });

describe('evaluation of generated profiles and requirements', () => {
  it('finds a profile that meets every criterion eligible', () => {
    fc.assert(
      fc.property(scenario, ({ snapshot, locations, requirements }) => {
        const result = evaluateEligibility(snapshot, requirements, ctx(locations));
        const notMet = result.criteria.filter((c) => c.status !== 'met');
        expect(notMet).toEqual([]);
        expect(result.eligible).toBe(true);
        expect(result.criteria.map((c) => c.requirementId)).toEqual(requirements.map((r) => r.id));
        for (const c of result.criteria) {
          expect(c.reason.length).toBeGreaterThan(0);
          expect(c.description).toMatch(/^Needs /);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('turning one met criterion unmet makes it ineligible, naming that one', () => {
    fc.assert(
      fc.property(
        scenario.chain((s) =>
          fc.record({ s: fc.constant(s), index: fc.nat({ max: s.requirements.length - 1 }) }),
        ),
        ({ s: { snapshot, locations, requirements }, index }) => {
          const target = requirements[index]!;
          let profile = snapshot;
          let changed = requirements;
          if (target.criterion.kind === 'distance') {
            fc.pre(Math.min(...locations.map((l) => distanceKm(snapshot.location!, l))) > 0.01);
          }
          if (target.criterion.kind === 'drivers_license') {
            // Nothing to tighten in the criterion: the profile changes instead.
            profile = { ...snapshot, driversLicense: false };
          } else {
            const tighter = criterion.parse(stricter(target.criterion, snapshot, locations));
            changed = requirements.map((r, i) => (i === index ? { ...r, criterion: tighter } : r));
          }
          const result = evaluateEligibility(profile, changed, ctx(locations));
          expect(result.eligible).toBe(false);
          const notMet = result.criteria.filter((c) => c.status !== 'met');
          expect(notMet).toHaveLength(1);
          expect(notMet[0]).toMatchObject({ requirementId: target.id, status: 'unmet' });
          expect(notMet[0]!.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('taking away the data one criterion reads makes that one unknown, with the action', () => {
    const removals: Partial<
      Record<CriterionKind, [(s: EligibilitySnapshot) => EligibilitySnapshot, string]>
    > = {
      age: [(s) => ({ ...s, bornAt: null }), 'profile.date_of_birth'],
      distance: [(s) => ({ ...s, location: null }), 'profile.location'],
      drivers_license: [(s) => ({ ...s, driversLicense: null }), 'profile.drivers_license'],
      languages: [(s) => ({ ...s, languages: [] }), 'profile.languages'],
      experience: [(s) => ({ ...s, experiences: [] }), 'profile.experience'],
    };
    fc.assert(
      fc.property(
        scenario.chain((s) =>
          fc.record({ s: fc.constant(s), index: fc.nat({ max: s.requirements.length - 1 }) }),
        ),
        ({ s: { snapshot, locations, requirements }, index }) => {
          const target = requirements[index]!;
          const removal = removals[target.criterion.kind];
          fc.pre(removal !== undefined);
          if (target.criterion.kind === 'experience') fc.pre(target.criterion.minimumYears > 0);
          const [remove, actionType] = removal!;
          const result = evaluateEligibility(remove(snapshot), requirements, ctx(locations));
          expect(result.eligible).toBe(false);
          const notMet = result.criteria.filter((c) => c.status !== 'met');
          expect(notMet).toHaveLength(1);
          expect(notMet[0]).toMatchObject({
            requirementId: target.id,
            status: 'unknown',
            action: { type: actionType, resolutionPath: expect.stringMatching(/^\/candidate\//) },
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers every criterion against any profile, without throwing', () => {
    const anyProfile: fc.Arbitrary<EligibilitySnapshot> = fc.record({
      candidateId: fc.constant(1),
      bornAt: fc.option(day(0, DAYS_TO_2025), { nil: null }),
      countryOfBirth: fc.option(fc.constantFrom(...homeCountries), { nil: null }),
      identification: fc.option(fc.string({ maxLength: 13 }), { nil: null }),
      driversLicense: fc.option(fc.boolean(), { nil: null }),
      location: fc.option(inSouthernAfrica, { nil: null }),
      qualifications: fc.array(tertiary(5), { maxLength: 2 }),
      workRights: fc.constant([]),
      studyRights: fc.constant([]),
      languages: fc.constant([]),
      experiences: fc.constant([]),
      documentKinds: fc.constant([] as DocumentKind[]),
    });
    fc.assert(
      fc.property(anyProfile, fullSnapshot, places, (profile, donor, locations) => {
        const all = criterionKinds
          .map((k) => fc.sample(metCriterion(k, donor, locations), { numRuns: 1, seed: 1 })[0])
          .filter((c) => c !== null)
          .map((c, i) => ({ id: i + 1, criterion: criterion.parse(c) }));
        const result = evaluateEligibility(profile, all, ctx(locations));
        expect(result.criteria).toHaveLength(all.length);
        expect(result.eligible).toBe(result.criteria.every((c) => c.status === 'met'));
        for (const c of result.criteria) {
          if (c.status === 'unknown') expect(c.action).toBeDefined();
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('the parts of a profile that criteria read', () => {
  const allParts: SnapshotPart[] = [
    'qualifications',
    'disciplines',
    'components',
    'rights',
    'languages',
    'experiences',
    'documents',
  ];

  it('evaluate a profile holding only those parts exactly as the whole profile', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.subarray(allParts),
        fc.array(fc.boolean(), { maxLength: criterionKinds.length }),
        ({ snapshot, locations, requirements }, taken, harder) => {
          // Some parts missing from the profile too, and some criteria it does not meet.
          const profile = withParts(snapshot, new Set(allParts.filter((p) => !taken.includes(p))));
          const asked = requirements.map((r, i) => {
            const c = harder[i] ? stricter(r.criterion, snapshot, locations) : null;
            return c ? { id: r.id, criterion: criterion.parse(c) } : r;
          });
          const parts = snapshotParts(asked.map((r) => r.criterion));
          expect(evaluateEligibility(withParts(profile, parts), asked, ctx(locations))).toEqual(
            evaluateEligibility(profile, asked, ctx(locations)),
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});
