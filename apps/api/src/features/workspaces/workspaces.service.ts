import { activeFilters, filterApplicants } from '@pathways/shared/applicants/applicants.rules';
import type {
  ApplicantFilters,
  ApplicantRow,
} from '@pathways/shared/applicants/applicants.schemas';
import { initialPhase, orderedPhases } from '@pathways/shared/pipeline/chain';
import {
  countStandings,
  REGRETTED,
  WITHDRAWN,
  type StandingCounts,
} from '@pathways/shared/pipeline/standing';
import type { FieldErrors } from '@pathways/shared/common/errors';
import { windowErrors } from '@pathways/shared/workspaces/window';
import {
  workspaceMessages,
  type PhaseCount,
  type WorkspaceCounts,
  type WorkspaceList,
  type WorkspaceLocation,
  type WorkspaceManagers,
  type WorkspaceOpportunity,
  type createLocationBody,
  type createWorkspaceBody,
  type updateLocationBody,
  type updateWorkspaceBody,
} from '@pathways/shared/workspaces/workspaces.schemas';
import type { z } from 'zod';

import type { CurrencyCode } from '@pathways/shared/reference/currencies';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/access.ts';

import { emitOpportunityChange } from '../webhooks/index.ts';
import * as repo from './workspaces.repository.ts';
import {
  clientScopeOf,
  managedOpportunity,
  requirePrimary,
  type ClientScope,
} from '../../access/index.ts';

/** The phase a new opportunity starts its pipeline with. */
export const INITIAL_PHASE_NAME = 'Applied';

type CreateInput = z.output<typeof createWorkspaceBody>['opportunity'];
type UpdateInput = z.output<typeof updateWorkspaceBody>['opportunity'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dateOf = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);

/**
 * Applicants per phase of an opportunity's pipeline, in chain order (the initial phase first,
 * numbered from 1), and the regretted and withdrawn ones apart: each application counted once,
 * where it stands (the shared `standingOf()`).
 */
export interface PipelineCounts {
  phases: PhaseCount[];
  regretted: number;
  withdrawn: number;
}

type PhaseLinks = Awaited<ReturnType<typeof repo.findPhasesOf>>[number];

function pipelineCountsOf(phases: readonly PhaseLinks[], counts: StandingCounts): PipelineCounts {
  return {
    phases: orderedPhases(phases).map(({ id, name, order }) => ({
      id,
      name,
      order,
      count: counts.phases.get(id) ?? 0,
    })),
    regretted: counts.regretted,
    withdrawn: counts.withdrawn,
  };
}

/**
 * The counts of each of these opportunities' pipelines, by opportunity id, counted in the
 * database. Every count of applicants per phase comes from here or from `countStandings()` on
 * rows already loaded, its twin.
 */
export async function pipelineCounts(
  db: DbOrTx,
  opportunityIds: readonly number[],
): Promise<Map<number, PipelineCounts>> {
  const [phases, standings] = await Promise.all([
    repo.findPhasesOf(db, opportunityIds),
    repo.findStandingCounts(db, opportunityIds),
  ]);
  return new Map(
    opportunityIds.map((id) => {
      const counts: StandingCounts = { phases: new Map(), regretted: 0, withdrawn: 0 };
      for (const row of standings) {
        if (row.opportunityId !== id) continue;
        if (row.standing === WITHDRAWN) counts.withdrawn += row.n;
        else if (row.standing === REGRETTED) counts.regretted += row.n;
        else if (row.standing !== null) counts.phases.set(Number(row.standing), row.n);
      }
      return [
        id,
        pipelineCountsOf(
          phases.filter((p) => p.opportunityId === id),
          counts,
        ),
      ];
    }),
  );
}

/** The columns a form's fields are stored in; `published` sets or clears `publishedAt`. */
function valuesOf(
  input: Omit<Partial<CreateInput>, 'version'>,
  current: { publishedAt: Date | null } | undefined,
  now: Date,
): repo.OpportunityValues {
  const { published, opensAt, closesAt, commencesAt, ...rest } = input;
  const values: repo.OpportunityValues = {
    ...rest,
    opensAt: dateOf(opensAt),
    closesAt: dateOf(closesAt),
    commencesAt: dateOf(commencesAt),
  };
  // Publishing keeps the first publication moment; unpublishing makes it a draft again.
  if (published === true) values.publishedAt = current?.publishedAt ?? now;
  if (published === false) values.publishedAt = null;
  for (const key of Object.keys(values) as (keyof repo.OpportunityValues)[]) {
    if (values[key] === undefined) delete values[key];
  }
  return values;
}

export interface WorkspacesDeps extends Pick<FeatureDeps, 'db' | 'now'> {
  /**
   * Every tracker row of an opportunity as its organization sees it (the applicants feature's
   * loader, passed in by the app), so the counts filter the very rows the tracker lists.
   */
  applicantRows: (
    db: DbOrTx,
    opportunityId: number,
    organizationId: number,
  ) => Promise<ApplicantRow[]>;
}

export function createWorkspacesService(deps: WorkspacesDeps) {
  const { db } = deps;

  async function opportunityOf(id: number): Promise<WorkspaceOpportunity> {
    const row = await repo.findOpportunity(db, id, deps.now());
    if (!row) throw notFound('Opportunity not found');
    const [locations, organization, phases, managers] = await Promise.all([
      repo.findLocations(db, id),
      repo.findOrganizationOf(db, id),
      repo.findPhasesOf(db, [id]),
      repo.findListedManagers(db, id),
    ]);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      summary: row.summary,
      description: row.description,
      logo: row.logo,
      publishedAt: iso(row.publishedAt),
      opensAt: iso(row.opensAt),
      closesAt: iso(row.closesAt),
      commencesAt: iso(row.commencesAt),
      positions: row.positions,
      valueMin: row.valueMin,
      valueMax: row.valueMax,
      currency: row.currency as CurrencyCode,
      employmentType: row.employmentType,
      isActive: row.isActive,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      locations,
      organization: organization!,
      phases: orderedPhases(phases).map(
        ({ id, name, description, initial, order, nextPhaseId }) => ({
          id,
          name,
          description,
          order,
          initial,
          next: nextPhaseId,
        }),
      ),
      managers,
    };
  }

  async function locationOf(opportunityId: number, locationId: number): Promise<WorkspaceLocation> {
    const row = await repo.findLocation(db, opportunityId, locationId);
    if (!row) throw notFound('Location not found');
    return row;
  }

  return {
    /** GET client/opportunities: the active workspaces (every one with `all`). */
    async list(actor: Actor, options: { all: boolean }): Promise<WorkspaceList> {
      const scope = await clientScopeOf(db, actor);
      const rows = await repo.listWorkspaces(db, scope, { all: options.all, now: deps.now() });
      const counts = await pipelineCounts(
        db,
        rows.map((r) => r.id),
      );
      return {
        all: options.all,
        items: rows.map((row) => ({
          ...row,
          publishedAt: iso(row.publishedAt),
          opensAt: iso(row.opensAt),
          closesAt: iso(row.closesAt),
          commencesAt: iso(row.commencesAt),
          ...counts.get(row.id)!,
        })),
      };
    },

    /**
     * GET client/opportunities/{id}/counts: applicants per phase, regretted and withdrawn. With
     * the tracker's filters, the applicants are the rows the shared filter keeps, counted by the
     * shared rule, so the counts always equal what the tracker lists; without, the database
     * counts them by its twin.
     */
    async counts(
      actor: Actor,
      opportunityId: number,
      filters: ApplicantFilters = {},
    ): Promise<WorkspaceCounts> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      const active = activeFilters(filters);
      if (Object.keys(active).length === 0) return (await pipelineCounts(db, [id])).get(id)!;
      const [phases, rows] = await Promise.all([
        repo.findPhasesOf(db, [id]),
        deps.applicantRows(db, id, scope.organizationId),
      ]);
      const kept = filterApplicants(rows, active, deps.now());
      return pipelineCountsOf(phases, countStandings(kept, initialPhase(phases)?.id ?? null));
    },

    async get(actor: Actor, opportunityId: number): Promise<WorkspaceOpportunity> {
      const scope = await clientScopeOf(db, actor);
      return opportunityOf(await managedOpportunity(db, scope, opportunityId));
    },

    /** POST client/opportunities: a new draft with its initial phase (primary users only). */
    async create(actor: Actor, input: CreateInput): Promise<WorkspaceOpportunity> {
      const scope = await clientScopeOf(db, actor);
      requirePrimary(scope, 'create opportunities');
      const { published: _ignored, ...fields } = input;
      const values = valuesOf(fields, undefined, deps.now());
      const id = await db.transaction((tx) =>
        repo.insertOpportunity(
          tx,
          { ...values, name: input.name, kind: input.kind },
          scope,
          INITIAL_PHASE_NAME,
        ),
      );
      return opportunityOf(id);
    },

    /**
     * PATCH client/opportunities/{id}: applies the change when it is based on the current
     * version; otherwise 409 with the opportunity as it is now, so nothing is overwritten
     * silently. The window rules are checked on the record as it would become.
     */
    async update(
      actor: Actor,
      opportunityId: number,
      input: UpdateInput,
    ): Promise<WorkspaceOpportunity> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      const { version, ...fields } = input;
      const outcome = await db.transaction(async (tx) => {
        const current = await repo.findOpportunity(tx, id, deps.now());
        if (!current) throw notFound('Opportunity not found');
        if (current.version !== version) return 'stale' as const;
        const values = valuesOf(fields, current, deps.now());
        const errors: FieldErrors = windowErrors({
          opensAt: values.opensAt === undefined ? current.opensAt : values.opensAt,
          closesAt: values.closesAt === undefined ? current.closesAt : values.closesAt,
          commencesAt: values.commencesAt === undefined ? current.commencesAt : values.commencesAt,
          valueMin: values.valueMin === undefined ? current.valueMin : values.valueMin,
          valueMax: values.valueMax === undefined ? current.valueMax : values.valueMax,
        });
        const [field, messages] = Object.entries(errors)[0] ?? [];
        if (field && messages) {
          throw new AppError('validation', messages[0]!, { errors });
        }
        const updated = await repo.updateOpportunityAt(tx, id, version, values);
        if (updated)
          await emitOpportunityChange(tx, id, current, { ...current, ...values }, deps.now());
        return updated === undefined ? ('stale' as const) : ('saved' as const);
      });
      if (outcome === 'stale') {
        throw new AppError('conflict', workspaceMessages.stale, {
          extra: { current: await opportunityOf(id) },
        });
      }
      return opportunityOf(id);
    },

    async addLocation(
      actor: Actor,
      opportunityId: number,
      input: z.output<typeof createLocationBody>['location'],
    ): Promise<WorkspaceLocation> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      const locationId = await repo.insertLocation(db, id, input);
      return locationOf(id, locationId);
    },

    async updateLocation(
      actor: Actor,
      opportunityId: number,
      locationId: number,
      input: z.output<typeof updateLocationBody>['location'],
    ): Promise<WorkspaceLocation> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      const values = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      ) as repo.LocationValues;
      if (Object.keys(values).length > 0) {
        const found = await repo.updateLocation(db, id, locationId, values);
        if (!found) throw notFound('Location not found');
      }
      return locationOf(id, locationId);
    },

    /** A place applicants chose stays (409): their applications name it. */
    async deleteLocation(actor: Actor, opportunityId: number, locationId: number): Promise<void> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      await db.transaction(async (tx) => {
        const location = await repo.findLocation(tx, id, locationId);
        if (!location) throw notFound('Location not found');
        if (location.inUse || !(await repo.deleteUnusedLocation(tx, id, locationId))) {
          throw new AppError('conflict', workspaceMessages.locationInUse);
        }
      });
    },

    async managers(actor: Actor, opportunityId: number): Promise<WorkspaceManagers> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      return { items: await repo.findOrganizationManagers(db, scope.organizationId, id) };
    },

    /**
     * PUT client/opportunities/{id}/managers: exactly these users manage it. Only primary users
     * decide who manages; every user must be a client user of the organization (422 otherwise).
     */
    async setManagers(
      actor: Actor,
      opportunityId: number,
      userIds: number[],
    ): Promise<WorkspaceManagers> {
      const scope = await clientScopeOf(db, actor);
      const id = await managedOpportunity(db, scope, opportunityId);
      requirePrimary(scope, 'change who manages an opportunity');
      const wanted = [...new Set(userIds)];
      await db.transaction(async (tx) => {
        const known = new Set(await repo.findOrganizationUserIds(tx, scope.organizationId, wanted));
        const strangers = wanted.filter((u) => !known.has(u));
        if (strangers.length > 0) {
          const message = `must be users of your organization (not ${strangers.join(', ')})`;
          throw new AppError('validation', message, { errors: { userIds: [message] } });
        }
        await repo.replaceManagers(tx, id, wanted);
      });
      return { items: await repo.findOrganizationManagers(db, scope.organizationId, id) };
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;

// What other features read of the workspaces.

/**
 * The active workspaces a client user sees, as their list shows and orders them (a primary user
 * all of the organization's, newest opensAt first; anybody else those listing them as a
 * manager, by name): for the drawer.
 */
export function activeWorkspacesOf(
  db: DbOrTx,
  scope: ClientScope,
  now: Date,
): Promise<{ id: number; name: string }[]> {
  return repo.findActiveWorkspaces(db, scope, now);
}

/** How many opportunities of the organization list the user as a manager, active or not. */
export function countManagedWorkspaces(
  db: DbOrTx,
  scope: { userId: number; organizationId: number },
): Promise<number> {
  return repo.countManagedWorkspaces(db, scope);
}
