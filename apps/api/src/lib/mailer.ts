import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Further headers (List-Unsubscribe for mail a user can turn off). */
  headers?: Record<string, string>;
  /**
   * A calendar invitation (iCalendar text with its iTIP method), sent as the message's
   * text/calendar part so mail programs offer to add, update or remove the event.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename?: string; content: string };
}

export interface OutboxMessage extends Mail {
  from: string;
  sentAt: string;
  file: string;
}

export interface Mailer {
  /** `smtp` delivers through SMTP_URL; `outbox` writes each message under DATA_DIR/mail. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Every e-mail goes through nodemailer. With an SMTP URL it is delivered; without one, the
 * development outbox keeps the raw message (.eml) and a JSON copy that developers and tests read.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const sentAt = new Date().toISOString();
      const base = `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
      await mkdir(options.outboxDir, { recursive: true });
      const copy = { from: options.from, sentAt, ...mail };
      await writeWhole(join(options.outboxDir, `${base}.eml`), info.message as Buffer);
      await writeWhole(join(options.outboxDir, `${base}.json`), JSON.stringify(copy, null, 2));
    },
    close: () => transport.close(),
  };
}

/**
 * Writes a file under a temporary name and then renames it, so that whoever lists the outbox
 * (the /dev/mail page, a test waiting for a message) sees a message whole or not at all.
 */
async function writeWhole(path: string, data: string | Buffer): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, data);
  await rename(partial, path);
}

/** The development outbox, newest last. */
export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => ({
      ...(JSON.parse(await readFile(join(outboxDir, file), 'utf8')) as Omit<OutboxMessage, 'file'>),
      file,
    })),
  );
}
