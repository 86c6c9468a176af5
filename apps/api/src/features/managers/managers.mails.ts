import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';

/** The invitation a primary user sends a new colleague: a link to choose their password. */
export function invitationMail(
  to: string,
  invite: { firstName: string | null; inviter: string; organization: string; url: string },
): Mail {
  return mailLayout(
    to,
    `You are invited to manage ${invite.organization} on Pathways`,
    [
      `Hello ${invite.firstName ?? 'there'},`,
      `${invite.inviter} added you as a manager of ${invite.organization} on Pathways, where you will screen the applicants of its opportunities.`,
      'Choose your password to finish setting up your account. The link works for 1 day and only once; ask for a new invitation if it has expired.',
    ],
    { label: 'Choose my password', url: invite.url },
  );
}
