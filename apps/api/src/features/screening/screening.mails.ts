import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';

// The e-mails screening sends a candidate: a move to another phase, and a regret that points
// to the open opportunities they qualify for now.

export interface OpenOpportunity {
  name: string;
  organization: string;
  url: string;
}

const hello = (firstName: string | null) => `Hello ${firstName?.trim() || 'there'},`;

/** The candidate's application moved to another phase of the pipeline. */
export function phaseMoveMail(
  to: string,
  notice: {
    firstName: string | null;
    opportunity: string;
    organization: string;
    phase: string;
    url: string;
  },
): Mail {
  return mailLayout(
    to,
    `Your application for ${notice.opportunity}: ${notice.phase}`,
    [
      hello(notice.firstName),
      `${notice.organization} has moved your application for ${notice.opportunity} to the next step: ${notice.phase}.`,
      'Keep an eye on your e-mail and your to-do list on Pathways, in case they ask you for anything.',
    ],
    { label: 'See my application', url: notice.url },
  );
}

/**
 * The organization regretted the application. Said kindly, and with the open opportunities the
 * candidate qualifies for now (each a line with its address), so one closed door points to
 * others.
 */
export function regretMail(
  to: string,
  notice: {
    firstName: string | null;
    opportunity: string;
    organization: string;
    openOpportunities: OpenOpportunity[];
    searchUrl: string;
  },
): Mail {
  const { openOpportunities: open } = notice;
  const lines = [
    hello(notice.firstName),
    `Thank you for applying for ${notice.opportunity} at ${notice.organization}, and for the time you put into your application.`,
    `${notice.organization} has decided not to take your application further this time. We know this is disappointing. It is not a judgement of what you can do: many strong applicants apply for every place.`,
  ];
  if (open.length > 0) {
    lines.push(
      open.length === 1
        ? 'There is an opportunity open now that you qualify for:'
        : `There are ${open.length} opportunities open now that you qualify for:`,
      ...open.map((o) => `${o.name} at ${o.organization}: ${o.url}`),
    );
  } else {
    lines.push(
      'New opportunities open every week. Keep your profile up to date, and we will show you the ones you qualify for.',
    );
  }
  lines.push('We wish you every success.');
  return mailLayout(to, `Your application for ${notice.opportunity}`, lines, {
    label: 'See opportunities for me',
    url: notice.searchUrl,
  });
}
