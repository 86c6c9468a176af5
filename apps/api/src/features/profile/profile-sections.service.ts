import type { FieldErrors } from '@pathways/shared/common/errors';
import { dateMessages, endsBeforeStart } from '@pathways/shared/profile/dates';
import { fieldMessages } from '@pathways/shared/profile/fields';
import {
  experienceMessages,
  type Achievement,
  type AchievementInput,
  type Affiliation,
  type AffiliationInput,
  type Experience,
  type ExperienceInput,
  type ExperiencePatch,
  type LanguageProficiency,
  type LanguageProficiencyInput,
  type Right,
  type RightInput,
} from '@pathways/shared/profile/sections.schemas';

import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../auth/index.ts';
import * as repo from './profile-sections.repository.ts';
import type { SectionInsert, SectionRow, SimpleSection } from './profile-sections.repository.ts';
import {
  sortExperiences,
  toAchievementDto,
  toAffiliationDto,
  toExperienceDto,
  toLanguageDto,
  toRightDto,
} from './profile.mapper.ts';
import * as profileRepo from './profile.repository.ts';
import { ensureProfile, refreshCompletion, validationError } from './profile.service.ts';

/** How each one-row section answers: its not-found message and its one-per-profile rule. */
const specs: Record<
  SimpleSection,
  { missing: string; unique?: { constraint: string; field: string } }
> = {
  experiences: { missing: 'Experience not found' },
  achievements: { missing: 'Achievement not found' },
  affiliations: { missing: 'Affiliation not found' },
  languageProficiencies: {
    missing: 'Language proficiency not found',
    unique: { constraint: 'language_proficiencies_profile_language_unique', field: 'language' },
  },
  studyRights: {
    missing: 'Study right not found',
    unique: { constraint: 'study_rights_profile_country_unique', field: 'countryCode' },
  },
  workRights: {
    missing: 'Work right not found',
    unique: { constraint: 'work_rights_profile_country_unique', field: 'countryCode' },
  },
};

type Dated = { startsAt?: string | null; endsAt?: string | null };

/** The range rule on the row as it will be: a patch may move only one end. */
function rangeErrors(stored: Dated, patch: Dated): FieldErrors {
  const startsAt = patch.startsAt !== undefined ? patch.startsAt : stored.startsAt;
  const endsAt = patch.endsAt !== undefined ? patch.endsAt : stored.endsAt;
  return endsBeforeStart(startsAt, endsAt) ? { endsAt: [dateMessages.endBeforeStart] } : {};
}

export function createSectionsService(deps: Pick<FeatureDeps, 'db'>) {
  const { db } = deps;

  /** Runs a write, turning a one-per-profile violation into a field error. */
  async function write<T>(section: SimpleSection, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (error) {
      const unique = specs[section].unique;
      if (unique && isUniqueViolation(error, unique.constraint)) {
        throw validationError({ [unique.field]: [fieldMessages.alreadyAdded] });
      }
      throw error;
    }
  }

  async function list<S extends SimpleSection>(actor: Actor, section: S) {
    const profile = await profileRepo.findProfileByUserId(db, actor.userId);
    return profile ? repo.listSection(db, section, profile.id) : [];
  }

  function create<S extends SimpleSection>(
    actor: Actor,
    section: S,
    values: Omit<SectionInsert<S>, 'profileId'>,
  ): Promise<SectionRow<S>> {
    return write(section, async (tx) => {
      const profile = await ensureProfile(tx, actor.userId);
      const row = await repo.insertSection(tx, section, {
        ...values,
        profileId: profile.id,
      } as SectionInsert<S>);
      await refreshCompletion(tx, actor.userId);
      return row;
    });
  }

  function update<S extends SimpleSection>(
    actor: Actor,
    section: S,
    id: number,
    values: Partial<SectionInsert<S>>,
    options: { check?: (row: SectionRow<S>) => FieldErrors; failure?: string } = {},
  ): Promise<SectionRow<S>> {
    return write(section, async (tx) => {
      const profile = await profileRepo.findProfileByUserId(tx, actor.userId);
      const row = profile && (await repo.findSection(tx, section, profile.id, id));
      if (!profile || !row) throw notFound(specs[section].missing);
      const errors = options.check?.(row) ?? {};
      if (Object.keys(errors).length > 0) throw validationError(errors, options.failure);
      const updated = await repo.updateSection(tx, section, profile.id, id, values);
      if (!updated) throw notFound(specs[section].missing);
      return updated;
    });
  }

  async function remove(actor: Actor, section: SimpleSection, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const profile = await profileRepo.findProfileByUserId(tx, actor.userId);
      if (!profile || !(await repo.deleteSection(tx, section, profile.id, id))) {
        throw notFound(specs[section].missing);
      }
      await refreshCompletion(tx, actor.userId);
    });
  }

  return {
    experiences: {
      list: async (actor: Actor): Promise<Experience[]> =>
        sortExperiences((await list(actor, 'experiences')).map(toExperienceDto)),
      create: async (actor: Actor, input: ExperienceInput): Promise<Experience> =>
        toExperienceDto(
          await create(actor, 'experiences', {
            ...input,
            kind: input.kind ?? 'work',
            current: input.current ?? false,
          }),
        ),
      /** A failed update says "There was a problem updating the work experience". */
      update: async (actor: Actor, id: number, patch: ExperiencePatch): Promise<Experience> =>
        toExperienceDto(
          await update(actor, 'experiences', id, patch, {
            check: (row) => rangeErrors(row, patch),
            failure: experienceMessages.updateFailed,
          }),
        ),
      remove: (actor: Actor, id: number) => remove(actor, 'experiences', id),
    },
    achievements: {
      create: async (actor: Actor, input: AchievementInput): Promise<Achievement> =>
        toAchievementDto(await create(actor, 'achievements', input)),
      update: async (actor: Actor, id: number, patch: Partial<AchievementInput>) =>
        toAchievementDto(await update(actor, 'achievements', id, patch)),
      remove: (actor: Actor, id: number) => remove(actor, 'achievements', id),
    },
    affiliations: {
      create: async (actor: Actor, input: AffiliationInput): Promise<Affiliation> =>
        toAffiliationDto(await create(actor, 'affiliations', input)),
      update: async (actor: Actor, id: number, patch: Partial<AffiliationInput>) =>
        toAffiliationDto(
          await update(actor, 'affiliations', id, patch, {
            check: (row) => rangeErrors(row, patch),
          }),
        ),
      remove: (actor: Actor, id: number) => remove(actor, 'affiliations', id),
    },
    languageProficiencies: {
      create: async (actor: Actor, input: LanguageProficiencyInput): Promise<LanguageProficiency> =>
        toLanguageDto(await create(actor, 'languageProficiencies', input)),
      update: async (actor: Actor, id: number, patch: Partial<LanguageProficiencyInput>) =>
        toLanguageDto(await update(actor, 'languageProficiencies', id, patch)),
      remove: (actor: Actor, id: number) => remove(actor, 'languageProficiencies', id),
    },
    studyRights: {
      create: async (actor: Actor, input: RightInput): Promise<Right> =>
        toRightDto(await create(actor, 'studyRights', input)),
      update: async (actor: Actor, id: number, patch: Partial<RightInput>) =>
        toRightDto(await update(actor, 'studyRights', id, patch)),
      remove: (actor: Actor, id: number) => remove(actor, 'studyRights', id),
    },
    workRights: {
      create: async (actor: Actor, input: RightInput): Promise<Right> =>
        toRightDto(await create(actor, 'workRights', input)),
      update: async (actor: Actor, id: number, patch: Partial<RightInput>) =>
        toRightDto(await update(actor, 'workRights', id, patch)),
      remove: (actor: Actor, id: number) => remove(actor, 'workRights', id),
    },
  };
}

export type SectionsService = ReturnType<typeof createSectionsService>;
