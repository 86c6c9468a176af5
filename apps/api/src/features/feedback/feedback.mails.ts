import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';

/** A colleague asks for an opinion on some applicants: a link to Shared With Me. */
export function feedbackRequestMail(
  to: string,
  request: { firstName: string | null; requester: string; count: number; url: string },
): Mail {
  const applicants = request.count === 1 ? '1 applicant' : `${request.count} applicants`;
  return mailLayout(
    to,
    `${request.requester} would like your opinion on ${applicants}`,
    [
      `Hello ${request.firstName ?? 'there'},`,
      `${request.requester} shared ${applicants} with you on Pathways and asks what you think of them.`,
      'Give each applicant a star rating and a comment; your colleague sees your answers on the application.',
    ],
    { label: 'Open Shared With Me', url: request.url },
  );
}

/**
 * Someone outside the organization is asked for an opinion: a link of their own, no account
 * needed, working for `days` days.
 */
export function feedbackGuestMail(
  to: string,
  request: {
    name: string | null;
    requester: string;
    organization: string;
    count: number;
    message: string | null;
    url: string;
    days: number;
  },
): Mail {
  const applicants = request.count === 1 ? '1 applicant' : `${request.count} applicants`;
  return mailLayout(
    to,
    `${request.requester} (${request.organization}) would like your opinion on ${applicants}`,
    [
      `Hello ${request.name ?? 'there'},`,
      `${request.requester} of ${request.organization} shared ${applicants} with you on Pathways and asks what you think of them.`,
      ...(request.message ? [`Their message: “${request.message}”`] : []),
      `Give each applicant a star rating and a comment. You need no account: the link below is yours alone, so please do not pass it on. It works for ${request.days} days.`,
    ],
    { label: 'Give your opinion', url: request.url },
  );
}
