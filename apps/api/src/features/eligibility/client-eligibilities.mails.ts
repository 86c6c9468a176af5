import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';

/** A client's invitation to apply: the opportunity, who invites, and a link to it. */
export function inviteMail(
  to: string,
  invite: { firstName: string | null; opportunity: string; organization: string; url: string },
): Mail {
  return mailLayout(
    to,
    `${invite.organization} invites you to apply for ${invite.opportunity}`,
    [
      `Hello ${invite.firstName ?? 'there'},`,
      `Your Pathways profile meets the requirements of ${invite.opportunity}, and ${invite.organization} invites you to apply for it.`,
      'You will also find the invitation under My invites on your dashboard.',
    ],
    { label: 'See the opportunity', url: invite.url },
  );
}
