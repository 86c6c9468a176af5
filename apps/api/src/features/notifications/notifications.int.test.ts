import {
  NOT_DISMISSABLE_MESSAGE,
  notificationListResponse,
  type NotificationItem,
} from '@pathways/shared/notifications/notifications.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LightMyRequestResponse } from 'fastify';

import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { notify } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Client {
  userId: number;
  get(url: string): Promise<LightMyRequestResponse>;
  patch(url: string, payload: object): Promise<LightMyRequestResponse>;
}

async function signedIn(role: 'candidate' | 'client' = 'candidate'): Promise<Client> {
  const user = await createUser(t.database, { role });
  const headers = bearer(await loginAs(t.app, user.email, user.password));
  return {
    userId: user.id,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    patch: (url, payload) => t.app.inject({ method: 'PATCH', url, headers, payload }),
  };
}

const LIST = '/api/candidate/notifications';
const one = (id: number) => `${LIST}/${id}`;

async function listOf(
  c: Client,
  query = '',
): Promise<{ items: NotificationItem[]; total: number }> {
  const res = await c.get(`${LIST}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(notificationListResponse.parse(body)).toEqual(body);
  return body;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function seed(c: Client) {
  await notify(t.database.db, [
    {
      userId: c.userId,
      type: 'application',
      description: 'oldest',
      path: '/a/1',
      at: minutesAgo(30),
    },
    { userId: c.userId, type: 'message', description: 'a message', path: null, at: minutesAgo(20) },
    {
      userId: c.userId,
      type: 'opportunity.invite',
      description: 'newest',
      path: '/opportunities/9',
      image: '/logo.png',
      at: minutesAgo(10),
    },
  ]);
  return (await listOf(c)).items;
}

describe('GET candidate/notifications', () => {
  it('lists my notifications newest first, paged, and never another user’s', async () => {
    const me = await signedIn();
    const other = await signedIn();
    await seed(me);
    await notify(t.database.db, [
      { userId: other.userId, type: 'application', description: 'theirs' },
    ]);

    const all = await listOf(me);
    expect(all.items.map((n) => n.description)).toEqual(['newest', 'a message', 'oldest']);
    expect(all.total).toBe(3);
    expect(all.items[0]).toMatchObject({ image: '/logo.png', path: '/opportunities/9' });

    const page2 = await listOf(me, '?page=2&per=2');
    expect(page2.items.map((n) => n.description)).toEqual(['oldest']);
    expect(page2.total).toBe(3);

    expect((await listOf(other)).items.map((n) => n.description)).toEqual(['theirs']);
  });

  it('is for candidates only, and rejects a bad page', async () => {
    const client = await signedIn('client');
    expect((await client.get(LIST)).statusCode).toBe(403);
    const me = await signedIn();
    const res = await me.get(`${LIST}?page=0`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.page).toBeDefined();
  });
});

describe('PATCH candidate/notifications/:id', () => {
  it('dismisses my notification: it leaves the list at once', async () => {
    const me = await signedIn();
    const [newest] = await seed(me);
    const res = await me.patch(one(newest!.id), { type: 'dismiss' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notification.id).toBe(newest!.id);
    const after = await listOf(me);
    expect(after.items.map((n) => n.description)).toEqual(['a message', 'oldest']);
    expect(after.total).toBe(2);
    // Dismissing again changes nothing and does not fail.
    expect((await me.patch(one(newest!.id), { type: 'dismiss' })).statusCode).toBe(200);
  });

  it('answers 404 for another user’s notification and leaves it', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const [theirs] = await seed(other);
    const res = await me.patch(one(theirs!.id), { type: 'dismiss' });
    expect(res.statusCode).toBe(404);
    expect((await listOf(other)).total).toBe(3);
    expect((await me.patch(one(999_999_999), { type: 'dismiss' })).statusCode).toBe(404);
  });

  it('refuses to dismiss a message notification with a clear message', async () => {
    const me = await signedIn();
    const items = await seed(me);
    const message = items.find((n) => n.type === 'message')!;
    const res = await me.patch(one(message.id), { type: 'dismiss' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ type: [NOT_DISMISSABLE_MESSAGE] });
    expect((await listOf(me)).total).toBe(3);
  });

  it('rejects a body that is not a dismissal with 422', async () => {
    const me = await signedIn();
    const [newest] = await seed(me);
    const res = await me.patch(one(newest!.id), { type: 'read' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.type).toBeDefined();
    expect((await listOf(me)).total).toBe(3);
  });
});
