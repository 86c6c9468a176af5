import type {
  ProfileFacts,
  QualificationFacts,
} from '@pathways/shared/action-items/action-items.rules';
import { and, asc, eq, ne, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentResults,
  candidateProfiles,
  experiences,
  institutions,
  profileQualificationComponents,
  profileQualifications,
  qualificationCategories,
  qualificationTypes,
  users,
} from '../../db/schema/index.ts';

export type ProfileRow = typeof candidateProfiles.$inferSelect;
export type ProfileUpdate = Partial<
  Omit<typeof candidateProfiles.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>
>;

export async function findProfileByUserId(
  db: DbOrTx,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<ProfileRow | undefined> {
  const query = db
    .select()
    .from(candidateProfiles)
    .where(eq(candidateProfiles.userId, userId))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The names on the account, to start a new profile with. */
export async function findUserNames(
  db: DbOrTx,
  userId: number,
): Promise<{ firstName: string | null; lastName: string | null } | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Inserts the profile unless a concurrent request already did. */
export async function insertProfileIfMissing(
  db: DbOrTx,
  values: typeof candidateProfiles.$inferInsert,
): Promise<void> {
  await db
    .insert(candidateProfiles)
    .values(values)
    .onConflictDoNothing({ target: candidateProfiles.userId });
}

export async function updateProfile(
  db: DbOrTx,
  id: number,
  values: ProfileUpdate,
): Promise<ProfileRow> {
  const [row] = await db
    .update(candidateProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(candidateProfiles.id, id))
    .returning();
  if (!row) throw new Error(`profile ${id} vanished`);
  return row;
}

/** Whether another profile holds this identification for this country of birth. */
export async function identificationTaken(
  db: DbOrTx,
  input: { countryOfBirth: string; identification: string; exceptProfileId: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: candidateProfiles.id })
    .from(candidateProfiles)
    .where(
      and(
        eq(candidateProfiles.countryOfBirth, input.countryOfBirth),
        eq(candidateProfiles.identification, input.identification),
        ne(candidateProfiles.id, input.exceptProfileId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setCompletion(db: DbOrTx, profileId: number, completion: number) {
  await db.update(candidateProfiles).set({ completion }).where(eq(candidateProfiles.id, profileId));
}

export interface ProfileFactsRow {
  profileId: number | null;
  completion: number | null;
  user: {
    avatar: string | null;
    confirmationSentAt: Date | null;
    confirmedAt: Date | null;
    isSuspended: boolean;
  };
  facts: ProfileFacts;
}

/**
 * What the to-do list and the completion need of a candidate, in two queries whatever the size
 * of the profile: the user with the profile and section counts, then the qualifications with
 * their kinds and subject counts. A candidate without a profile row has empty facts.
 */
export async function loadProfileFacts(
  db: DbOrTx,
  userId: number,
): Promise<ProfileFactsRow | undefined> {
  const p = candidateProfiles;
  const [row] = await db
    .select({
      avatar: users.avatar,
      confirmationSentAt: users.confirmationSentAt,
      confirmedAt: users.confirmedAt,
      isSuspended: users.isSuspended,
      profileId: p.id,
      completion: p.completion,
      countryOfBirth: p.countryOfBirth,
      identification: p.identification,
      bornAt: p.bornAt,
      gender: p.gender,
      ethnicity: p.ethnicity,
      disability: p.disability,
      biography: p.biography,
      mobileNumber: p.mobileNumber,
      latitude: p.latitude,
      longitude: p.longitude,
      errors: p.errors,
      experienceCount:
        sql<number>`(select count(*) from ${experiences} where ${experiences.profileId} = ${p.id})`.mapWith(
          Number,
        ),
      assessmentCount:
        sql<number>`(select count(*) from ${assessmentResults} where ${assessmentResults.profileId} = ${p.id})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .leftJoin(p, eq(p.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const qualifications: QualificationFacts[] =
    row.profileId === null
      ? []
      : await db
          .select({
            id: profileQualifications.id,
            status: profileQualifications.status,
            startsAt: profileQualifications.startsAt,
            endsAt: profileQualifications.endsAt,
            institutionKind: institutions.kind,
            typeName: qualificationTypes.name,
            categoryName: qualificationCategories.name,
            componentCount:
              sql<number>`(select count(*) from ${profileQualificationComponents} where ${profileQualificationComponents.profileQualificationId} = ${profileQualifications.id})`.mapWith(
                Number,
              ),
          })
          .from(profileQualifications)
          .leftJoin(institutions, eq(institutions.id, profileQualifications.institutionId))
          .leftJoin(
            qualificationTypes,
            eq(qualificationTypes.id, profileQualifications.qualificationTypeId),
          )
          .leftJoin(
            qualificationCategories,
            eq(qualificationCategories.id, profileQualifications.qualificationCategoryId),
          )
          .where(eq(profileQualifications.profileId, row.profileId))
          .orderBy(asc(profileQualifications.id));
  return {
    profileId: row.profileId,
    completion: row.completion,
    user: {
      avatar: row.avatar,
      confirmationSentAt: row.confirmationSentAt,
      confirmedAt: row.confirmedAt,
      isSuspended: row.isSuspended,
    },
    facts: {
      countryOfBirth: row.countryOfBirth,
      identification: row.identification,
      bornAt: row.bornAt,
      gender: row.gender,
      ethnicity: row.ethnicity,
      disability: row.disability,
      biography: row.biography,
      mobileNumber: row.mobileNumber,
      latitude: row.latitude,
      longitude: row.longitude,
      errors: row.errors ?? {},
      experienceCount: row.experienceCount ?? 0,
      assessmentCount: row.assessmentCount ?? 0,
      qualifications,
    },
  };
}

/** The candidate's psychometric aggregates, one per assessed item, by item. */
export async function listPsychometricsOf(db: DbOrTx, candidateId: number) {
  return db
    .select({
      item: assessmentResults.item,
      aggregate: assessmentResults.aggregate,
      assessedAt: assessmentResults.assessedAt,
    })
    .from(assessmentResults)
    .innerJoin(candidateProfiles, eq(candidateProfiles.id, assessmentResults.profileId))
    .where(eq(candidateProfiles.userId, candidateId))
    .orderBy(asc(assessmentResults.item));
}
