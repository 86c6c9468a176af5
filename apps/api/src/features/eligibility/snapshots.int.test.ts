import type { Criterion } from '@pathways/shared/eligibility/criteria';
import { evaluateEligibility } from '@pathways/shared/eligibility/evaluate';
import {
  emptySnapshot,
  snapshotParts,
  withParts,
  type EligibilitySnapshot,
  type ReferenceNames,
} from '@pathways/shared/eligibility/snapshot';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  documentKind,
  eligibilities,
  experiences,
  institutions,
  languageProficiencies,
  profileQualificationComponents,
  qualificationCategories,
  qualificationComponents,
  qualifications,
  studyRights,
  workRights,
} from '../../db/schema/index.ts';
import { createUser } from '../../test/build-app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { recomputeCandidate, recomputeOpportunity } from './eligibility.engine.ts';
import {
  addQualification,
  capeTown,
  createOpportunity,
  createReference,
  setProfile,
  uploadDocument,
} from './eligibility.factories.ts';
import { loadSnapshots } from './snapshots.repository.ts';

// The profiles a bulk recomputation reads, as one statement for many candidates, are what the
// candidates wrote (whole, or the parts the criteria read); and what it stores for each candidate is what the pure rule says of that
// profile: generated profiles of every shape (with and without a profile row, qualifications of a
// type, of a programme or of neither, reference and typed institutions and subjects, rights,
// languages, experience, documents) against generated requirements.

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
const now = new Date('2026-11-20T08:00:00Z');
let ref: {
  type: { id: number; name: string; nqfLevel: number | null };
  law: { id: number; name: string };
  computing: { id: number; name: string };
  own: { id: number; name: string };
  programmeCategory: { id: number; name: string };
  programme: { id: number; specialization: string };
  institution: { id: number; name: string; kind: string };
  mathematics: { id: number; name: string };
};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const { bachelor, law, computing } = await createReference(database);
  const [own, programmeCategory] = await db
    .insert(qualificationCategories)
    .values([{ name: `Commerce ${Date.now()}` }, { name: `Science ${Date.now()}` }])
    .returning();
  const [programme] = await db
    .insert(qualifications)
    .values({
      specialization: 'Computer Science',
      qualificationTypeId: bachelor.id,
      qualificationCategoryId: programmeCategory!.id,
    })
    .returning();
  const [institution] = await db
    .insert(institutions)
    .values({ name: 'University of the Test', kind: 'university' })
    .returning();
  const [mathematics] = await db
    .insert(qualificationComponents)
    .values({ name: 'Mathematics', qualificationTypeId: bachelor.id })
    .returning();
  ref = {
    type: bachelor,
    law,
    computing,
    own: own!,
    programmeCategory: programmeCategory!,
    programme: programme!,
    institution: institution!,
    mathematics: mathematics!,
  };
});
afterAll(async () => {
  await database?.drop();
});

const some = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const qualification = fc.record({
  source: fc.constantFrom('type', 'programme', 'none'),
  ownCategory: fc.boolean(),
  institution: fc.constantFrom('reference', 'typed', 'none'),
  status: some(fc.constantFrom('completed' as const, 'current' as const, 'intended' as const)),
  startsAt: some(fc.constantFrom('2012-01-15', '2016-02-01')),
  endsAt: some(fc.constantFrom('2019-12-01', '2027-11-30')),
  grade: some(fc.integer({ min: 0, max: 10_000 }).map((v) => v / 100)),
  disciplines: fc.subarray(['law', 'computing'] as const),
  subjects: fc.uniqueArray(
    fc.record({
      reference: fc.boolean(),
      name: fc.constantFrom('Mathematics', 'English'),
      mark: some(fc.integer({ min: 0, max: 100 })),
    }),
    { selector: (s) => (s.reference ? 'reference' : s.name), maxLength: 2 },
  ),
});
const right = fc.record({
  countryCode: fc.constantFrom('ZA', 'ZW'),
  kind: fc.constantFrom('citizen' as const, 'permanent_resident' as const, 'permit' as const),
  validUntil: some(fc.constantFrom('2025-01-31', '2028-06-30')),
});
const level = some(
  fc.constantFrom(
    'basic' as const,
    'intermediate' as const,
    'advanced' as const,
    'native' as const,
  ),
);
const profile = fc.record({
  hasProfile: fc.boolean(),
  bornAt: some(fc.constantFrom('1990-05-01', '2000-02-29', '2006-12-31', '1985-01-15')),
  countryOfBirth: some(fc.constantFrom('ZA', 'ZW')),
  driversLicense: some(fc.boolean()),
  location: some(
    fc.constantFrom({ latitude: -33.95, longitude: 18.47 }, { latitude: -26.1, longitude: 28.05 }),
  ),
  qualifications: fc.array(qualification, { maxLength: 3 }),
  workRights: fc.uniqueArray(right, { selector: (r) => r.countryCode, maxLength: 2 }),
  studyRights: fc.uniqueArray(right, { selector: (r) => r.countryCode, maxLength: 2 }),
  languages: fc.uniqueArray(
    fc.record({
      language: fc.constantFrom('English', 'isiZulu'),
      reading: level,
      writing: level,
      speaking: level,
    }),
    { selector: (l) => l.language, maxLength: 2 },
  ),
  experiences: fc.array(
    fc.record({
      kind: fc.constantFrom('work' as const, 'volunteering' as const),
      startsAt: some(fc.constantFrom('2019-03-01', '2023-07-01')),
      endsAt: some(fc.constantFrom('2024-02-29', '2025-10-31')),
      current: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  documents: fc.array(fc.constantFrom('transcript' as const, 'identity_document' as const), {
    maxLength: 3,
  }),
});
type Profile = typeof profile extends fc.Arbitrary<infer T> ? T : never;

/** Writes a generated profile as the candidate's rows; answers the snapshot it describes. */
async function write(userId: number, p: Profile): Promise<EligibilitySnapshot> {
  const db = database.db;
  for (const kind of p.documents) await uploadDocument(database, userId, kind);
  const documentKinds = documentKind.enumValues.filter((k) =>
    (p.documents as string[]).includes(k),
  );
  if (!p.hasProfile) return { ...emptySnapshot(userId), documentKinds };
  const profileId = await setProfile(database, userId, {
    bornAt: p.bornAt,
    countryOfBirth: p.countryOfBirth,
    driversLicense: p.driversLicense,
    latitude: p.location?.latitude ?? null,
    longitude: p.location?.longitude ?? null,
  });
  const snapshot: EligibilitySnapshot = {
    ...emptySnapshot(userId),
    bornAt: p.bornAt,
    countryOfBirth: p.countryOfBirth,
    driversLicense: p.driversLicense,
    location: p.location,
    documentKinds,
  };
  for (const q of p.qualifications) {
    const typed = q.source !== 'none';
    const id = await addQualification(database, profileId, {
      qualificationTypeId: q.source === 'type' ? ref.type.id : null,
      qualificationId: q.source === 'programme' ? ref.programme.id : null,
      qualificationCategoryId: q.ownCategory ? ref.own.id : null,
      institutionId: q.institution === 'reference' ? ref.institution.id : null,
      institutionName: q.institution === 'typed' ? 'Typed College' : null,
      status: q.status,
      startsAt: q.startsAt,
      endsAt: q.endsAt,
      gradeNormalized: q.grade,
      disciplineIds: q.disciplines.map((d) => ref[d].id),
    });
    const components = [];
    for (const s of q.subjects) {
      await db.insert(profileQualificationComponents).values({
        profileQualificationId: id,
        qualificationComponentId: s.reference ? ref.mathematics.id : null,
        name: s.reference ? null : s.name,
        mark: s.mark,
      });
      components.push({
        componentId: s.reference ? ref.mathematics.id : null,
        name: s.reference ? ref.mathematics.name : s.name,
        mark: s.mark,
      });
    }
    const category = q.ownCategory
      ? ref.own
      : q.source === 'programme'
        ? ref.programmeCategory
        : null;
    snapshot.qualifications.push({
      id,
      name: q.source === 'programme' ? ref.programme.specialization : typed ? ref.type.name : null,
      qualificationTypeId: typed ? ref.type.id : null,
      typeName: typed ? ref.type.name : null,
      nqfLevel: typed ? ref.type.nqfLevel : null,
      categoryId: category?.id ?? null,
      categoryName: category?.name ?? null,
      disciplines: q.disciplines
        .map((d) => ({ id: ref[d].id, name: ref[d].name }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
      institutionId: q.institution === 'reference' ? ref.institution.id : null,
      institutionName:
        q.institution === 'reference'
          ? ref.institution.name
          : q.institution === 'typed'
            ? 'Typed College'
            : null,
      institutionKind: q.institution === 'reference' ? ref.institution.kind : null,
      status: q.status,
      startsAt: q.startsAt,
      endsAt: q.endsAt,
      gradeNormalized: q.grade,
      components,
    });
  }
  for (const [table, list, into] of [
    [workRights, p.workRights, snapshot.workRights],
    [studyRights, p.studyRights, snapshot.studyRights],
  ] as const) {
    for (const r of list) {
      await db.insert(table).values({ profileId, ...r });
      into.push(r);
    }
  }
  for (const l of p.languages) {
    await db.insert(languageProficiencies).values({ profileId, ...l });
    snapshot.languages.push(l);
  }
  for (const x of p.experiences) {
    await db
      .insert(experiences)
      .values({ profileId, title: 'Role', organizationName: 'Org', ...x });
    snapshot.experiences.push(x);
  }
  return snapshot;
}

const criteria = () =>
  fc.uniqueArray(
    fc.constantFrom<Criterion>(
      { kind: 'age', maximum: 30 },
      { kind: 'age', minimum: 21, maximum: 40 },
      { kind: 'drivers_license' },
      { kind: 'minimum_grade', minimum: 60 },
      {
        kind: 'qualification',
        statuses: ['completed', 'current'],
        qualificationTypeIds: [ref.type.id],
      },
      {
        kind: 'qualification',
        statuses: ['completed'],
        minimumNqfLevel: 6,
        disciplineIds: [ref.law.id],
      },
      {
        kind: 'qualification',
        statuses: ['completed', 'current', 'intended'],
        categoryIds: [ref.own.id],
        institutionIds: [ref.institution.id],
      },
      { kind: 'school_subjects', subjects: [{ componentId: ref.mathematics.id, minimumMark: 50 }] },
      { kind: 'school_subjects', subjects: [{ name: 'English', minimumMark: 40 }] },
      { kind: 'work_rights', countries: ['ZA'] },
      { kind: 'citizenship', countries: ['ZA'], permanentResidents: true },
      { kind: 'study_rights', countries: ['ZW'] },
      { kind: 'languages', languages: [{ language: 'English', minimumLevel: 'intermediate' }] },
      { kind: 'experience', minimumYears: 1 },
      { kind: 'experience', minimumYears: 2, experienceKind: 'volunteering' },
      { kind: 'documents', kinds: ['transcript'] },
      { kind: 'distance', maximumKm: 50 },
    ),
    { minLength: 1, maxLength: 3, selector: (c) => JSON.stringify(c) },
  );

const names = (): ReferenceNames => ({
  qualificationTypes: new Map([[ref.type.id, ref.type.name]]),
  categories: new Map([[ref.own.id, ref.own.name]]),
  disciplines: new Map([[ref.law.id, ref.law.name]]),
  institutions: new Map([[ref.institution.id, ref.institution.name]]),
  components: new Map([[ref.mathematics.id, ref.mathematics.name]]),
});

describe('bulk recomputation on profiles of every shape', () => {
  it('reads each profile as written and stores what the pure rule says of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(profile, { minLength: 1, maxLength: 4 }),
        fc.constant(null).chain(() => criteria()),
        async (profiles, wanted) => {
          const expected = new Map<number, EligibilitySnapshot>();
          for (const p of profiles) {
            const { id } = await createUser(database, { role: 'candidate' });
            expected.set(id, await write(id, p));
          }
          const ids = [...expected.keys()];
          expect(await loadSnapshots(database.db, ids)).toEqual(expected);
          // A large batch is read the same way (ids of no candidate are left out).
          const unknown = Array.from({ length: 120 }, (_, i) => 100_000_000 + i);
          expect(await loadSnapshots(database.db, [...unknown, ...ids])).toEqual(expected);
          // Only the parts the criteria read: the others empty.
          const parts = snapshotParts(wanted);
          expect(await loadSnapshots(database.db, ids, parts)).toEqual(
            new Map([...expected].map(([id, s]) => [id, withParts(s, parts)])),
          );

          const opportunity = await createOpportunity(database, now, {
            places: [capeTown],
            criteria: wanted,
          });
          const requirements = wanted.map((criterion, i) => ({
            id: opportunity.requirementIds[i]!,
            criterion,
          }));
          const pure = (id: number) =>
            evaluateEligibility(expected.get(id)!, requirements, {
              now,
              locations: [{ ...capeTown, name: capeTown.city }],
              names: names(),
            });
          const storedRows = async () =>
            new Map(
              (
                await database.db
                  .select({
                    candidateId: eligibilities.candidateId,
                    eligible: eligibilities.eligible,
                    criteria: eligibilities.criteria,
                  })
                  .from(eligibilities)
                  .where(eq(eligibilities.opportunityId, opportunity.id))
                  .orderBy(asc(eligibilities.candidateId))
              ).map((r) => [r.candidateId, r] as const),
            );

          await recomputeOpportunity(database.db, opportunity.id, now);
          const stored = await storedRows();
          for (const id of ids) {
            const result = pure(id);
            const row = stored.get(id);
            // Left out only by the prefilter, which only leaves out candidates who are not eligible.
            if (!row) expect(result.eligible).toBe(false);
            else expect({ eligible: row.eligible, criteria: row.criteria }).toEqual(result);
          }

          // One candidate's own recomputation stores the same as the pure rule too.
          const first = ids[0]!;
          await recomputeCandidate(database.db, first, new Date(now.getTime() + 1000), {
            storeAll: true,
          });
          const again = (await storedRows()).get(first)!;
          expect({ eligible: again.eligible, criteria: again.criteria }).toEqual(pure(first));
        },
      ),
      { numRuns: 40 },
    );
  });
});
