import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';

// A real SMTP conversation with a local server: the message that arrives carries the link.
let server: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  server = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: server.url } });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
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
  expect(server.mails).toHaveLength(1);
  expect(server.mails[0]!.to).toEqual(['smtp-person@example.test']);
  const decoded = server.mails[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(decoded).toMatch(/Subject: Confirm your e-mail address for Pathways/);
  expect(decoded).toMatch(/http:\/\/pathways\.test\/candidate\/confirm_email\/[\w-]{20,}/);
  expect(await t.mails()).toHaveLength(0);
});
