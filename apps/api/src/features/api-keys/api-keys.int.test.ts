import { createHash } from 'node:crypto';

import { apiKeyMessages } from '@pathways/shared/api-keys/api-keys.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiKeyRequests, apiKeys } from '../../db/schema/index.ts';

import { createTestApp, createUser, type TestApp } from '../../test/build-app.ts';
import { insertApplication } from '../../test/factories.ts';
import { createPeople, type People } from '../../test/principals.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { keyOperations } from './key-operations.ts';

// Calls made with an organization's API key, over HTTP on a real database: a key acts as a
// primary user of its organization within its scopes, fails at once when revoked or expired,
// cannot manage keys, is rate limited on its own, and every call is logged.

interface Created {
  apiKey: { id: number; prefix: string; status: string; lastUsedAt: string | null };
  secret: string;
}

let t: TestApp;
let people: People;
let applicationA: number;
let applicationB: number;

async function createKey(
  scopes: Record<string, string>,
  options: { expiresAt?: string | null; as?: Record<string, string>; app?: TestApp } = {},
): Promise<Created> {
  const target = options.app ?? t;
  const res = await target.app.inject({
    method: 'POST',
    url: '/api/client/api_keys',
    headers: options.as ?? people.byWho.primary.headers,
    payload: { apiKey: { name: 'HR system', scopes, expiresAt: options.expiresAt ?? null } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Created>();
}

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

function call(key: string, method: string, url: string, payload?: object, app = t) {
  return app.app.inject({
    method: method as 'GET',
    url,
    headers: withKey(key),
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const place = { latitude: -33.92, longitude: 18.42, city: 'Cape Town' };
  people = await createPeople(t, { a: { locations: [place] }, b: { locations: [place] } });
  const candidate = people.users.candidate;
  applicationA = await insertApplication(t.database, {
    candidateId: candidate.id,
    opportunityId: people.a.opportunityId,
    phaseId: null,
    locationIds: [people.a.locationIds[0]!],
  });
  applicationB = await insertApplication(t.database, {
    candidateId: candidate.id,
    opportunityId: people.b.opportunityId,
    phaseId: null,
    locationIds: [people.b.locationIds[0]!],
  });
});
afterAll(async () => t?.close());

describe('a key with read scope on applications', () => {
  it("lists its organization's applications, and no other organization's", async () => {
    const { secret } = await createKey({ applications: 'read' });
    const res = await call(secret, 'GET', '/api/client/applications');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<{ items: { id: number }[] }>().items.map((r) => r.id);
    expect(ids).toEqual([applicationA]);
  });

  it("gets 404 for another organization's application, exactly as for a missing one", async () => {
    const { secret } = await createKey({ applications: 'read' });
    const own = await call(
      secret,
      'GET',
      `/api/client/opportunities/${people.a.opportunityId}/applications/${applicationA}`,
    );
    expect(own.statusCode, own.body).toBe(200);
    const foreign = await call(
      secret,
      'GET',
      `/api/client/opportunities/${people.b.opportunityId}/applications/${applicationB}`,
    );
    const missing = await call(
      secret,
      'GET',
      `/api/client/opportunities/${people.b.opportunityId + 100_000}/applications/${applicationB + 100_000}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('is refused a write of its own area (403)', async () => {
    const { secret } = await createKey({ applications: 'read' });
    const res = await call(
      secret,
      'PATCH',
      `/api/client/opportunities/${people.a.opportunityId}/applications/${applicationA}/rating`,
      { rating: 4 },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: apiKeyMessages.outOfScope });
  });

  it('is refused every area it was not given (403)', async () => {
    const { secret } = await createKey({ applications: 'read' });
    for (const url of [
      '/api/client/campaigns',
      '/api/client/opportunities',
      '/api/client/eligibilities',
      '/api/client/organization/analytics/applicants',
    ]) {
      const res = await call(secret, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(apiKeyMessages.outOfScope);
    }
  });
});

describe('a key with write scope', () => {
  it('writes in its area as a primary user would, and reads there too', async () => {
    const { secret } = await createKey({ applications: 'write' });
    const url = `/api/client/opportunities/${people.a.opportunityId}/applications/${applicationA}`;
    const rated = await call(secret, 'PATCH', `${url}/rating`, { rating: 4 });
    expect(rated.statusCode, rated.body).toBe(200);
    const read = await call(secret, 'GET', url);
    expect(read.statusCode).toBe(200);
    const foreign = await call(
      secret,
      'PATCH',
      `/api/client/opportunities/${people.b.opportunityId}/applications/${applicationB}/rating`,
      { rating: 4 },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('answers bad input with the field messages a person gets', async () => {
    const { secret } = await createKey({ applications: 'write' });
    const res = await call(
      secret,
      'PATCH',
      `/api/client/opportunities/${people.a.opportunityId}/applications/${applicationA}/rating`,
      { rating: 9 },
    );
    expect(res.statusCode).toBe(422);
  });
});

describe('keys that no longer hold', () => {
  it('a revoked key fails with 401 from the very next call', async () => {
    const created = await createKey({ applications: 'read' });
    expect((await call(created.secret, 'GET', '/api/client/applications')).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/client/api_keys/${created.apiKey.id}/revoke`,
      headers: people.byWho.primary.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().apiKey).toMatchObject({ status: 'revoked' });
    const after = await call(created.secret, 'GET', '/api/client/applications');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'unauthenticated',
      message: apiKeyMessages.invalidKey,
    });
  });

  it('an expired key fails with 401', async () => {
    const expiresAt = new Date(t.clock.now.getTime() + 10 * 60_000).toISOString();
    const created = await createKey({ applications: 'read' }, { expiresAt });
    expect((await call(created.secret, 'GET', '/api/client/applications')).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    try {
      const after = await call(created.secret, 'GET', '/api/client/applications');
      expect(after.statusCode).toBe(401);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/client/api_keys',
        headers: people.byWho.primary.headers,
      });
      const shown = list.json().items.find((k: { id: number }) => k.id === created.apiKey.id);
      expect(shown.status).toBe('expired');
    } finally {
      t.clock.advance(-10 * 60_000);
    }
  });

  it('a key with a wrong secret, or not written as a key, fails with 401', async () => {
    const { secret } = await createKey({ applications: 'read' });
    const last = secret.at(-1) === 'A' ? 'B' : 'A';
    for (const bad of [secret.slice(0, -1) + last, `${secret}x`, 'pwk_nothing']) {
      expect((await call(bad, 'GET', '/api/client/applications')).statusCode).toBe(401);
    }
  });
});

describe('what a key may never do', () => {
  it('cannot manage keys, even with every scope', async () => {
    const { secret, apiKey } = await createKey({
      opportunities: 'write',
      applications: 'write',
      candidates: 'write',
      campaigns: 'write',
      analytics: 'write',
    });
    const attempts: [string, string, object?][] = [
      ['GET', '/api/client/api_keys'],
      [
        'POST',
        '/api/client/api_keys',
        { apiKey: { name: 'more', scopes: { analytics: 'read' }, expiresAt: null } },
      ],
      ['POST', `/api/client/api_keys/${apiKey.id}/revoke`],
      ['PATCH', `/api/client/api_keys/${apiKey.id}`, { apiKey: { name: 'x' } }],
      ['GET', `/api/client/api_keys/${apiKey.id}/requests`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(secret, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(apiKeyMessages.keysOnly);
    }
  });

  it("cannot act as a person: sessions, accounts, chats, candidates' and admins' calls", async () => {
    const { secret } = await createKey({ applications: 'write', opportunities: 'write' });
    for (const [method, url] of [
      ['GET', '/api/client/me'],
      ['GET', '/api/client/clients'],
      ['GET', '/api/client/chats'],
      ['PATCH', '/api/client/organization'],
      ['DELETE', '/api/auth/session'],
      ['POST', '/api/auth/refresh'],
      ['GET', '/api/candidate/profile'],
    ] as const) {
      const res = await call(secret, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('managing keys', () => {
  it('shows the secret once, keeps only its SHA-256, and lists the key by its prefix', async () => {
    const created = await createKey({ campaigns: 'write' });
    expect(created.secret).toMatch(/^pwk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.apiKey.prefix.replace('…', ''))).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, created.apiKey.id));
    const secretPart = created.secret.split('_').slice(2).join('_');
    expect(row!.secretHash).toBe(createHash('sha256').update(secretPart).digest('hex'));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/client/api_keys',
      headers: people.byWho.primary.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secretPart);
    expect(list.json().items.find((k: { id: number }) => k.id === created.apiKey.id)).toMatchObject(
      {
        name: 'HR system',
        prefix: created.apiKey.prefix,
        scopes: { campaigns: 'write' },
        status: 'active',
        createdBy: { id: people.users.primary.id },
        revokedAt: null,
      },
    );
  });

  it("refuses another organization's key with 404, as a missing one", async () => {
    const theirs = await createKey({ analytics: 'read' }, { as: people.byWho.otherClient.headers });
    const revoke = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/client/api_keys/${id}/revoke`,
        headers: people.byWho.primary.headers,
      });
    const foreign = await revoke(theirs.apiKey.id);
    const missing = await revoke(theirs.apiKey.id + 100_000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(
      (await call(theirs.secret, 'GET', '/api/client/organization/analytics/applicants'))
        .statusCode,
    ).toBe(200);
  });

  it('answers bad input with messages per field', async () => {
    const post = (apiKey: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/api_keys',
        headers: people.byWho.primary.headers,
        payload: { apiKey },
      });
    const empty = await post({ name: ' ', scopes: {}, expiresAt: null });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      name: [apiKeyMessages.nameRequired],
      scopes: [apiKeyMessages.scopesRequired],
    });
    const past = await post({
      name: 'x',
      scopes: { analytics: 'read' },
      expiresAt: new Date(t.clock.now.getTime() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ expiresAt: [apiKeyMessages.expiryInPast] });
  });

  it('is for primary users: another client user of the organization gets 403', async () => {
    const colleague = await createUser(t.database, {
      role: 'client',
      organizationId: people.a.organizationId,
    });
    expect(colleague.primary).toBe(false);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/client/api_keys',
      headers: people.byWho.manager.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the log of calls', () => {
  it("records every call with its route pattern, status and time, and the key's last use", async () => {
    const created = await createKey({ applications: 'read' });
    expect(created.apiKey.lastUsedAt).toBeNull();
    const one = `/api/client/opportunities/${people.a.opportunityId}/applications/${applicationA}`;
    expect((await call(created.secret, 'GET', `${one}?x=1`)).statusCode).toBe(200);
    expect((await call(created.secret, 'GET', '/api/client/campaigns')).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/client/api_keys/${created.apiKey.id}/requests?per=10`,
      headers: people.byWho.primary.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, per: 10, total: 2 });
    expect(
      body.items.map((r: { method: string; route: string; status: number }) => [
        r.method,
        r.route,
        r.status,
      ]),
    ).toEqual([
      ['GET', '/api/client/campaigns', 403],
      ['GET', '/api/client/opportunities/{id}/applications/{appId}', 200],
    ]);
    for (const r of body.items) expect(r.durationMs).toBeGreaterThanOrEqual(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/client/api_keys',
      headers: people.byWho.primary.headers,
    });
    const shown = list.json().items.find((k: { id: number }) => k.id === created.apiKey.id);
    expect(shown.lastUsedAt).toBe(t.clock.now.toISOString());
  });

  it('pages the calls, newest first', async () => {
    const created = await createKey({ analytics: 'read' });
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await call(created.secret, 'GET', '/api/client/organization/analytics/applicants');
    }
    const page = (n: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/client/api_keys/${created.apiKey.id}/requests?per=2&page=${n}`,
        headers: people.byWho.primary.headers,
      });
    const first = (await page(1)).json();
    const third = (await page(3)).json();
    expect(first.total).toBe(5);
    expect(first.items).toHaveLength(2);
    expect(third.items).toHaveLength(1);
    expect(new Date(first.items[0].at) > new Date(first.items[1].at)).toBe(true);
    expect(new Date(first.items[1].at) > new Date(third.items[0].at)).toBe(true);
  });

  it('forgets calls older than 90 days', async () => {
    const created = await createKey({ analytics: 'read' });
    const day = 86_400_000;
    const now = t.clock.now.getTime();
    await t.database.db.insert(apiKeyRequests).values(
      [91, 89].map((days) => ({
        apiKeyId: created.apiKey.id,
        at: new Date(now - days * day),
        method: 'GET',
        route: '/api/client/organization/analytics/applicants',
        status: 200,
        durationMs: 3,
      })),
    );
    const service = createApiKeysService({
      db: t.database.db,
      now: () => t.clock.now,
      log: t.app.log,
    });
    expect(await service.purgeOldRequests()).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select({ at: apiKeyRequests.at })
      .from(apiKeyRequests)
      .where(eq(apiKeyRequests.apiKeyId, created.apiKey.id));
    expect(left.map((r) => Math.round((now - r.at.getTime()) / day))).toEqual([89]);
  });
});

describe('the rate limit of a key', () => {
  it("answers 429 with Retry-After past the key's limit, counting each key apart", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_API_PER_KEY: '3/1m' } });
    try {
      const primary = await createUser(limited.database, { role: 'client', primary: true });
      const login = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: primary.email, password: primary.password },
      });
      const session = { authorization: String(login.headers.authorization) };
      const one = await createKey({ analytics: 'read' }, { as: session, app: limited });
      const two = await createKey({ analytics: 'read' }, { as: session, app: limited });
      const url = '/api/client/organization/analytics/applicants';
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await call(one.secret, 'GET', url, undefined, limited)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await call(one.secret, 'GET', url, undefined, limited);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(two.secret, 'GET', url, undefined, limited)).statusCode).toBe(200);
      const person = await limited.app.inject({ method: 'GET', url, headers: session });
      expect(person.statusCode).toBe(200);
      limited.clock.advance(60_000);
      expect((await call(one.secret, 'GET', url, undefined, limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the API document', () => {
  interface Operation {
    security?: Record<string, unknown>[];
    'x-api-key-scope'?: string;
  }
  const isPublic = (operation: Operation) => operation.security?.length === 0;

  it('names every client operation in the table of key operations, and nothing else', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const clientOperations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => path.startsWith('/api/client/') && !isPublic(operation))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(clientOperations.length).toBeGreaterThan(80);
    const listed = Object.keys(keyOperations);
    expect(clientOperations.filter((op) => !listed.includes(op))).toEqual([]);
    expect(listed.filter((op) => !clientOperations.includes(op))).toEqual([]);
  });

  it('says of every client operation which scope a key needs, or that keys are refused', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API key',
    });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        const entry = keyOperations[name];
        const scope = operation['x-api-key-scope'];
        const takesKeys = operation.security?.some((s) => 'apiKey' in s) ?? false;
        if (path.startsWith('/api/client/') && !isPublic(operation)) {
          expect({ name, scope }).toEqual({
            name,
            scope: expect.stringMatching(
              /^((opportunities|applications|candidates|campaigns|analytics):(read|write)|none)$/,
            ),
          });
          expect(takesKeys, name).toBe(scope !== 'none');
          expect(scope === 'none', name).toBe(entry === null);
        } else {
          expect(takesKeys, name).toBe(false);
        }
      }
    }
    expect(doc.paths['/api/client/applications']!.get!['x-api-key-scope']).toBe(
      'applications:read',
    );
    expect(
      doc.paths['/api/client/opportunities/{id}/requirements/preview']!.post!['x-api-key-scope'],
    ).toBe('opportunities:read');
    expect(doc.paths['/api/client/api_keys']!.post!['x-api-key-scope']).toBe('none');
  });
});
