import type { JobDefinition } from '../../lib/jobs.ts';
import {
  interviewQueues,
  sendDueReminders,
  sendInvitations,
  sendOfferMail,
  sendOfferWithdrawnMail,
  sendOtherTimesMail,
  type InterviewMailDeps,
} from './interviews.service.ts';
import type { InvitationChange } from './interviews.mails.ts';

// Invitations go out in the background once a booking, a move or a cancellation is committed;
// each tells of the interview as it is when the job runs (its current SEQUENCE). Reminders are
// looked for every five minutes: each person reached is noted, and an interview's reminder marked
// sent once everyone has it, in the transaction that picks it (`sendDueReminders`), so neither a
// second worker nor a retry sends one twice, and those it failed for get it on the next run.

/** The interview jobs, to start with `startJobs` (app.ts, worker.ts). */
export function interviewsJobs(deps: InterviewMailDeps): JobDefinition<never>[] {
  const invitations: JobDefinition<{ interviewId: number; change: InvitationChange }> = {
    name: interviewQueues.invitations,
    async handler({ interviewId, change }) {
      const sent = await sendInvitations(deps, interviewId, change);
      deps.log.debug({ interviewId, change, sent }, 'interview invitations sent');
    },
  };
  const reminders: JobDefinition<Record<string, never>> = {
    name: interviewQueues.reminders,
    schedule: '*/5 * * * *',
    key: () => 'reminders',
    async handler() {
      const due = await sendDueReminders(deps);
      if (due.length > 0) deps.log.debug({ due }, 'interview reminders sent');
    },
  };
  // One e-mail a job: a failed send throws, and the queue tries it again (3 times, backing off).
  const offerMails: JobDefinition<{ offerId: number }> = {
    name: interviewQueues.offerMail,
    async handler({ offerId }) {
      await sendOfferMail(deps, offerId);
    },
  };
  const otherTimesMails: JobDefinition<{ offerId: number }> = {
    name: interviewQueues.otherTimesMail,
    async handler({ offerId }) {
      await sendOtherTimesMail(deps, offerId);
    },
  };
  const withdrawnMails: JobDefinition<{ offerId: number; reason: string | null }> = {
    name: interviewQueues.offerWithdrawnMail,
    async handler({ offerId, reason }) {
      await sendOfferWithdrawnMail(deps, offerId, reason);
    },
  };
  return [
    invitations,
    reminders,
    offerMails,
    otherTimesMails,
    withdrawnMails,
  ] as unknown as JobDefinition<never>[];
}
