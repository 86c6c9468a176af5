import { afterAll, beforeAll, expect, it } from 'vitest';

import { applications } from '../../db/schema/index.ts';
import {
  bearer,
  createTwoInstances,
  createUser,
  loginAs,
  type TestApp,
} from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';
import { openLive, type LiveSocket } from '../../test/live-socket.ts';

// Two API instances on one database behave as one for live updates: a message written through
// one reaches a socket connected to the other, and a session ended on one closes its socket on
// the other. On a server each instance listens on a connection of its own.
let a: TestApp;
let b: TestApp;
let closeBoth: (() => Promise<void>) | undefined;
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  ({ a, b, close: closeBoth } = await createTwoInstances());
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await closeBoth?.();
});

it('delivers a message sent through one instance to a socket on the other, both ways', async () => {
  const client = await createUser(a.database, { role: 'client', primary: true });
  const candidate = await createUser(a.database, { role: 'candidate' });
  const [opportunity] = await createOpportunities(a.database, [
    { organizationId: client.organizationId! },
  ]);
  const [application] = await a.database.db
    .insert(applications)
    .values({ candidateId: candidate.id, opportunityId: opportunity!.id })
    .returning();
  const ids = { applicationId: application!.id, opportunityId: opportunity!.id };
  const isMessage = (m: { type: string; event?: unknown }) =>
    m.type === 'event' && JSON.stringify(m.event) === JSON.stringify({ kind: 'message', ...ids });

  const candidateToken = await loginAs(a.app, candidate.email, candidate.password);
  const clientToken = await loginAs(b.app, client.email, client.password);
  const onB = await openLive(b.app, candidateToken);
  const onA = await openLive(a.app, clientToken);
  sockets.push(onA, onB);

  const sent = await a.app.inject({
    method: 'POST',
    url: `/api/client/opportunities/${ids.opportunityId}/applications/${ids.applicationId}/chats`,
    headers: bearer(clientToken),
    payload: { message: { body: 'Written through instance A' } },
  });
  expect(sent.statusCode).toBe(201);
  await onB.waitFor(isMessage);

  const answered = await b.app.inject({
    method: 'POST',
    url: `/api/candidate/applications/${ids.applicationId}/chats`,
    headers: bearer(candidateToken),
    payload: { message: { body: 'Answered through instance B' } },
  });
  expect(answered.statusCode).toBe(201);
  await onA.waitFor(isMessage);
});

it('closes the socket on one instance when the session ends on the other', async () => {
  const candidate = await createUser(a.database, { role: 'candidate' });
  const token = await loginAs(a.app, candidate.email, candidate.password);
  const onB = await openLive(b.app, token);
  sockets.push(onB);
  const out = await a.app.inject({
    method: 'DELETE',
    url: '/api/auth/session',
    headers: bearer(token),
  });
  expect(out.statusCode).toBe(204);
  expect((await onB.closed).code).toBe(4401);
});
