import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';

/**
 * The candidate now qualifies for an open opportunity. It carries a one-click unsubscribe
 * (RFC 8058): mail programs show an Unsubscribe button that posts to the link.
 */
export function becameEligibleMail(
  to: string,
  notice: {
    firstName: string | null;
    opportunity: string;
    url: string;
    settingsUrl: string;
    unsubscribeUrl: string;
  },
): Mail {
  const mail = mailLayout(
    to,
    `You now qualify for ${notice.opportunity}`,
    [
      `Hello ${notice.firstName ?? 'there'},`,
      `Your Pathways profile now meets every requirement of ${notice.opportunity}. Have a look and apply while it is open.`,
      `Rather not receive these e-mails? Turn them off in your settings: ${notice.settingsUrl}`,
    ],
    { label: 'See the opportunity', url: notice.url },
  );
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${notice.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
