import { guestProfileOf, type GuestProfile } from '@pathways/shared/profile/guest-profile';
import { profileCompletion } from '@pathways/shared/action-items/action-items.rules';
import type { FieldErrors } from '@pathways/shared/common/errors';
import { titleCase } from '@pathways/shared/common/names';
import { isoDay } from '@pathways/shared/profile/dates';
import {
  bornAtErrors,
  identificationBirthDate,
  identificationMessages,
  identityErrors,
} from '@pathways/shared/profile/identification';
import type { Profile, ProfilePatch } from '@pathways/shared/profile/profile.schemas';

import type { DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { setUserNames, type Actor } from '../auth/index.ts';
import * as sections from './profile-sections.repository.ts';
import { toProfileDto } from './profile.mapper.ts';
import * as repo from './profile.repository.ts';

const IDENTIFICATION_UNIQUE = 'candidate_profiles_identification_unique';

/** A 422 with these field errors; the message is the first of them. */
export function validationError(errors: FieldErrors, message?: string): AppError {
  const first = Object.values(errors)[0]?.[0] ?? 'Invalid input';
  return new AppError('validation', message ?? first, { errors });
}

/**
 * The candidate's profile, created on first use and started with the names of the account.
 * With `lock`, the row stays locked until the transaction ends (writes of one candidate queue).
 */
export async function ensureProfile(
  db: DbOrTx,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<repo.ProfileRow> {
  const existing = await repo.findProfileByUserId(db, userId, options);
  if (existing) return existing;
  const names = await repo.findUserNames(db, userId);
  if (!names) throw notFound('Profile not found');
  await repo.insertProfileIfMissing(db, {
    userId,
    firstNames: names.firstName ? titleCase(names.firstName) || null : null,
    lastName: names.lastName ? titleCase(names.lastName, 'surname') || null : null,
  });
  const created = await repo.findProfileByUserId(db, userId, options);
  if (!created) throw notFound('Profile not found');
  return created;
}

/**
 * Keeps `candidate_profiles.completion` equal to what the to-do rules say (client lists filter
 * on it). Returns the percentage, or null when the candidate has no profile row yet.
 */
export async function refreshCompletion(db: DbOrTx, userId: number): Promise<number | null> {
  const loaded = await repo.loadProfileFacts(db, userId);
  if (!loaded || loaded.profileId === null) return null;
  const { percentage } = profileCompletion({ profile: loaded.facts, avatar: loaded.user.avatar });
  if (percentage !== loaded.completion) await repo.setCompletion(db, loaded.profileId, percentage);
  return percentage;
}

/** The profile with every section: a constant number of queries. */
export async function loadFullProfile(db: DbOrTx, userId: number, now: Date): Promise<Profile> {
  const row = await repo.findProfileByUserId(db, userId);
  if (!row) throw notFound('Profile not found');
  const qualifications = await sections.loadQualifications(db, row.id);
  const experiences = await sections.listSection(db, 'experiences', row.id);
  const achievements = await sections.listSection(db, 'achievements', row.id);
  const affiliations = await sections.listSection(db, 'affiliations', row.id);
  const languageProficiencies = await sections.listSection(db, 'languageProficiencies', row.id);
  const studyRights = await sections.listSection(db, 'studyRights', row.id);
  const workRights = await sections.listSection(db, 'workRights', row.id);
  return toProfileDto(
    row,
    {
      experiences,
      qualifications,
      achievements,
      affiliations,
      languageProficiencies,
      studyRights,
      workRights,
    },
    now,
  );
}

const locationKeys = ['location', 'latitude', 'longitude', 'address'];

/** The column values of a validated patch (the location splits into three columns). */
function columnsOf(patch: ProfilePatch): repo.ProfileUpdate {
  const { location, ...fields } = patch;
  const values: repo.ProfileUpdate = { ...fields };
  if (location !== undefined) {
    values.latitude = location?.latitude ?? null;
    values.longitude = location?.longitude ?? null;
    values.address = location?.address ?? null;
  }
  return values;
}

/**
 * The errors kept on the profile after a successful update: a field the candidate changed
 * loses its old error; an untouched stored identification that fails its rule keeps one.
 */
function nextErrors(
  stored: FieldErrors,
  patch: ProfilePatch,
  identity: { countryOfBirth: string | null; identification: string | null },
): FieldErrors {
  const touched = new Set(Object.keys(patch));
  if (touched.has('location')) locationKeys.forEach((k) => touched.add(k));
  const next: FieldErrors = {};
  for (const [field, messages] of Object.entries(stored)) {
    if (!touched.has(field) && messages.length > 0) next[field] = messages;
  }
  return { ...next, ...identityErrors(identity) };
}

/**
 * The date of birth to save with a patch, or undefined to save what the patch says. A South
 * African ID number states the date of birth: a date given must be that one (422 otherwise); none
 * given, it is filled in from the number when the number is new or no date is kept yet.
 */
function birthDateToSave(
  current: repo.ProfileRow,
  patch: ProfilePatch,
  identity: { countryOfBirth: string | null; identification: string | null },
  today: string,
): string | undefined {
  const stated = identificationBirthDate(identity, today);
  if (!stated) return undefined;
  if (patch.bornAt) {
    const errors = bornAtErrors({ ...identity, bornAt: patch.bornAt }, today);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return undefined;
  }
  const newNumber =
    identity.countryOfBirth !== current.countryOfBirth ||
    identity.identification !== current.identification;
  const kept = patch.bornAt === undefined ? current.bornAt : null;
  return newNumber || !kept ? stated : undefined;
}

/** The whole profile of a candidate, or null when they have not started one (for readers). */
export async function loadProfileIfAny(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<Profile | null> {
  if (!(await repo.findProfileByUserId(db, userId))) return null;
  return loadFullProfile(db, userId, now);
}

/**
 * The candidate's profile as someone outside the organization may see it (`guestProfileOf`:
 * never contact details or identity; no name under blind review); null without a profile.
 */
export async function guestProfileOfCandidate(
  db: DbOrTx,
  userId: number,
  options: { blind: boolean },
  now: Date,
): Promise<GuestProfile | null> {
  const full = await loadProfileIfAny(db, userId, now);
  return full && guestProfileOf(full, options);
}

export function createProfileService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db, now } = deps;

  return {
    async get(actor: Actor): Promise<Profile> {
      await ensureProfile(db, actor.userId);
      await refreshCompletion(db, actor.userId);
      return loadFullProfile(db, actor.userId, now());
    },

    /**
     * Names title-cased, the identification checked against the country of
     * birth (also when only one of them changes) and unique per country. Field errors are 422.
     */
    async update(actor: Actor, patch: ProfilePatch): Promise<Profile> {
      try {
        return await db.transaction(async (tx) => {
          const current = await ensureProfile(tx, actor.userId, { lock: true });
          const identity = {
            countryOfBirth:
              patch.countryOfBirth !== undefined ? patch.countryOfBirth : current.countryOfBirth,
            identification:
              patch.identification !== undefined ? patch.identification : current.identification,
          };
          if (patch.countryOfBirth !== undefined || patch.identification !== undefined) {
            const errors = identityErrors(identity);
            if (Object.keys(errors).length > 0) throw validationError(errors);
            const changed =
              identity.countryOfBirth !== current.countryOfBirth ||
              identity.identification !== current.identification;
            if (
              changed &&
              identity.countryOfBirth &&
              identity.identification &&
              (await repo.identificationTaken(tx, {
                countryOfBirth: identity.countryOfBirth,
                identification: identity.identification,
                exceptProfileId: current.id,
              }))
            ) {
              throw fieldError('identification', identificationMessages.taken);
            }
          }
          const bornAt = birthDateToSave(current, patch, identity, isoDay(now()));
          await repo.updateProfile(tx, current.id, {
            ...columnsOf(patch),
            ...(bornAt === undefined ? {} : { bornAt }),
            errors: nextErrors(current.errors ?? {}, patch, identity),
          });
          // The account carries the candidate's names too (the menu, greetings, e-mails,
          // conversations): the profile's names are the ones the candidate keeps, so it follows.
          await setUserNames(tx, actor.userId, {
            firstName: patch.firstNames,
            lastName: patch.lastName,
          });
          await refreshCompletion(tx, actor.userId);
          return loadFullProfile(tx, actor.userId, now());
        });
      } catch (error) {
        // Two accounts saving the same number at once: the unique index decides.
        if (isUniqueViolation(error, IDENTIFICATION_UNIQUE)) {
          throw fieldError('identification', identificationMessages.taken);
        }
        throw error;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

// What other features read or store of a candidate's profile.

export type { ProfileFactsRow } from './profile.repository.ts';

/** What the to-do rules and the completion read of a candidate's profile; undefined without a user. */
export function profileFactsOf(db: DbOrTx, userId: number) {
  return repo.loadProfileFacts(db, userId);
}

/** Stores the profile's completion as the to-do rules computed it (client lists filter on it). */
export function storeProfileCompletion(db: DbOrTx, profileId: number, completion: number) {
  return repo.setCompletion(db, profileId, completion);
}

/** The candidate's psychometric assessment results, for the managers of their applications. */
export function psychometricsOf(db: DbOrTx, candidateId: number) {
  return repo.listPsychometricsOf(db, candidateId);
}
