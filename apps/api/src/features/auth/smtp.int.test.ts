import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/build-app.ts';

// A real SMTP conversation with a local server: the message that arrives carries the link.
const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
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
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('sends the confirmation e-mail over SMTP when SMTP_URL is set', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/candidates',
    payload: {
      email: 'smtp-person@example.test',
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
    },
  });
  expect(res.statusCode).toBe(201);
  expect(received).toHaveLength(1);
  expect(received[0]!.to).toEqual(['smtp-person@example.test']);
  const decoded = received[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(decoded).toMatch(/Subject: Confirm your e-mail address for Pathways/);
  expect(decoded).toMatch(/http:\/\/pathways\.test\/candidate\/confirm_email\/[\w-]{20,}/);
  expect(await t.mails()).toHaveLength(0);
});
