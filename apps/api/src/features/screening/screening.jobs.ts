import { paths } from '@pathways/shared/navigation/paths';
import type { MailType } from '@pathways/shared/notifications/notifications.schemas';
import { opportunityPagePath } from '@pathways/shared/opportunities/job-posting';
import { candidateOpportunitySearchQuery } from '@pathways/shared/opportunities/opportunities.schemas';

import type { FeatureDeps } from '../../lib/deps.ts';
import type { JobDefinition, Jobs } from '../../lib/jobs.ts';
import { sendOptionalMails } from '../notifications/index.ts';
import { createOpportunitiesService } from '../opportunities/index.ts';
import * as repo from './screening.repository.ts';
import { phaseMoveMail, regretMail, type OpenOpportunity } from './screening.mails.ts';

// The candidates hear of a move or a regret by e-mail (unless they turned that e-mail off), sent
// in the background after the action is committed. A job carries a batch of applications; each mail says how the application
// stands when the job runs, and one already changed again (withdrawn, moved back) is skipped.

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

/** Queues the e-mails of a move or a regret, in batches. Call it after the change is committed. */
export async function requestScreeningMails(
  jobs: Jobs,
  kind: 'move' | 'regret',
  applicationIds: readonly number[],
  phaseId?: number,
): Promise<void> {
  const name = kind === 'move' ? screeningQueues.moveMails : screeningQueues.regretMails;
  for (let i = 0; i < applicationIds.length; i += MAIL_BATCH) {
    const batch = applicationIds.slice(i, i + MAIL_BATCH);
    await jobs.enqueue(name, { applicationIds: batch, ...(phaseId ? { phaseId } : {}) });
  }
}

/** The screening jobs, to start with `startJobs` (app.ts, worker.ts). */
export function screeningJobs(deps: ScreeningJobDeps): JobDefinition<never>[] {
  const { db, config, log } = deps;
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

  const move: JobDefinition<{ applicationIds: number[]; phaseId: number }> = {
    name: screeningQueues.moveMails,
    async handler({ applicationIds, phaseId }) {
      const notices = await repo.findNotices(db, applicationIds);
      const mails = notices.flatMap((n) =>
        n.archivedAt || n.regrettedAt || n.phaseId !== phaseId || !n.phaseName
          ? []
          : [
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
            ],
      );
      await sendOptionalMails({ ...deps, log: undefined }, PHASE_MOVE_MAIL, mails);
      log.debug({ applications: applicationIds.length }, 'phase move e-mails sent');
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
