// Generated applicants for the tracker's tests and benchmark: candidates with profiles,
// qualifications, chosen places, eligibilities, chats, flags and assessment results, written
// in a few bulk statements. The same seed gives the same people every run.
import type { DbOrTx } from '../db/client.ts';
import {
  applicationLocations,
  applications,
  assessmentResults,
  candidateProfiles,
  chatMessages,
  chats,
  disciplines,
  eligibilities,
  flags,
  institutions,
  profileQualificationDisciplines,
  profileQualifications,
  qualificationCategories,
  qualificationTypes,
  users,
} from '../db/schema/index.ts';
import { randomFrom } from './factories.ts';

const CHUNK = 1000;
const DAY = 86_400_000;
const genders = ['female', 'male', 'non_binary', 'other', 'prefer_not_to_say'] as const;
const ethnicities = [
  'african',
  'coloured',
  'indian',
  'white',
  'other',
  'prefer_not_to_say',
] as const;
const firstNames = [
  'Thandiwe',
  'Sipho',
  'Lerato',
  'Ayesha',
  'Pieter',
  'Nomvula',
  'Kagiso',
  'Zanele',
  'Émile',
  'Naledi',
  'Bongani',
  'Priya',
];
const lastNames = [
  'Nkosi',
  'Dlamini',
  'van der Merwe',
  'Naidoo',
  'Botha',
  'Mokoena',
  'Ndlovu',
  'Pillay',
  'Khumalo',
  'Zulu',
  'Éksteen',
  'Mahlangu',
];
const places = [
  { latitude: -33.9249, longitude: 18.4241 },
  { latitude: -33.9321, longitude: 18.8602 },
  { latitude: -26.2041, longitude: 28.0473 },
  { latitude: -25.7479, longitude: 28.2293 },
  { latitude: -29.8587, longitude: 31.0218 },
];

/** Inserts in chunks, so a large set stays under the statement parameter limit. */
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function insertReturning<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>) {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK)
    out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

export interface ApplicantReference {
  institutionIds: number[];
  categoryIds: number[];
  typeIds: number[];
  disciplineIds: number[];
}

/** A few institutions, categories, types and disciplines for generated qualifications. */
export async function createApplicantReference(db: DbOrTx): Promise<ApplicantReference> {
  const tag = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    institutionIds: ids(
      await db
        .insert(institutions)
        .values(
          ['North', 'South', 'East'].map((n) => ({
            name: `University ${n} ${tag}`,
            kind: 'university' as const,
          })),
        )
        .returning({ id: institutions.id }),
    ),
    categoryIds: ids(
      await db
        .insert(qualificationCategories)
        .values(['Science', 'Commerce', 'Law'].map((n) => ({ name: `${n} ${tag}` })))
        .returning({ id: qualificationCategories.id }),
    ),
    typeIds: ids(
      await db
        .insert(qualificationTypes)
        .values(
          ['Degree', 'Diploma', 'Certificate'].map((n, i) => ({
            name: `${n} ${tag}`,
            nqfLevel: 7 - i,
          })),
        )
        .returning({ id: qualificationTypes.id }),
    ),
    disciplineIds: ids(
      await db
        .insert(disciplines)
        .values(
          ['Accounting', 'Computing', 'Chemistry', 'Economics'].map((n) => ({
            name: `${n} ${tag}`,
          })),
        )
        .returning({ id: disciplines.id }),
    ),
  };
}

export interface GeneratedApplicants {
  applicationIds: number[];
  candidateIds: number[];
}

/**
 * `count` candidates applied to the opportunity, spread over `phaseIds` (null: not yet in the
 * pipeline) and the opportunity's `locationIds`, with every fact the tracker shows. Flags are
 * raised by `organizationId` (most of them open) and, for a few, by `otherOrganizationId`.
 */
export async function insertApplicants(
  db: DbOrTx,
  options: {
    opportunityId: number;
    count: number;
    seed: number;
    now: Date;
    phaseIds: (number | null)[];
    locationIds: number[];
    reference: ApplicantReference;
    organizationId: number;
    otherOrganizationId?: number;
  },
): Promise<GeneratedApplicants> {
  const { opportunityId, count, now, reference } = options;
  const random = randomFrom(options.seed);
  const tag = `${opportunityId}-${options.seed}-${Date.now()}`;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const day = (days: number) => at(days).toISOString().slice(0, 10);

  const people = await insertReturning(
    Array.from({ length: count }, (_, i) => ({
      email: `applicant-${tag}-${i}@example.test`,
      role: 'candidate' as const,
      firstName: random.pick(firstNames),
      lastName: random.pick(lastNames),
      avatar: random.chance(0.3) ? `/api/avatars/${1000 + i}-${'a'.repeat(22)}.webp` : null,
      confirmedAt: now,
    })),
    (chunk) =>
      db
        .insert(users)
        .values(chunk)
        .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName }),
  );
  const candidateIds = people.map((p) => p.id);

  const profiles = await insertReturning(
    people.map((p) => {
      const place = random.chance(0.8) ? random.pick(places) : null;
      return {
        userId: p.id,
        firstNames: random.chance(0.95) ? p.firstName : null,
        lastName: random.chance(0.95) ? p.lastName : null,
        gender: random.chance(0.9) ? random.pick(genders) : null,
        ethnicity: random.chance(0.85) ? random.pick(ethnicities) : null,
        bornAt: day(-random.int(18 * 365, 35 * 365)),
        latitude: place ? place.latitude + random.float(-0.2, 0.2) : null,
        longitude: place ? place.longitude + random.float(-0.2, 0.2) : null,
      };
    }),
    (chunk) =>
      db
        .insert(candidateProfiles)
        .values(chunk)
        .returning({ id: candidateProfiles.id, userId: candidateProfiles.userId }),
  );

  const apps = await insertReturning(
    candidateIds.map((candidateId) => {
      const completion = random.pick([40, 60, 80, 100, 100]);
      return {
        candidateId,
        opportunityId,
        phaseId: random.pick(options.phaseIds),
        complete: completion === 100,
        completion,
        regrettedAt: random.chance(0.08) ? at(-random.int(1, 10)) : null,
        archivedAt: random.chance(0.05) ? at(-random.int(1, 10)) : null,
        applicationRating: random.chance(0.4) ? random.int(1, 5) : null,
        createdAt: new Date(now.getTime() - random.int(1, 60 * 24 * 60) * 60_000),
      };
    }),
    (chunk) =>
      db
        .insert(applications)
        .values(chunk)
        .returning({ id: applications.id, candidateId: applications.candidateId }),
  );
  const applicationIds = apps.map((a) => a.id);

  await insertAll(
    apps.flatMap((a) =>
      options.locationIds
        .filter(() => random.chance(0.5))
        .map((opportunityLocationId) => ({ applicationId: a.id, opportunityLocationId })),
    ),
    (chunk) => db.insert(applicationLocations).values(chunk),
  );

  await insertAll(
    apps
      .filter(() => random.chance(0.85))
      .map((a) => ({
        candidateId: a.candidateId,
        opportunityId,
        eligible: random.chance(0.1) ? null : random.chance(0.55),
        checkedAt: now,
        referredAt: random.chance(0.3) ? at(-random.int(1, 20)) : null,
      })),
    (chunk) => db.insert(eligibilities).values(chunk),
  );

  const qualificationRows = profiles.flatMap((p) =>
    Array.from({ length: random.pick([0, 1, 1, 2, 3]) }, () => {
      const start = -random.int(-200, 2500);
      const end = random.chance(0.3) ? null : start + random.int(300, 1500);
      return {
        profileId: p.id,
        institutionId: random.chance(0.9) ? random.pick(reference.institutionIds) : null,
        qualificationTypeId: random.chance(0.9) ? random.pick(reference.typeIds) : null,
        qualificationCategoryId: random.chance(0.9) ? random.pick(reference.categoryIds) : null,
        startsAt: day(start),
        endsAt: end === null ? null : day(end),
        gradeNormalized: random.chance(0.85) ? random.int(3000, 9600) / 100 : null,
        verifiedAt: random.chance(0.3) ? at(-random.int(1, 100)) : null,
      };
    }),
  );
  const qualifications = await insertReturning(qualificationRows, (chunk) =>
    db.insert(profileQualifications).values(chunk).returning({ id: profileQualifications.id }),
  );
  await insertAll(
    qualifications.flatMap((q) =>
      reference.disciplineIds
        .filter(() => random.chance(0.35))
        .map((disciplineId) => ({ profileQualificationId: q.id, disciplineId })),
    ),
    (chunk) => db.insert(profileQualificationDisciplines).values(chunk),
  );

  await insertAll(
    profiles.flatMap((p) =>
      ['numerical', 'verbal', 'abstract']
        .filter(() => random.chance(0.4))
        .map((item) => ({ profileId: p.id, item, aggregate: random.int(2000, 9900) / 100 })),
    ),
    (chunk) => db.insert(assessmentResults).values(chunk),
  );

  const chatted = apps.filter(() => random.chance(0.25));
  const chatRows = await insertReturning(
    chatted.map((a) => ({ applicationId: a.id, subject: 'About your application' })),
    (chunk) => db.insert(chats).values(chunk).returning({ id: chats.id }),
  );
  await insertAll(
    chatRows.flatMap((c) =>
      Array.from({ length: random.int(1, 4) }, () => ({
        chatId: c.id,
        senderType: random.pick(['candidate', 'candidate', 'client'] as const),
        body: 'Hello',
        readAt: random.chance(0.5) ? now : null,
      })),
    ),
    (chunk) => db.insert(chatMessages).values(chunk),
  );

  await insertAll(
    apps
      .filter(() => random.chance(0.1))
      .map((a) => ({
        candidateId: a.candidateId,
        organizationId:
          options.otherOrganizationId && random.chance(0.3)
            ? options.otherOrganizationId
            : options.organizationId,
        applicationId: a.id,
        reason: 'The marks do not match the transcript',
        resolvedAt: random.chance(0.25) ? now : null,
      })),
    (chunk) => db.insert(flags).values(chunk),
  );

  return { applicationIds, candidateIds };
}
