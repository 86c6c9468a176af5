import { afterAll, beforeAll, expect, it } from 'vitest';

import {
  bearer,
  createTwoInstances,
  createUser,
  loginAs,
  type TestApp,
} from '../../test/build-app.ts';

// Two API instances on one database behave as one: a session started on one is known to the
// other, and ending it on one ends it everywhere.
let a: TestApp;
let b: TestApp;
let closeBoth: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ a, b, close: closeBoth } = await createTwoInstances());
});
afterAll(async () => {
  await closeBoth?.();
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
