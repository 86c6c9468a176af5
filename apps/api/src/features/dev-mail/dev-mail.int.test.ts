import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/build-app.ts';

let t: TestApp;

beforeAll(async () => {
  // The outbox exists in development mode only.
  t = await createTestApp({ env: { NODE_ENV: 'development' } });
  const register = await t.app.inject({
    method: 'POST',
    url: '/api/candidates',
    payload: {
      email: 'outbox-owner@example.test',
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
    },
  });
  expect(register.statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('development outbox', () => {
  it('lists and shows the e-mails to a request from this machine', async () => {
    const [mail] = await t.mails();
    expect(mail).toBeDefined();
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const list = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(encodeURIComponent(mail!.file));
    }
    const one = await t.app.inject({
      method: 'GET',
      url: `/dev/mail/${encodeURIComponent(mail!.file)}`,
      remoteAddress: '127.0.0.1',
    });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('confirm_email');
  });

  it('refuses the list and every e-mail to any other address', async () => {
    const [mail] = await t.mails();
    for (const remoteAddress of ['10.0.0.5', '192.168.1.7', '::ffff:10.0.0.5', '2001:db8::1']) {
      const list = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      expect(list.statusCode).toBe(404);
      expect(list.body).not.toContain('outbox-owner');
      const one = await t.app.inject({
        method: 'GET',
        url: `/dev/mail/${encodeURIComponent(mail!.file)}`,
        remoteAddress,
      });
      expect(one.statusCode).toBe(404);
      expect(one.body).not.toContain('confirm_email');
    }
  });

  it('does not take a forwarded loopback address from a remote client', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/mail',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});
