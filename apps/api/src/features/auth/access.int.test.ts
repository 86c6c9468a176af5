import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accessPlugin } from '../../plugins/access.ts';

import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createPrincipals, type Principals } from '../../test/principals.ts';

type Who = 'guest' | 'candidate' | 'client' | 'primary' | 'admin';
// The shared principals: the client user is one of the primary user's organization who
// manages nothing.
const principalOf = {
  guest: 'guest',
  candidate: 'candidate',
  client: 'bystander',
  primary: 'primary',
  admin: 'admin',
} as const satisfies Record<Who, string>;
let t: TestApp;
let p: Principals;
const tokens: Partial<Record<Who, string>> = {};
const ids: Partial<Record<Who, number>> = {};

beforeAll(async () => {
  t = await createTestApp();
  p = await createPrincipals(t);
  for (const who of Object.keys(principalOf) as Who[]) {
    tokens[who] = p.byWho[principalOf[who]].token;
    ids[who] = p.byWho[principalOf[who]].user?.id;
  }
});
afterAll(async () => {
  await t?.close();
});

// Every protected route that exists so far, with who may call it. `self` routes take the
// caller's own id; anyone else calling them is refused by role (403) before ownership.
const routes: { method: 'GET' | 'POST' | 'DELETE'; url: (who: Who) => string; allowed: Who[] }[] = [
  { method: 'GET', url: () => '/api/candidate/candidate', allowed: ['candidate'] },
  {
    method: 'GET',
    url: () => '/api/candidate/candidate/send_email_confirmation',
    allowed: ['candidate'],
  },
  { method: 'POST', url: () => '/api/candidates/accept_terms', allowed: ['candidate'] },
  {
    method: 'GET',
    url: (who) => `/api/client/clients/${ids[who] ?? 1}`,
    allowed: ['client', 'primary'],
  },
  { method: 'GET', url: (who) => `/api/admin/admins/${ids[who] ?? 1}`, allowed: ['admin'] },
  {
    method: 'POST',
    url: () => '/api/auth/refresh',
    allowed: ['candidate', 'client', 'primary', 'admin'],
  },
];

describe('the role guard of every protected route', () => {
  const everyone: Who[] = ['guest', 'candidate', 'client', 'primary', 'admin'];
  for (const route of routes) {
    for (const who of everyone) {
      const expected = route.allowed.includes(who) ? 200 : who === 'guest' ? 401 : 403;
      it(`${route.method} ${route.url('guest').replace(/\d+$/, '{id}')} as ${who} answers ${expected}`, async () => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url(who),
          headers: who === 'guest' ? {} : bearer(tokens[who]),
        });
        expect(res.statusCode).toBe(expected);
      });
    }
  }

  it('logs out any signed-in role, and a guest gets 401', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/session' })).statusCode).toBe(
      401,
    );
    const admin = await createUser(t.database, { role: 'admin' });
    const token = await loginAs(t.app, admin.email, admin.password);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: bearer(token) }))
        .statusCode,
    ).toBe(204);
  });

  it('refuses to start when an API route declares no access rule', async () => {
    const app = Fastify({ logger: false });
    await app.register(accessPlugin, { verify: () => Promise.reject(new Error('not called')) });
    expect(() => app.get('/api/forgotten', async () => 'open to all?')).toThrow(
      /GET \/api\/forgotten declares no access rule/,
    );
    const fine = Fastify({ logger: false });
    await fine.register(accessPlugin, { verify: () => Promise.reject(new Error('not called')) });
    fine.get('/api/declared', { config: { access: 'public' } }, async () => 'ok');
    await expect(fine.ready()).resolves.toBeDefined();
  });
});
