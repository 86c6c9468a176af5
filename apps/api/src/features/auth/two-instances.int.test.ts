import { afterAll, beforeAll, expect, it } from 'vitest';

import { openDatabase } from '../../db/client.ts';
import { createTestDatabase } from '../../test/db.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';

// Two API instances on one database behave as one: a session started on one is known to the
// other, and ending it on one ends it everywhere.
let a: TestApp;
let b: TestApp;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  a = await createTestApp({ database: { ...database, drop: async () => {} } });
  // On a server the second instance has its own connection pool, as a second process would.
  const second = database.url
    ? await openDatabase({ kind: 'postgres', url: database.url, max: 2 })
    : database;
  b = await createTestApp({
    database: { ...second, drop: async () => (second === database ? undefined : second.close()) },
  });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await dropDatabase?.();
});

it('shares sessions between instances', async () => {
  const user = await createUser(a.database, { role: 'candidate' });
  const token = await loginAs(a.app, user.email, user.password);
  const onB = await b.app.inject({
    method: 'GET',
    url: '/api/candidate/candidate',
    headers: bearer(token),
  });
  expect(onB.statusCode).toBe(200);
  expect(onB.json().id).toBe(user.id);
  const out = await b.app.inject({
    method: 'DELETE',
    url: '/api/auth/session',
    headers: bearer(token),
  });
  expect(out.statusCode).toBe(204);
  const onA = await a.app.inject({
    method: 'GET',
    url: '/api/candidate/candidate',
    headers: bearer(token),
  });
  expect(onA.statusCode).toBe(401);
});
