import {
  chatList,
  chatThread,
  MESSAGE_MAX_LENGTH,
} from '@pathways/shared/messages/messages.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, notifications, opportunityManagers } from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';

// Messages between a candidate and the managers of the opportunity: who may read and write
// which thread, read marking, unread counts, the limits on a message, and the notification of
// the other side.

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};
let opportunityId: number;
let otherOpportunityId: number;
let applicationId: number;
let otherApplicationId: number;

const candidateUrl = (app = applicationId) => `/api/candidate/applications/${app}/chats`;
const clientUrl = (opp = opportunityId, app = applicationId) =>
  `/api/client/opportunities/${opp}/applications/${app}/chats`;

const get = (url: string, who: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
const post = (url: string, who: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]!), payload });

async function notificationsOf(userId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'message')));
}

beforeAll(async () => {
  t = await createTestApp();
  users.primary = await createUser(t.database, { role: 'client', primary: true });
  const organizationId = users.primary.organizationId!;
  users.manager = await createUser(t.database, { role: 'client', organizationId });
  users.bystander = await createUser(t.database, { role: 'client', organizationId });
  users.otherPrimary = await createUser(t.database, { role: 'client', primary: true });
  users.candidate = await createUser(t.database, { role: 'candidate' });
  users.otherCandidate = await createUser(t.database, { role: 'candidate' });
  for (const [name, user] of Object.entries(users)) {
    tokens[name] = await loginAs(t.app, user.email, user.password);
  }
  const [opportunity, other] = await createOpportunities(t.database, [
    { organizationId },
    { organizationId },
  ]);
  opportunityId = opportunity!.id;
  otherOpportunityId = other!.id;
  await t.database.db
    .insert(opportunityManagers)
    .values({ opportunityId, userId: users.manager.id });
  const [application, otherApplication] = await t.database.db
    .insert(applications)
    .values([
      { candidateId: users.candidate.id, opportunityId },
      { candidateId: users.otherCandidate.id, opportunityId: otherOpportunityId },
    ])
    .returning();
  applicationId = application!.id;
  otherApplicationId = otherApplication!.id;
});

afterAll(async () => {
  await t?.close();
});

// Steps in order on one thread, the candidate's with the opportunity's managers: it starts
// empty, the managers write, the candidate reads and answers, a manager reads; each step's
// messages, unread counts and notifications include those of the steps before it.
describe('a thread', { shuffle: false }, () => {
  it('is empty before the first message, and no chat is listed', async () => {
    const res = await get(candidateUrl(), 'candidate');
    expect(res.statusCode, res.body).toBe(200);
    expect(chatThread.parse(res.json()).messages).toEqual([]);
    const list = chatList.parse((await get('/api/candidate/chats', 'candidate')).json());
    expect(list.items).toEqual([]);
  });

  it('is started by the manager; the candidate sees it unread, then reads it', async () => {
    const sent = await post(clientUrl(), 'manager', { message: { body: '  Hello Thandi  ' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const thread = chatThread.parse(sent.json());
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({ senderType: 'client', body: 'Hello Thandi' });
    expect(thread.messages[0]!.readAt).toBeNull();

    await post(clientUrl(), 'primary', { message: { body: 'Please send your transcript' } });
    let list = chatList.parse((await get('/api/candidate/chats', 'candidate')).json());
    expect(list.items).toHaveLength(1);
    expect(list.unreadCount).toBe(2);
    expect(list.items[0]).toMatchObject({
      applicationId,
      unreadCount: 2,
      lastMessage: { senderType: 'client', body: 'Please send your transcript' },
    });

    // The client's own messages are not unread for the client.
    const clientList = chatList.parse((await get('/api/client/chats', 'manager')).json());
    expect(clientList.items[0]).toMatchObject({ applicationId, unreadCount: 0 });

    const read = chatThread.parse((await get(candidateUrl(), 'candidate')).json());
    expect(read.messages.map((m) => m.body)).toEqual([
      'Hello Thandi',
      'Please send your transcript',
    ]);
    expect(read.messages.every((m) => m.readAt !== null)).toBe(true);
    list = chatList.parse((await get('/api/candidate/chats', 'candidate')).json());
    expect(list.unreadCount).toBe(0);
  });

  it("the candidate's answer is unread for the client until a manager opens the thread", async () => {
    const sent = await post(candidateUrl(), 'candidate', { message: { body: 'Sent it today' } });
    expect(sent.statusCode, sent.body).toBe(201);
    let list = chatList.parse((await get('/api/client/chats', 'bystander')).json());
    expect(list.items).toEqual([]);
    list = chatList.parse((await get('/api/client/chats', 'primary')).json());
    expect(list.items[0]).toMatchObject({ applicationId, unreadCount: 1 });
    expect(list.items[0]!.candidate.id).toBe(users.candidate!.id);

    // The tracker counts unread chats with the same rule.
    const tracker = await get(`/api/client/opportunities/${opportunityId}/applications`, 'primary');
    expect(tracker.statusCode, tracker.body).toBe(200);
    const row = (tracker.json() as { items: { id: number; unreadChats: number }[] }).items.find(
      (r) => r.id === applicationId,
    );
    expect(row?.unreadChats).toBe(1);

    const thread = chatThread.parse((await get(clientUrl(), 'manager')).json());
    expect(thread.messages.at(-1)).toMatchObject({
      senderType: 'candidate',
      body: 'Sent it today',
    });
    expect(thread.messages.at(-1)!.readAt).not.toBeNull();
    list = chatList.parse((await get('/api/client/chats', 'primary')).json());
    expect(list.items[0]!.unreadCount).toBe(0);
    const after = await get(`/api/client/opportunities/${opportunityId}/applications`, 'primary');
    const rowAfter = (after.json() as { items: { id: number; unreadChats: number }[] }).items.find(
      (r) => r.id === applicationId,
    );
    expect(rowAfter?.unreadChats).toBe(0);
  });

  it('notifies the other side with the path to the thread', async () => {
    const candidates = await notificationsOf(users.candidate!.id);
    expect(candidates).toHaveLength(2);
    expect(candidates[0]!.path).toBe(`/candidate/messages?application=${applicationId}`);
    for (const who of ['primary', 'manager']) {
      const rows = await notificationsOf(users[who]!.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.path).toBe(
        `/client/opportunities/${opportunityId}/applications/${applicationId}`,
      );
    }
    expect(await notificationsOf(users.bystander!.id)).toHaveLength(0);
    expect(await notificationsOf(users.otherPrimary!.id)).toHaveLength(0);
  });
});

describe('who may reach a thread', () => {
  it("a candidate reads and writes no other candidate's thread", async () => {
    expect((await get(candidateUrl(), 'otherCandidate')).statusCode).toBe(404);
    const res = await post(candidateUrl(), 'otherCandidate', { message: { body: 'Hi' } });
    expect(res.statusCode).toBe(404);
    const list = chatList.parse((await get('/api/candidate/chats', 'otherCandidate')).json());
    expect(list.items).toEqual([]);
  });

  it('a client of another organization reads none of it', async () => {
    expect((await get(clientUrl(), 'otherPrimary')).statusCode).toBe(404);
    const res = await post(clientUrl(), 'otherPrimary', { message: { body: 'Hi' } });
    expect(res.statusCode).toBe(404);
    const list = chatList.parse((await get('/api/client/chats', 'otherPrimary')).json());
    expect(list.items).toEqual([]);
  });

  it('a client who does not manage the opportunity gets 404', async () => {
    expect((await get(clientUrl(), 'bystander')).statusCode).toBe(404);
    const res = await post(clientUrl(), 'bystander', { message: { body: 'Hi' } });
    expect(res.statusCode).toBe(404);
  });

  it('an application of another opportunity answers 404 under this one', async () => {
    expect((await get(clientUrl(opportunityId, otherApplicationId), 'primary')).statusCode).toBe(
      404,
    );
  });

  it('roles: a client cannot use the candidate paths, nor a guest any', async () => {
    expect((await get(candidateUrl(), 'primary')).statusCode).toBe(403);
    expect((await get(clientUrl(), 'candidate')).statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'GET', url: '/api/candidate/chats' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('a message', () => {
  it('is refused when empty, blank, too long or holding NUL, with a 422 that says why', async () => {
    const cases: [object, string][] = [
      [{ message: { body: '' } }, "can't be blank"],
      [{ message: { body: '   \n ' } }, "can't be blank"],
      [
        { message: { body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) } },
        'is too long (at most 4000 characters)',
      ],
      [{ message: { body: 'a\u0000b' } }, 'must not contain a NUL character'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(candidateUrl(), 'candidate', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const missing = await post(candidateUrl(), 'candidate', {});
    expect(missing.statusCode, missing.body).toBe(422);
  });

  it('of exactly the limit is accepted, and kept as plain text', async () => {
    // On a thread of its own, with an organization of its own, out of the thread above.
    const owner = await createUser(t.database, { role: 'client', primary: true });
    const writer = await createUser(t.database, { role: 'candidate' });
    tokens.writer = await loginAs(t.app, writer.email, writer.password);
    const [opportunity] = await createOpportunities(t.database, [
      { organizationId: owner.organizationId! },
    ]);
    const [application] = await t.database.db
      .insert(applications)
      .values({ candidateId: writer.id, opportunityId: opportunity!.id })
      .returning();
    const body = `<b>${'x'.repeat(MESSAGE_MAX_LENGTH - 7)}</b>`;
    const res = await post(candidateUrl(application!.id), 'writer', { message: { body } });
    expect(res.statusCode, res.body).toBe(201);
    expect(chatThread.parse(res.json()).messages.at(-1)!.body).toBe(body);
  });
});
