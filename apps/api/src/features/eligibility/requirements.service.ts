import {
  criterion as criterionSchema,
  type Criterion,
  type CriterionOf,
} from '@pathways/shared/eligibility/criteria';
import { describeCriterion } from '@pathways/shared/eligibility/describe';
import {
  eligibilityMessages,
  type RequirementCreate,
  type RequirementPatch,
  type RequirementResponse,
} from '@pathways/shared/eligibility/eligibility.schemas';
import type { ReferenceNames } from '@pathways/shared/eligibility/snapshot';
import { fieldMessages } from '@pathways/shared/profile/fields';

import type { DbOrTx } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { requestEligibilityRecompute } from './eligibility.jobs.ts';
import { toRequirement } from './eligibility.mapper.ts';
import * as repo from './eligibility.repository.ts';

// The admin's requirements (create, change, delete). Every change is committed first, then the
// opportunity's stored eligibilities are recomputed by a job.

/** The names of the reference rows (types, categories, institutions, ...) these criteria use. */
export async function referenceNamesOf(
  db: DbOrTx,
  criteria: readonly Criterion[],
): Promise<ReferenceNames> {
  const qualifications = criteria.flatMap((c) => (c.kind === 'qualification' ? [c] : []));
  const ids = (pick: (c: CriterionOf<'qualification'>) => number[] | undefined) => [
    ...new Set(qualifications.flatMap((c) => pick(c) ?? [])),
  ];
  return repo.findNames(db, {
    qualificationTypes: ids((c) => c.qualificationTypeIds),
    categories: ids((c) => c.categoryIds),
    disciplines: ids((c) => c.disciplineIds),
    institutions: ids((c) => c.institutionIds),
    components: [
      ...new Set(
        criteria.flatMap((c) =>
          c.kind === 'school_subjects'
            ? c.subjects.flatMap((s) =>
                s.componentId !== undefined && !s.name ? [s.componentId] : [],
              )
            : [],
        ),
      ),
    ],
  });
}

/** The words of a criterion, with the names of the reference rows it refers to. */
export async function describe(db: DbOrTx, c: Criterion): Promise<string> {
  return describeCriterion(c, await referenceNamesOf(db, [c]));
}

export function createRequirementsService(deps: Pick<FeatureDeps, 'db'> & { jobs: Jobs }) {
  const { db, jobs } = deps;

  return {
    async create(input: RequirementCreate): Promise<RequirementResponse> {
      const row = await db.transaction(async (tx) => {
        if (!(await repo.lockOpportunity(tx, input.opportunityId))) {
          throw fieldError('opportunityId', fieldMessages.notFound);
        }
        return repo.insertRequirement(tx, {
          opportunityId: input.opportunityId,
          kind: input.criterion.kind,
          criterion: input.criterion,
          description: await describe(tx, input.criterion),
          position: input.position ?? (await repo.nextRequirementPosition(tx, input.opportunityId)),
        });
      });
      await requestEligibilityRecompute(jobs, { opportunityId: row.opportunityId });
      return toRequirement(row, input.criterion);
    },

    async update(id: number, patch: RequirementPatch): Promise<RequirementResponse> {
      const { row, criterion } = await db.transaction(async (tx) => {
        const current = await repo.findRequirement(tx, id);
        if (!current) throw notFound(eligibilityMessages.requirementNotFound);
        let criterion = patch.criterion;
        if (!criterion) {
          const stored = criterionSchema.safeParse(current.criterion);
          // A requirement stored by an older version: only a new criterion can fix it.
          if (!stored.success) throw fieldError('criterion', fieldMessages.required);
          criterion = stored.data;
        }
        const updated = await repo.updateRequirement(tx, id, {
          ...(patch.criterion
            ? {
                kind: patch.criterion.kind,
                criterion: patch.criterion,
                description: await describe(tx, patch.criterion),
              }
            : {}),
          ...(patch.position !== undefined ? { position: patch.position } : {}),
        });
        if (!updated) throw notFound(eligibilityMessages.requirementNotFound);
        return { row: updated, criterion };
      });
      await requestEligibilityRecompute(jobs, { opportunityId: row.opportunityId });
      return toRequirement(row, criterion);
    },

    async remove(id: number): Promise<void> {
      const row = await repo.deleteRequirement(db, id);
      if (!row) throw notFound(eligibilityMessages.requirementNotFound);
      await requestEligibilityRecompute(jobs, { opportunityId: row.opportunityId });
    },
  };
}

export type RequirementsService = ReturnType<typeof createRequirementsService>;
