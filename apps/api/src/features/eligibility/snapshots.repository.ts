import {
  emptySnapshot,
  type EligibilitySnapshot,
  type SnapshotQualification,
} from '@pathways/shared/eligibility/snapshot';
import { and, asc, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  candidateProfiles,
  disciplines,
  documents,
  experiences,
  institutions,
  languageProficiencies,
  profileQualificationComponents,
  profileQualificationDisciplines,
  profileQualifications,
  qualificationCategories,
  qualificationComponents,
  qualificationTypes,
  qualifications,
  studyRights,
  users,
  workRights,
} from '../../db/schema/index.ts';
import { inIds } from './sql-lists.ts';

// Profile snapshots for eligibility, for many candidates at once: nine queries a batch whatever
// its size (the profile, documents, qualifications, their disciplines and subjects, rights,
// languages, experiences), so recomputing an opportunity for thousands of candidates is a handful
// of round trips per batch and never one query per candidate.

/**
 * The snapshots of these candidates (users with the candidate role; other ids are left out).
 * A candidate without a profile row gets an empty snapshot.
 */
export async function loadSnapshots(
  db: DbOrTx,
  candidateIds: readonly number[],
): Promise<Map<number, EligibilitySnapshot>> {
  const snapshots = new Map<number, EligibilitySnapshot>();
  if (candidateIds.length === 0) return snapshots;
  const p = candidateProfiles;
  const people = await db
    .select({
      userId: users.id,
      profileId: p.id,
      bornAt: p.bornAt,
      countryOfBirth: p.countryOfBirth,
      identification: p.identification,
      driversLicense: p.driversLicense,
      latitude: p.latitude,
      longitude: p.longitude,
    })
    .from(users)
    .leftJoin(p, eq(p.userId, users.id))
    .where(and(inIds(users.id, candidateIds), eq(users.role, 'candidate')));
  if (people.length === 0) return snapshots;

  const byProfile = new Map<number, EligibilitySnapshot>();
  for (const row of people) {
    const snapshot: EligibilitySnapshot = {
      ...emptySnapshot(row.userId),
      bornAt: row.bornAt,
      countryOfBirth: row.countryOfBirth,
      identification: row.identification,
      driversLicense: row.driversLicense,
      location:
        row.latitude !== null && row.longitude !== null
          ? { latitude: row.latitude, longitude: row.longitude }
          : null,
      documentKinds: [],
    };
    snapshots.set(row.userId, snapshot);
    if (row.profileId !== null) byProfile.set(row.profileId, snapshot);
  }

  const userIds = people.map((r) => r.userId);
  const kinds = await db
    .selectDistinct({ userId: documents.userId, kind: documents.kind })
    .from(documents)
    .where(inIds(documents.userId, userIds))
    .orderBy(asc(documents.userId), asc(documents.kind));
  for (const row of kinds) {
    (snapshots.get(row.userId)!.documentKinds as string[]).push(row.kind);
  }

  const profileIds = [...byProfile.keys()];
  if (profileIds.length === 0) return snapshots;
  await loadQualifications(db, profileIds, byProfile);

  const rights = (table: typeof workRights | typeof studyRights) =>
    db
      .select({
        profileId: table.profileId,
        countryCode: table.countryCode,
        kind: table.kind,
        validUntil: table.validUntil,
      })
      .from(table)
      .where(inIds(table.profileId, profileIds))
      .orderBy(asc(table.id));
  for (const r of await rights(workRights)) {
    byProfile.get(r.profileId)!.workRights.push({
      countryCode: r.countryCode,
      kind: r.kind,
      validUntil: r.validUntil,
    });
  }
  for (const r of await rights(studyRights)) {
    byProfile.get(r.profileId)!.studyRights.push({
      countryCode: r.countryCode,
      kind: r.kind,
      validUntil: r.validUntil,
    });
  }

  const lp = languageProficiencies;
  for (const l of await db
    .select({
      profileId: lp.profileId,
      language: lp.language,
      reading: lp.reading,
      writing: lp.writing,
      speaking: lp.speaking,
    })
    .from(lp)
    .where(inIds(lp.profileId, profileIds))
    .orderBy(asc(lp.id))) {
    const { profileId, ...language } = l;
    byProfile.get(profileId)!.languages.push(language);
  }

  const x = experiences;
  for (const e of await db
    .select({
      profileId: x.profileId,
      kind: x.kind,
      startsAt: x.startsAt,
      endsAt: x.endsAt,
      current: x.current,
    })
    .from(x)
    .where(inIds(x.profileId, profileIds))
    .orderBy(asc(x.id))) {
    const { profileId, ...experience } = e;
    byProfile.get(profileId)!.experiences.push(experience);
  }
  return snapshots;
}

/** The type and category of a profile qualification: its own, else its programme's. */
export const qualificationTypeIdOf = sql<
  number | null
>`coalesce(${profileQualifications.qualificationTypeId}, ${qualifications.qualificationTypeId})`;
export const qualificationCategoryIdOf = sql<
  number | null
>`coalesce(${profileQualifications.qualificationCategoryId}, ${qualifications.qualificationCategoryId})`;

async function loadQualifications(
  db: DbOrTx,
  profileIds: number[],
  byProfile: Map<number, EligibilitySnapshot>,
): Promise<void> {
  const pq = profileQualifications;
  const rows = await db
    .select({
      id: pq.id,
      profileId: pq.profileId,
      specialization: qualifications.specialization,
      qualificationTypeId: qualificationTypeIdOf,
      typeName: qualificationTypes.name,
      nqfLevel: qualificationTypes.nqfLevel,
      categoryId: qualificationCategoryIdOf,
      categoryName: qualificationCategories.name,
      institutionId: pq.institutionId,
      institutionName: sql<string | null>`coalesce(${institutions.name}, ${pq.institutionName})`,
      institutionKind: institutions.kind,
      status: pq.status,
      startsAt: pq.startsAt,
      endsAt: pq.endsAt,
      gradeNormalized: pq.gradeNormalized,
    })
    .from(pq)
    .leftJoin(qualifications, eq(qualifications.id, pq.qualificationId))
    .leftJoin(qualificationTypes, eq(qualificationTypes.id, qualificationTypeIdOf))
    .leftJoin(qualificationCategories, eq(qualificationCategories.id, qualificationCategoryIdOf))
    .leftJoin(institutions, eq(institutions.id, pq.institutionId))
    .where(inIds(pq.profileId, profileIds))
    .orderBy(asc(pq.id));
  if (rows.length === 0) return;
  const byId = new Map<number, SnapshotQualification>();
  for (const r of rows) {
    const q: SnapshotQualification = {
      id: r.id,
      name: r.specialization ?? r.typeName,
      qualificationTypeId: r.qualificationTypeId === null ? null : Number(r.qualificationTypeId),
      typeName: r.typeName,
      nqfLevel: r.nqfLevel,
      categoryId: r.categoryId === null ? null : Number(r.categoryId),
      categoryName: r.categoryName,
      disciplines: [],
      institutionId: r.institutionId,
      institutionName: r.institutionName,
      institutionKind: r.institutionKind,
      status: r.status,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      gradeNormalized: r.gradeNormalized,
      components: [],
    };
    byId.set(r.id, q);
    byProfile.get(r.profileId)!.qualifications.push(q);
  }
  const ids = [...byId.keys()];
  const d = profileQualificationDisciplines;
  for (const row of await db
    .select({
      qualificationId: d.profileQualificationId,
      id: disciplines.id,
      name: disciplines.name,
    })
    .from(d)
    .innerJoin(disciplines, eq(disciplines.id, d.disciplineId))
    .where(inIds(d.profileQualificationId, ids))
    .orderBy(asc(disciplines.name))) {
    byId.get(row.qualificationId)!.disciplines.push({ id: row.id, name: row.name });
  }
  const c = profileQualificationComponents;
  for (const row of await db
    .select({
      qualificationId: c.profileQualificationId,
      componentId: c.qualificationComponentId,
      name: sql<string>`coalesce(${qualificationComponents.name}, ${c.name}, '')`,
      mark: c.mark,
    })
    .from(c)
    .leftJoin(qualificationComponents, eq(qualificationComponents.id, c.qualificationComponentId))
    .where(inIds(c.profileQualificationId, ids))
    .orderBy(asc(c.id))) {
    const { qualificationId, ...component } = row;
    byId.get(qualificationId)!.components.push(component);
  }
}
