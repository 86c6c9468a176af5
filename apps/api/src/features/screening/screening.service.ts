import {
  missingIds,
  namingIds,
  planMoves,
  planRegrets,
  type MovePlan,
} from '@pathways/shared/screening/screening.rules';
import { flagSectionPath } from '@pathways/shared/navigation/profile-links';
import {
  flagSectionLabels,
  flagSections,
  screeningMessages as m,
  type FlagInput,
  type FlagSection,
  type FlagResponse,
  type PhaseEvent,
  type PhaseEventList,
  type RatingResponse,
  type ScreeningResult,
} from '@pathways/shared/screening/screening.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { Actor } from '../../plugins/access.ts';

import { publish } from '../live/index.ts';
import { notify } from '../notifications/index.ts';

import { requestMoveMails, requestRegretMails, type ScreeningJobDeps } from './screening.jobs.ts';
import { emitWebhooks } from '../webhooks/index.ts';
import * as repo from './screening.repository.ts';
import {
  type ClientScope,
  clientScopeOf,
  managedOpportunity,
  managersOfOpportunity,
} from '../../access/index.ts';

// What a client does to the applications of a workspace: move them through the phases, regret
// them, rate them, read their history, and flag a profile irregularity. Only a manager of the
// opportunity (a primary user of its organization or a listed manager) may; anyone else gets
// 404. Every action is one transaction: a bulk action with one bad id changes nothing.

export type ScreeningDeps = Pick<ScreeningJobDeps, 'db' | 'now' | 'log'> & {
  jobs: Jobs;
  config: Pick<Config, 'phaseMoveMailDelayMs'>;
};

const APPLICATION_NOT_FOUND = 'Application not found';

function actorOfEvent(row: repo.EventRow): PhaseEvent['actor'] {
  if (row.actorId === null) return null;
  const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ').trim();
  return { id: row.actorId, name: name || (row.actorEmail ?? '') };
}

function toPhaseEvent(row: repo.EventRow): PhaseEvent {
  return {
    id: row.id,
    applicationId: row.applicationId,
    kind: row.kind,
    fromPhaseId: row.fromPhaseId,
    phaseId: row.phaseId,
    actor: actorOfEvent(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An application's history, oldest first, for whoever has already been let see it. */
export async function phaseEventsOf(db: DbOrTx, applicationId: number): Promise<PhaseEvent[]> {
  return (await repo.listEvents(db, applicationId)).map(toPhaseEvent);
}

/**
 * The sections of the candidate's profile flagged and not corrected yet, each once with the
 * reason given first, for the candidate's to-do list.
 */
export async function openFlagSections(
  db: DbOrTx,
  candidateId: number,
): Promise<{ section: FlagSection; reason: string }[]> {
  const seen = new Map<FlagSection, string>();
  for (const f of await repo.openFlags(db, candidateId)) {
    const section = flagSections.find((s) => s === f.section);
    if (section && !seen.has(section)) seen.set(section, f.reason);
  }
  return [...seen].map(([section, reason]) => ({ section, reason }));
}

/**
 * Resolves the candidate's flags whose section was corrected: its content is no longer what
 * was flagged. Call it after the candidate changed their profile or documents.
 */
export async function resolveCorrectedFlags(
  db: DbOrTx,
  candidateId: number,
  at: Date,
): Promise<number[]> {
  return repo.resolveChangedFlags(db, candidateId, at);
}

/** Of these candidates, those whose profile is reported (a flag not resolved yet). */
export async function reportedCandidateIds(
  db: DbOrTx,
  candidateIds: readonly number[],
): Promise<Set<number>> {
  return new Set(await repo.reportedCandidates(db, candidateIds));
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The bell notification a flag raises: it links to the section to correct. */
const FLAG_NOTIFICATION_TYPE = 'profile.flag';

export function createScreeningService(deps: ScreeningDeps) {
  const { db, jobs, now, log, config } = deps;

  /** Runs `work` in one transaction on a workspace the actor manages. */
  async function inWorkspace<T>(
    actor: Actor,
    opportunityId: number,
    work: (tx: DbOrTx, id: number, scope: ClientScope) => Promise<T>,
  ): Promise<T> {
    const scope = await clientScopeOf(db, actor);
    return db.transaction(async (tx) => {
      const id = await managedOpportunity(tx, scope, opportunityId);
      return work(tx, id, scope);
    });
  }

  async function phaseOf(tx: DbOrTx, opportunityId: number, phaseId: number) {
    const phase = await repo.findPhase(tx, opportunityId, phaseId);
    if (!phase) throw fieldError('phaseId', m.phaseId);
    return phase;
  }

  /** Tells the candidates' and the managers' open pages, when the transaction commits. */
  async function announce(tx: DbOrTx, opportunityId: number, rows: repo.ScreenedRow[]) {
    const to = [
      ...rows.map((r) => r.candidateId),
      ...(await managersOfOpportunity(tx, opportunityId)),
    ];
    await publish(tx, to, { kind: 'application', opportunityId });
  }

  /**
   * Writes the moves of a plan with their events; answers the applications as they are now. The
   * candidates are told (bell and e-mail) once the move's undo window has passed.
   */
  async function applyMoves(
    tx: DbOrTx,
    opportunityId: number,
    actorUserId: number,
    rows: repo.ScreenedRow[],
    plan: MovePlan,
    phaseId: number,
  ): Promise<ScreeningResult> {
    const at = now();
    await announce(tx, opportunityId, rows);
    await repo.movePhase(
      tx,
      plan.moves.map((mv) => mv.id),
      phaseId,
      at,
    );
    const eventIds = await repo.insertEvents(
      tx,
      plan.moves.map((mv) => ({
        applicationId: mv.id,
        kind: 'moved' as const,
        fromPhaseId: mv.fromPhaseId,
        phaseId,
        actorUserId,
        createdAt: at,
      })),
    );
    await emitWebhooks(tx, 'application.moved', plan.moves);
    return {
      items: rows.map((r) => ({
        id: r.id,
        phaseId,
        previousPhaseId: r.phaseId,
        regrettedAt: iso(r.regrettedAt),
      })),
      events: (await repo.findEvents(tx, eventIds)).map(toPhaseEvent),
    };
  }

  /** Regrets the applications with their events, and tells each candidate in the bell menu. */
  async function applyRegrets(
    tx: DbOrTx,
    opportunityId: number,
    actorUserId: number,
    rows: repo.ScreenedRow[],
  ): Promise<ScreeningResult> {
    const at = now();
    const ids = rows.map((r) => r.id);
    await announce(tx, opportunityId, rows);
    await repo.regret(tx, ids, at);
    await emitWebhooks(tx, 'application.regretted', ids);
    const eventIds = await repo.insertEvents(
      tx,
      rows.map((r) => ({
        applicationId: r.id,
        kind: 'regretted' as const,
        fromPhaseId: r.phaseId,
        phaseId: r.phaseId,
        actorUserId,
        createdAt: at,
      })),
    );
    const notices = await repo.findNotices(tx, ids);
    await notify(
      tx,
      notices.map((n) => ({
        userId: n.candidateId,
        type: 'application',
        description: `Thank you for applying for ${n.opportunityName}. ${n.organizationName} has decided not to take your application further this time. We have e-mailed you about opportunities open to you now.`,
        path: paths.candidate.application(n.applicationId),
        at,
      })),
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        phaseId: r.phaseId,
        previousPhaseId: r.phaseId,
        regrettedAt: at.toISOString(),
      })),
      events: (await repo.findEvents(tx, eventIds)).map(toPhaseEvent),
    };
  }

  /**
   * Queues the candidates' e-mails of a committed action (a move's to go after its undo window);
   * the action stands, so a failure here is only logged.
   */
  async function mail(kind: 'move' | 'regret', result: ScreeningResult) {
    const applicationIds = touched(result);
    if (applicationIds.length === 0) return;
    try {
      if (kind === 'move') {
        const movedAt = result.events[0]!.createdAt;
        await requestMoveMails(jobs, applicationIds, movedAt, config.phaseMoveMailDelayMs);
      } else {
        await requestRegretMails(jobs, applicationIds);
      }
    } catch (error) {
      log.error({ err: error, kind, applications: applicationIds.length }, 'screening e-mails');
    }
  }

  const touched = (result: ScreeningResult) => result.events.map((e) => e.applicationId);

  /** The one application `appId` of the opportunity, locked; 404 when it is not one of its. */
  async function lockOne(tx: DbOrTx, opportunityId: number, appId: number) {
    const rows = await repo.lockApplications(tx, opportunityId, [appId]);
    if (rows.length === 0) throw notFound(APPLICATION_NOT_FOUND);
    return rows;
  }

  /** The applications of the opportunity among `ids`; a 422 under `field` names the others. */
  async function lockMany(tx: DbOrTx, opportunityId: number, ids: number[], field: string) {
    const rows = await repo.lockApplications(tx, opportunityId, [...new Set(ids)]);
    const foreign = missingIds(
      ids,
      rows.map((r) => r.id),
    );
    if (foreign.length > 0) throw fieldError(field, namingIds(m.foreignIds, foreign));
    return rows;
  }

  return {
    async move(
      actor: Actor,
      opportunityId: number,
      appId: number,
      phaseId: number,
    ): Promise<ScreeningResult> {
      const result = await inWorkspace(actor, opportunityId, async (tx, id, scope) => {
        await repo.holdOpportunity(tx, id);
        const rows = await lockOne(tx, id, appId);
        await phaseOf(tx, id, phaseId);
        const plan = planMoves(rows, phaseId);
        if (plan.withdrawn.length > 0) throw new AppError('conflict', m.withdrawn);
        if (plan.regretted.length > 0) throw new AppError('conflict', m.regrettedCannotMove);
        return applyMoves(tx, id, scope.userId, rows, plan, phaseId);
      });
      await mail('move', result);
      return result;
    },

    async assign(
      actor: Actor,
      opportunityId: number,
      input: { phaseId: number; opportunityApplicationIds: number[] },
    ): Promise<ScreeningResult> {
      const field = 'opportunityApplicationIds';
      const result = await inWorkspace(actor, opportunityId, async (tx, id, scope) => {
        await repo.holdOpportunity(tx, id);
        const rows = await lockMany(tx, id, input.opportunityApplicationIds, field);
        await phaseOf(tx, id, input.phaseId);
        const plan = planMoves(rows, input.phaseId);
        const stuck = [...plan.withdrawn, ...plan.regretted].sort((a, b) => a - b);
        if (stuck.length > 0) throw fieldError(field, namingIds(m.cannotMoveMany, stuck));
        return applyMoves(tx, id, scope.userId, rows, plan, input.phaseId);
      });
      await mail('move', result);
      return result;
    },

    async regretOne(actor: Actor, opportunityId: number, appId: number): Promise<ScreeningResult> {
      const result = await inWorkspace(actor, opportunityId, async (tx, id, scope) => {
        const rows = await lockOne(tx, id, appId);
        const plan = planRegrets(rows);
        if (plan.alreadyRegretted.length > 0) throw new AppError('conflict', m.alreadyRegretted);
        if (plan.withdrawn.length > 0) throw new AppError('conflict', m.withdrawn);
        return applyRegrets(tx, id, scope.userId, rows);
      });
      await mail('regret', result);
      return result;
    },

    async regretMany(
      actor: Actor,
      opportunityId: number,
      applicationIds: number[],
    ): Promise<ScreeningResult> {
      const field = 'applicationIds';
      const result = await inWorkspace(actor, opportunityId, async (tx, id, scope) => {
        const rows = await lockMany(tx, id, applicationIds, field);
        const plan = planRegrets(rows);
        if (plan.alreadyRegretted.length > 0) {
          throw fieldError(field, namingIds(m.someRegretted, plan.alreadyRegretted));
        }
        if (plan.withdrawn.length > 0) {
          throw fieldError(field, namingIds(m.someWithdrawn, plan.withdrawn));
        }
        return applyRegrets(tx, id, scope.userId, rows);
      });
      await mail('regret', result);
      return result;
    },

    async rate(
      actor: Actor,
      opportunityId: number,
      appId: number,
      rating: number | null,
    ): Promise<RatingResponse> {
      return inWorkspace(actor, opportunityId, async (tx, id) => {
        const row = await repo.setRating(tx, id, appId, rating, now());
        if (!row) throw notFound(APPLICATION_NOT_FOUND);
        return row;
      });
    },

    async history(actor: Actor, opportunityId: number, appId: number): Promise<PhaseEventList> {
      const id = await managedOpportunity(db, await clientScopeOf(db, actor), opportunityId);
      const owner = await repo.findApplicationOwner(db, appId);
      if (!owner || owner.opportunityId !== id) throw notFound(APPLICATION_NOT_FOUND);
      return { items: await phaseEventsOf(db, appId) };
    },

    async flag(actor: Actor, input: FlagInput): Promise<FlagResponse> {
      const scope = await clientScopeOf(db, actor);
      return db.transaction(async (tx) => {
        const owner = await repo.findApplicationOwner(tx, input.applicationId);
        if (!owner) throw notFound(APPLICATION_NOT_FOUND);
        // An application of a workspace the user does not manage is one they cannot see.
        await managedOpportunity(tx, scope, owner.opportunityId).catch((error: unknown) => {
          throw error instanceof AppError && error.code === 'not_found'
            ? notFound(APPLICATION_NOT_FOUND)
            : error;
        });
        const row = await repo.insertFlag(tx, {
          candidateId: owner.candidateId,
          raisedById: scope.userId,
          organizationId: scope.organizationId,
          applicationId: owner.id,
          section: input.section,
          reason: input.reason,
          at: now(),
        });
        await notify(tx, [
          {
            userId: owner.candidateId,
            type: FLAG_NOTIFICATION_TYPE,
            description: `An organization you applied to asked you to correct your ${flagSectionLabels[input.section].toLowerCase()}. Your applications show as reported until you do.`,
            path: flagSectionPath(input.section),
            at: row.createdAt,
          },
        ]);
        return {
          flag: {
            id: row.id,
            applicationId: owner.id,
            section: input.section,
            reason: row.reason,
            createdAt: row.createdAt.toISOString(),
          },
        };
      });
    },
  };
}

export type ScreeningService = ReturnType<typeof createScreeningService>;
