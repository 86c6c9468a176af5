import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';
import { escapeHtml } from '@pathways/shared/common/html';

/** The candidate now qualifies for an open opportunity. */
export function becameEligibleMail(
  to: string,
  notice: { firstName: string | null; opportunity: string; url: string },
): Mail {
  return mailLayout(
    to,
    `You now qualify for ${notice.opportunity}`,
    [
      `Hello ${notice.firstName ?? 'there'},`,
      `Your Pathways profile now meets every requirement of ${notice.opportunity}. Have a look and apply while it is open.`,
    ],
    { label: 'See the opportunity', url: notice.url },
  );
}

/**
 * An e-mail a user may turn off: the one-click `List-Unsubscribe` headers (RFC 8058) and a closing
 * line with the page that turns it off and the settings where all e-mails are chosen.
 */
export function withUnsubscribe(
  mail: Mail,
  links: { oneClick: string; page: string; settings: string },
): Mail {
  const line = 'Rather not receive these e-mails?';
  const text = `${mail.text}\n\n${line} Turn them off: ${links.page}\nChoose all your e-mails in your settings: ${links.settings}`;
  const footer = `<p style="font-size:12px;color:#666">${line} <a href="${escapeHtml(links.page)}">Turn them off</a> or <a href="${escapeHtml(links.settings)}">choose your e-mails in your settings</a>.</p>`;
  const html = mail.html.includes('</body>')
    ? mail.html.replace('</body>', `${footer}</body>`)
    : `${mail.html}${footer}`;
  return {
    ...mail,
    text,
    html,
    headers: {
      ...mail.headers,
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
