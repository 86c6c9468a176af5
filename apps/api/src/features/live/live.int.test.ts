import { LIVE_CLOSE, type LiveEvent } from '@pathways/shared/live/live.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, opportunityManagers } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  createUser,
  loginAs,
  tokenOf,
  type TestApp,
} from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';
import { liveUrl, LiveSocket, openLive } from '../../test/live-socket.ts';
import { createPeople, type User } from '../../test/principals.ts';

// The live socket at /api/cable: who may open it, what each user hears, and that it ends with
// the session. On the embedded database the channel works within the one process.

let t: TestApp;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};
let opportunityId: number;
let otherOpportunityId: number;
let applicationId: number;
let otherApplicationId: number;
let foreignOpportunityId: number;
let foreignApplicationId: number;
const sockets: LiveSocket[] = [];

const live = async (who: string) => {
  const socket = await openLive(t.app, tokens[who]!);
  sockets.push(socket);
  return socket;
};
const post = (url: string, who: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]!), payload });
const patch = (url: string, who: string) =>
  t.app.inject({ method: 'PATCH', url, headers: bearer(tokens[who]!) });
const get = (url: string, who: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
const clientChat = (opp: number, app: number) =>
  `/api/client/opportunities/${opp}/applications/${app}/chats`;
const regretUrl = (opp: number, app: number) =>
  `/api/client/opportunities/${opp}/applications/${app}/regret`;
const candidateChat = (app: number) => `/api/candidate/applications/${app}/chats`;
const isEvent = (match: Partial<LiveEvent>) => (m: { type: string; event?: LiveEvent }) =>
  m.type === 'event' &&
  Object.entries(match).every(([k, v]) => (m.event as Record<string, unknown>)[k] === v);

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t);
  Object.assign(users, p.users);
  for (const who of Object.keys(p.users) as (keyof typeof p.users)[]) {
    tokens[who] = p.byWho[who].token!;
  }
  opportunityId = p.a.opportunityId;
  foreignOpportunityId = p.b.opportunityId;
  // A second opportunity of the organization, which the manager is not listed on.
  const [other] = await createOpportunities(t.database, [{ organizationId: p.a.organizationId }]);
  otherOpportunityId = other!.id;
  const rows = await t.database.db
    .insert(applications)
    .values([
      { candidateId: users.candidate!.id, opportunityId },
      { candidateId: users.otherCandidate!.id, opportunityId: otherOpportunityId },
      { candidateId: users.candidate!.id, opportunityId: foreignOpportunityId },
    ])
    .returning();
  applicationId = rows[0]!.id;
  otherApplicationId = rows[1]!.id;
  foreignApplicationId = rows[2]!.id;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

describe('opening the socket', () => {
  it('is refused with a token that is not valid', async () => {
    const socket = new LiveSocket(await liveUrl(t.app));
    await socket.opened();
    socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
    expect(socket.received).toEqual([]);
  });

  it('is refused when the first message is not a token', async () => {
    const socket = new LiveSocket(await liveUrl(t.app));
    await socket.opened();
    socket.send('hello');
    expect((await socket.closed).code).toBe(LIVE_CLOSE.badMessage);
  });

  it('refuses a token given in the address: only the first message counts', async () => {
    const socket = new LiveSocket(`${await liveUrl(t.app)}?token=${tokens.candidate}`);
    await socket.opened();
    socket.send(JSON.stringify({ type: 'auth', token: '' }));
    expect((await socket.closed).code).toBe(LIVE_CLOSE.badMessage);
    expect(socket.received).toEqual([]);
  });

  it('is accepted with the access token of a live session', async () => {
    const socket = await live('candidate');
    expect(socket.received).toEqual([{ type: 'ready' }]);
  });
});

describe('messages', () => {
  it('reach the candidate, and the answer reaches the clients who manage the opportunity', async () => {
    const candidate = await live('candidate');
    const manager = await live('manager');
    const primary = await live('primary');

    expect(
      (await post(clientChat(opportunityId, applicationId), 'primary', { message: { body: 'Hi' } }))
        .statusCode,
    ).toBe(201);
    const message = { kind: 'message', applicationId, opportunityId } as const;
    // The message's notification comes with it: the page fetches both.
    await candidate.waitFor(isEvent(message));

    expect(
      (await post(candidateChat(applicationId), 'candidate', { message: { body: 'Hello' } }))
        .statusCode,
    ).toBe(201);
    await manager.waitFor(isEvent(message));
    await primary.waitFor(isEvent(message));

    // Opening the thread reads it: unread counts change for everyone on it.
    expect((await get(clientChat(opportunityId, applicationId), 'manager')).statusCode).toBe(200);
    await primary.waitFor(isEvent({ kind: 'unread' }));
    await candidate.waitFor(isEvent({ kind: 'unread' }));
  });

  it('of another candidate never reach a candidate', async () => {
    const candidate = await live('candidate');
    const other = await live('otherCandidate');
    await post(clientChat(opportunityId, applicationId), 'primary', { message: { body: 'A' } });
    await post(clientChat(otherOpportunityId, otherApplicationId), 'primary', {
      message: { body: 'B' },
    });
    await candidate.waitFor(isEvent({ kind: 'message', applicationId }));
    // The channel keeps commit order: the other candidate's own message comes after the first.
    await other.waitFor(isEvent({ kind: 'message', applicationId: otherApplicationId }));
    const heard = other.events().filter((e) => e.kind === 'message');
    expect(heard).toEqual([
      { kind: 'message', applicationId: otherApplicationId, opportunityId: otherOpportunityId },
    ]);
  });

  it('of an organization never reach a client of another one, nor a colleague who does not manage it', async () => {
    const foreign = await live('otherClient');
    const bystander = await live('bystander');
    await post(candidateChat(applicationId), 'candidate', { message: { body: 'Mine' } });
    await post(candidateChat(foreignApplicationId), 'candidate', { message: { body: 'Theirs' } });
    await foreign.waitFor(isEvent({ kind: 'message', applicationId: foreignApplicationId }));
    expect(foreign.events().filter((e) => e.kind === 'message')).toEqual([
      { kind: 'message', applicationId: foreignApplicationId, opportunityId: foreignOpportunityId },
    ]);
    // The colleague hears their own notice only once the thread they manage changes.
    await t.database.db
      .insert(opportunityManagers)
      .values({ opportunityId: otherOpportunityId, userId: users.bystander!.id });
    await post(candidateChat(otherApplicationId), 'otherCandidate', { message: { body: 'Hi' } });
    await bystander.waitFor(isEvent({ kind: 'message', applicationId: otherApplicationId }));
    expect(bystander.events().filter((e) => e.kind === 'message')).toEqual([
      { kind: 'message', applicationId: otherApplicationId, opportunityId: otherOpportunityId },
    ]);
  });
});

describe('application changes', () => {
  it('a regret reaches the candidate with its notification, and the managers', async () => {
    const candidate = await live('candidate');
    const manager = await live('manager');
    const res = await patch(regretUrl(opportunityId, applicationId), 'primary');
    expect(res.statusCode).toBe(200);
    await candidate.waitFor(isEvent({ kind: 'application', opportunityId }));
    await candidate.waitFor(isEvent({ kind: 'notifications' }));
    await manager.waitFor(isEvent({ kind: 'application', opportunityId }));
  });

  it('a new application reaches the open trackers of the organization', async () => {
    const [opening] = await createOpportunities(t.database, [
      {
        organizationId: users.primary!.organizationId!,
        publishedAt: new Date(t.clock.now.getTime() - 86_400_000),
        opensAt: new Date(t.clock.now.getTime() - 86_400_000),
        closesAt: new Date(t.clock.now.getTime() + 7 * 86_400_000),
        locations: [{ latitude: -33.92, longitude: 18.42, city: 'Cape Town' }],
      },
    ]);
    const primary = await live('primary');
    const res = await post(`/api/candidate/opportunities/${opening!.id}/apply`, 'candidate', {
      locations: [opening!.locations[0]!.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    await primary.waitFor(isEvent({ kind: 'application', opportunityId: opening!.id }));
  });

  it('a withdrawal reaches the managers', async () => {
    const primary = await live('primary');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/candidate/applications/${otherApplicationId}/archive`,
      headers: bearer(tokens.otherCandidate!),
    });
    expect(res.statusCode).toBe(200);
    await primary.waitFor(isEvent({ kind: 'application', opportunityId: otherOpportunityId }));
  });
});

describe('the session', () => {
  it('a refreshed token keeps the socket; logging out closes it', async () => {
    const user = await createUser(t.database, { role: 'candidate' });
    const token = await loginAs(t.app, user.email, user.password);
    const socket = new LiveSocket(await liveUrl(t.app));
    sockets.push(socket);
    await socket.authenticate(token);
    const refreshed = tokenOf(
      await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) }),
    );
    expect(refreshed).toBeDefined();
    await socket.authenticate(refreshed!);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/session',
      headers: bearer(refreshed),
    });
    expect(out.statusCode).toBe(204);
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
  });

  it('a new password closes the sockets of the other sessions, not this one', async () => {
    const user = await createUser(t.database, { role: 'candidate' });
    const here = await loginAs(t.app, user.email, user.password);
    const there = await loginAs(t.app, user.email, user.password);
    const kept = await openLive(t.app, here);
    const ended = await openLive(t.app, there);
    sockets.push(kept, ended);
    // A new password ends every other session (suspension ends them the same way).
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/candidate/password',
      headers: bearer(here),
      payload: {
        currentPassword: user.password,
        password: 'another-long-password-1',
        passwordConfirmation: 'another-long-password-1',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await ended.closed).code).toBe(LIVE_CLOSE.unauthenticated);
    // The kept socket still hears its events.
    const [row] = await t.database.db
      .insert(applications)
      .values({ candidateId: user.id, opportunityId })
      .returning();
    expect((await patch(regretUrl(opportunityId, row!.id), 'primary')).statusCode).toBe(200);
    await kept.waitFor(isEvent({ kind: 'application', opportunityId }));
  });

  it('a suspension closes the socket of the suspended colleague', async () => {
    const colleague = await createUser(t.database, {
      role: 'client',
      organizationId: users.primary!.organizationId!,
    });
    const socket = await openLive(t.app, await loginAs(t.app, colleague.email, colleague.password));
    sockets.push(socket);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/clients/${colleague.id}`,
      headers: bearer(tokens.primary!),
      payload: { client: { active: false } },
    });
    expect(res.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
  });

  it('a token that expires without a newer one closes the socket', async () => {
    const user = await createUser(t.database, { role: 'candidate' });
    // Signed in almost 30 minutes ago: the access token has two seconds left.
    const realNow = new Date();
    t.clock.now = new Date(realNow.getTime() - 30 * 60_000 + 2_000);
    const token = await loginAs(t.app, user.email, user.password);
    t.clock.now = realNow;
    const socket = await openLive(t.app, token);
    sockets.push(socket);
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
  });

  it('a token of another user on an open socket closes it', async () => {
    const socket = await live('candidate');
    socket.send(JSON.stringify({ type: 'auth', token: tokens.otherCandidate }));
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
  });
});
