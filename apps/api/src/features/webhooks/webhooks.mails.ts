import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';

/** Told to each primary user when the product disables an endpoint whose messages keep failing. */
export function endpointDisabledMail(
  to: string,
  details: {
    firstName: string | null;
    organization: string;
    url: string;
    failedMessages: number;
    settingsUrl: string;
  },
): Mail {
  return mailLayout(
    to,
    `A webhook endpoint of ${details.organization} was disabled`,
    [
      `Hello ${details.firstName ?? 'there'},`,
      `Pathways could not deliver ${details.failedMessages} messages in a row to your webhook endpoint ${details.url}: each was retried for about a day and never answered with a 2xx status. We have disabled the endpoint, so no more messages are sent to it.`,
      'Check that your system is up and answers with a 2xx status, then enable the endpoint again. Failed messages can be replayed from its deliveries log.',
    ],
    { label: 'Open the webhook settings', url: details.settingsUrl },
  );
}
