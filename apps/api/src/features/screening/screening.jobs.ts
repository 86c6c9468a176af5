import { paths } from '@pathways/shared/navigation/paths';
import type { MailType } from '@pathways/shared/notifications/notifications.schemas';
import { opportunityPagePath } from '@pathways/shared/opportunities/job-posting';
import { candidateOpportunitySearchQuery } from '@pathways/shared/opportunities/opportunities.schemas';
import { isMoveMailDue } from '@pathways/shared/screening/screening.rules';

import type { FeatureDeps } from '../../lib/deps.ts';
import type { JobDefinition, Jobs } from '../../lib/jobs.ts';
import { notify, sendOptionalMails } from '../notifications/index.ts';
import { createOpportunitiesService } from '../opportunities/index.ts';
import * as repo from './screening.repository.ts';
import { phaseMoveMail, regretMail, type OpenOpportunity } from './screening.mails.ts';

// The candidates hear of a move or a regret by e-mail (unless they turned that e-mail off), sent
// in the background after the action is committed; of a move in the bell menu too, at that time. A job carries a batch of applications; each
// mail says how the application stands when the job runs. A move's e-mail waits for the move's
// undo window to pass: a move undone sends nothing, and several moves of one application in a
// short time send one e-mail, about where it ended up.

const PHASE_MOVE_MAIL = 'application.phase_move' satisfies MailType;
const REGRET_MAIL = 'application.regret' satisfies MailType;

export const screeningQueues = {
  moveMails: 'screening.phase-move-mails',
  regretMails: 'screening.regret-mails',
} as const;

/** The most applications one mail job carries: a retry resends at most this many. */
export const MAIL_BATCH = 100;

/** How many open opportunities a regret e-mail lists. */
export const REGRET_SUGGESTIONS = 5;

export type ScreeningJobDeps = Pick<FeatureDeps, 'db' | 'now' | 'log' | 'mailer'> & {
  config: Pick<FeatureDeps['config'], 'appUrl' | 'jwtSecret'>;
};

/**
 * Queues the e-mails of a move made at `movedAt`, in batches, to go `delayMs` later (the move's
 * undo window). Call it after the move is committed.
 */
export async function requestMoveMails(
  jobs: Jobs,
  applicationIds: readonly number[],
  movedAt: string,
  delayMs: number,
): Promise<void> {
  for (let i = 0; i < applicationIds.length; i += MAIL_BATCH) {
    const batch = applicationIds.slice(i, i + MAIL_BATCH);
    await jobs.enqueue(screeningQueues.moveMails, { applicationIds: batch, movedAt }, { delayMs });
  }
}

/** Queues the e-mails of a regret, in batches. Call it after the regret is committed. */
export async function requestRegretMails(
  jobs: Jobs,
  applicationIds: readonly number[],
): Promise<void> {
  for (let i = 0; i < applicationIds.length; i += MAIL_BATCH) {
    const batch = applicationIds.slice(i, i + MAIL_BATCH);
    await jobs.enqueue(screeningQueues.regretMails, { applicationIds: batch });
  }
}

/** The screening jobs, to start with `startJobs` (app.ts, worker.ts). */
export function screeningJobs(deps: ScreeningJobDeps): JobDefinition<never>[] {
  const { db, config, log, now } = deps;
  const opportunities = createOpportunitiesService(deps);
  const url = (path: string) => `${config.appUrl}${path}`;

  /** The open, published opportunities the candidate qualifies for now, but the one left. */
  async function openFor(candidateId: number, leaving: number): Promise<OpenOpportunity[]> {
    const query = candidateOpportunitySearchQuery.parse({
      eligible: 'true',
      open: 'true',
      per: String(REGRET_SUGGESTIONS + 1),
    });
    const found = await opportunities.search(query, { candidateId });
    return found.items
      .filter((o) => o.id !== leaving)
      .slice(0, REGRET_SUGGESTIONS)
      .map((o) => ({
        name: o.name,
        organization: o.organization.name,
        url: url(opportunityPagePath(o.id, o.name)),
      }));
  }

  // `movedAt` is absent from jobs queued before moves carried it.
  const move: JobDefinition<{ applicationIds: number[]; movedAt?: string }> = {
    name: screeningQueues.moveMails,
    delayed: true,
    async handler({ applicationIds, movedAt }) {
      const at = movedAt ? new Date(movedAt) : null;
      // One transaction: the applications stay locked until their e-mails are sent and marked,
      // so another job of the same application decides after this one; a failure sends nothing
      // marked, and the retry tries again.
      const sent = await db.transaction(async (tx) => {
        const facts = await repo.lockMoveMailFacts(tx, applicationIds);
        const due = facts.filter((f) => isMoveMailDue(f, at)).map((f) => f.id);
        const notices = await repo.findNotices(tx, due);
        const mails = notices.flatMap((n) =>
          n.phaseName
            ? [
                {
                  userId: n.candidateId,
                  mail: phaseMoveMail(n.email, {
                    firstName: n.firstName,
                    opportunity: n.opportunityName,
                    organization: n.organizationName,
                    phase: n.phaseName,
                    url: url(paths.candidate.application(n.applicationId)),
                  }),
                },
              ]
            : [],
        );
        await repo.markTold(tx, due);
        await notify(
          tx,
          notices.flatMap((n) =>
            n.phaseName
              ? [
                  {
                    userId: n.candidateId,
                    type: 'application',
                    description: `${n.organizationName} moved your application for ${n.opportunityName} to the next step: ${n.phaseName}.`,
                    path: paths.candidate.application(n.applicationId),
                    at: now(),
                  },
                ]
              : [],
          ),
        );
        return sendOptionalMails({ ...deps, db: tx, log: undefined }, PHASE_MOVE_MAIL, mails);
      });
      log.debug({ applications: applicationIds.length, sent }, 'phase move e-mails sent');
    },
  };

  const regret: JobDefinition<{ applicationIds: number[] }> = {
    name: screeningQueues.regretMails,
    async handler({ applicationIds }) {
      const notices = await repo.findNotices(db, applicationIds);
      const mails = [];
      for (const n of notices) {
        if (n.archivedAt || !n.regrettedAt) continue;
        mails.push({
          userId: n.candidateId,
          mail: regretMail(n.email, {
            firstName: n.firstName,
            opportunity: n.opportunityName,
            organization: n.organizationName,
            openOpportunities: await openFor(n.candidateId, n.opportunityId),
            searchUrl: url(`${paths.opportunities}?open=true&eligible=true`),
          }),
        });
      }
      await sendOptionalMails({ ...deps, log: undefined }, REGRET_MAIL, mails);
      log.debug({ applications: applicationIds.length }, 'regret e-mails sent');
    },
  };

  return [move, regret] as unknown as JobDefinition<never>[];
}
