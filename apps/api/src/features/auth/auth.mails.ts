import type { Mail } from '../../lib/mailer.ts';
import { escapeHtml } from '@pathways/shared/common/html';

/** An e-mail of Pathways: a few lines, one action button, the same look for every e-mail. */
export function mailLayout(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): Mail {
  const text = [...lines, '', `${action.label}: ${action.url}`, '', 'The Pathways team'].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#ef6c00;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#666">Or open this address: ${escapeHtml(action.url)}</p>
<p>The Pathways team</p></body></html>`;
  return { to, subject, text, html };
}

export function confirmationMail(to: string, url: string): Mail {
  return mailLayout(
    to,
    'Confirm your e-mail address for Pathways',
    [
      'Welcome to Pathways.',
      'Please confirm that this is your e-mail address. The link works for 1 day.',
    ],
    { label: 'Confirm my e-mail address', url },
  );
}

export function passwordResetMail(to: string, url: string): Mail {
  return mailLayout(
    to,
    'Reset your Pathways password',
    [
      'Somebody (we hope you) asked to reset the password of your Pathways account.',
      'The link works for 1 day and only once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}
