import type { FieldErrors } from '@pathways/shared/common/errors';
import { dateMessages, endsBeforeStart } from '@pathways/shared/profile/dates';
import { fieldMessages } from '@pathways/shared/profile/fields';
import type {
  ProfileQualification,
  ProfileQualificationComponent,
  ProfileQualificationComponentInput,
  ProfileQualificationComponentPatch,
  ProfileQualificationInput,
  ProfileQualificationPatch,
} from '@pathways/shared/profile/sections.schemas';

import type { DbOrTx, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../auth/index.ts';
import * as repo from './profile-sections.repository.ts';
import { sortQualifications, toComponentDto, toQualificationDto } from './profile.mapper.ts';
import * as profileRepo from './profile.repository.ts';
import { ensureProfile, refreshCompletion, validationError } from './profile.service.ts';

const QUALIFICATION_MISSING = 'Profile qualification not found';
const COMPONENT_MISSING = 'Profile qualification component not found';
const COMPONENT_UNIQUE = 'profile_qualification_components_component_unique';

type Columns = Partial<repo.ProfileQualificationInsert>;

/** The stored values of a qualification after a create or patch, checked as a whole. */
interface Resolved {
  columns: Columns;
  disciplineIds?: number[];
}

function sameIds(a: number[], b: number[]): boolean {
  const sortedB = [...b].sort((x, y) => x - y);
  return a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === sortedB[i]);
}

export function createQualificationsService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db, now } = deps;

  /**
   * Checks the references and the rules on the qualification as it will be (`stored` merged
   * with `input`) and returns the columns to write. The type and category follow the chosen
   * qualification unless given; verifiedAt is never taken from the candidate.
   */
  async function resolve(
    tx: DbOrTx,
    stored: repo.ProfileQualificationRow | null,
    input: ProfileQualificationPatch,
  ): Promise<Resolved> {
    const errors: FieldErrors = {};
    const { disciplineIds, ...fields } = input;
    const uniqueDisciplines = disciplineIds ? [...new Set(disciplineIds)] : undefined;
    const refs = await repo.findReferences(tx, { ...fields, disciplineIds: uniqueDisciplines });
    const missing = (field: string) => (errors[field] = [fieldMessages.notFound]);
    if (refs.institution === null) missing('institutionId');
    if (refs.qualification === null) missing('qualificationId');
    if (refs.type === null) missing('qualificationTypeId');
    if (refs.category === null) missing('qualificationCategoryId');
    if (uniqueDisciplines && refs.disciplineIds.length !== uniqueDisciplines.length) {
      missing('disciplineIds');
    }
    const columns: Columns = { ...fields };
    if (refs.qualification) {
      const typeId = fields.qualificationTypeId;
      if (typeId != null && typeId !== refs.qualification.typeId) {
        errors.qualificationTypeId = ['does not match the qualification'];
      }
      columns.qualificationTypeId = refs.qualification.typeId;
      if (fields.qualificationCategoryId === undefined && refs.qualification.categoryId !== null) {
        columns.qualificationCategoryId = refs.qualification.categoryId;
      }
    }
    const merged = { ...stored, ...columns };
    if (merged.institutionId == null && merged.institutionName == null) {
      errors.institutionId ??= [fieldMessages.required];
    }
    if (merged.qualificationTypeId == null && merged.qualificationId == null) {
      errors.qualificationTypeId ??= [fieldMessages.required];
    }
    if (endsBeforeStart(merged.startsAt, merged.endsAt)) {
      errors.endsAt = [dateMessages.endBeforeStart];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return { columns, disciplineIds: uniqueDisciplines };
  }

  async function dto(tx: DbOrTx, profileId: number, id: number): Promise<ProfileQualification> {
    const [detail] = await repo.loadQualifications(tx, profileId, id);
    if (!detail) throw notFound(QUALIFICATION_MISSING);
    return toQualificationDto(detail, now());
  }

  /** The actor's profile and this qualification of it, locked for the write; else 404. */
  async function owned(tx: Tx, actor: Actor, id: number) {
    const profile = await profileRepo.findProfileByUserId(tx, actor.userId);
    const row = profile && (await repo.findQualification(tx, profile.id, id, { lock: true }));
    if (!profile || !row) throw notFound(QUALIFICATION_MISSING);
    return { profile, row };
  }

  /** A verification covers what was checked: any change of the candidate's withdraws it. */
  async function unverify(tx: DbOrTx, row: repo.ProfileQualificationRow) {
    if (row.verifiedAt) await repo.updateQualification(tx, row.id, { verifiedAt: null });
  }

  async function componentWrite<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error, COMPONENT_UNIQUE)) {
        throw validationError({ qualificationComponentId: [fieldMessages.alreadyAdded] });
      }
      throw error;
    }
  }

  async function checkComponentReference(tx: DbOrTx, id: number | null | undefined) {
    if (id == null) return;
    if (!(await repo.findQualificationComponent(tx, id))) {
      throw validationError({ qualificationComponentId: [fieldMessages.notFound] });
    }
  }

  return {
    async list(actor: Actor): Promise<ProfileQualification[]> {
      const profile = await profileRepo.findProfileByUserId(db, actor.userId);
      if (!profile) return [];
      const details = await repo.loadQualifications(db, profile.id);
      return sortQualifications(details.map((d) => toQualificationDto(d, now())));
    },

    async create(actor: Actor, input: ProfileQualificationInput): Promise<ProfileQualification> {
      return db.transaction(async (tx) => {
        const profile = await ensureProfile(tx, actor.userId);
        const { columns, disciplineIds } = await resolve(tx, null, input);
        const row = await repo.insertQualification(tx, { ...columns, profileId: profile.id });
        if (disciplineIds) await repo.replaceDisciplines(tx, row.id, disciplineIds);
        await refreshCompletion(tx, actor.userId);
        return dto(tx, profile.id, row.id);
      });
    },

    async update(
      actor: Actor,
      id: number,
      patch: ProfileQualificationPatch,
    ): Promise<ProfileQualification> {
      return db.transaction(async (tx) => {
        const { profile, row } = await owned(tx, actor, id);
        const { columns, disciplineIds } = await resolve(tx, row, patch);
        const changedColumns = (Object.keys(columns) as (keyof Columns)[]).filter(
          (key) => columns[key] !== undefined && columns[key] !== row[key as keyof typeof row],
        );
        let changed = changedColumns.length > 0;
        if (disciplineIds) {
          const [current] = await repo.loadQualifications(tx, profile.id, id);
          const before = current?.disciplines.map((d) => d.id) ?? [];
          if (!sameIds(before, disciplineIds)) {
            await repo.replaceDisciplines(tx, id, disciplineIds);
            changed = true;
          }
        }
        if (changed) {
          await repo.updateQualification(tx, id, { ...columns, verifiedAt: null });
          await refreshCompletion(tx, actor.userId);
        }
        return dto(tx, profile.id, id);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const profile = await profileRepo.findProfileByUserId(tx, actor.userId);
        if (!profile || !(await repo.deleteQualification(tx, profile.id, id))) {
          throw notFound(QUALIFICATION_MISSING);
        }
        await refreshCompletion(tx, actor.userId);
      });
    },

    components: {
      async list(actor: Actor, id: number): Promise<ProfileQualificationComponent[]> {
        const profile = await profileRepo.findProfileByUserId(db, actor.userId);
        const row = profile && (await repo.findQualification(db, profile.id, id));
        if (!row) throw notFound(QUALIFICATION_MISSING);
        return (await repo.loadComponents(db, [id])).map(toComponentDto);
      },

      create(
        actor: Actor,
        id: number,
        input: ProfileQualificationComponentInput,
      ): Promise<ProfileQualificationComponent> {
        return componentWrite(async (tx) => {
          const { row } = await owned(tx, actor, id);
          await checkComponentReference(tx, input.qualificationComponentId);
          const created = await repo.insertComponent(tx, { ...input, profileQualificationId: id });
          await unverify(tx, row);
          await refreshCompletion(tx, actor.userId);
          const [detail] = await repo.loadComponents(tx, [id], created.id);
          return toComponentDto(detail!);
        });
      },

      update(
        actor: Actor,
        id: number,
        componentId: number,
        patch: ProfileQualificationComponentPatch,
      ): Promise<ProfileQualificationComponent> {
        return componentWrite(async (tx) => {
          const { row } = await owned(tx, actor, id);
          const [current] = await repo.loadComponents(tx, [id], componentId);
          if (!current) throw notFound(COMPONENT_MISSING);
          await checkComponentReference(tx, patch.qualificationComponentId);
          const merged = { ...current.row, ...patch };
          if (merged.qualificationComponentId == null && merged.name == null) {
            throw validationError({ name: [fieldMessages.required] });
          }
          const changed = (Object.keys(patch) as (keyof typeof patch)[]).some(
            (key) => patch[key] !== undefined && patch[key] !== current.row[key],
          );
          if (changed) {
            await repo.updateComponent(tx, id, componentId, patch);
            await unverify(tx, row);
          }
          const [detail] = await repo.loadComponents(tx, [id], componentId);
          return toComponentDto(detail!);
        });
      },

      async remove(actor: Actor, id: number, componentId: number): Promise<void> {
        await db.transaction(async (tx) => {
          const { row } = await owned(tx, actor, id);
          if (!(await repo.deleteComponent(tx, id, componentId))) {
            throw notFound(COMPONENT_MISSING);
          }
          await unverify(tx, row);
          await refreshCompletion(tx, actor.userId);
        });
      },
    },
  };
}

export type QualificationsService = ReturnType<typeof createQualificationsService>;
