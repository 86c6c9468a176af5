import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

/** A message as it arrived: the envelope's recipients and the raw message text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives, so the product's mail
 * path (nodemailer over SMTP) runs for real in tests. It refuses the recipients in `refuse`
 * (550, as a server does for an unknown mailbox).
 */
export async function startSmtpServer(
  options: { refuse?: readonly string[] } = {},
): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const refused = new Set((options.refuse ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
