import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';

import {
  LIVE_CLOSE,
  LIVE_SOCKETS_PER_ADDRESS,
  LIVE_SOCKETS_PER_USER,
} from '@pathways/shared/live/live.schemas';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { liveProcesses, liveSockets, sessions } from '../../db/schema/index.ts';
import {
  bearer,
  createTwoInstances,
  createUser,
  loginAs,
  tokenOf,
  type TestApp,
} from '../../test/build-app.ts';
import { liveUrl, LiveSocket, openLive } from '../../test/live-socket.ts';
import { publish, publishSessionsChanged } from './live.bus.ts';

// What one socket may send and how many sockets a user and an address may hold, over two API
// instances on one database: the open sockets are counted in the database, so the caps hold for
// the instances together. Every test closes its sockets and waits until they are no longer
// counted, so each starts from none.

let a: TestApp;
let b: TestApp;
let closeBoth: (() => Promise<void>) | undefined;
let opened: LiveSocket[] = [];

beforeAll(async () => {
  ({ a, b, close: closeBoth } = await createTwoInstances());
});

afterEach(async () => {
  const closing = opened;
  opened = [];
  for (const socket of closing) socket.close();
  await Promise.all(closing.map((socket) => socket.closed));
  await until(async () => (await counted()) === 0);
});

afterAll(async () => {
  await closeBoth?.();
});

const db = () => a.database.db;

/** The sockets the database counts, of every process. */
async function counted(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(liveSockets);
  return row?.n ?? 0;
}

/** Waits until `condition` holds; a test that never gets there fails on its own timeout. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

const track = (socket: LiveSocket) => {
  opened.push(socket);
  return socket;
};

/** Opens a socket without signing in: it counts against the address at once. */
async function openBare(app: TestApp): Promise<LiveSocket> {
  const socket = track(new LiveSocket(await liveUrl(app.app)));
  await socket.opened();
  return socket;
}

async function signedIn(app: TestApp, token: string): Promise<LiveSocket> {
  return track(await openLive(app.app, token));
}

/** The HTTP status an upgrade to the live socket is answered with (101 when it is accepted). */
async function upgradeStatus(app: TestApp): Promise<number> {
  const url = (await liveUrl(app.app)).replace(/^ws:/, 'http:');
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

async function candidate(app: TestApp = a) {
  const user = await createUser(app.database, { role: 'candidate' });
  return { user, token: await loginAs(app.app, user.email, user.password) };
}

const auth = (token: string) => JSON.stringify({ type: 'auth', token });

describe('messages on one socket', () => {
  it('beyond the allowance close the socket as too many, with a reason', async () => {
    const { token } = await candidate();
    const socket = await signedIn(a, token);
    // A client sends its token on connecting and on each refresh; this is a flood.
    for (let i = 0; i < 30; i += 1) socket.send(auth(token));
    const closed = await socket.closed;
    expect(closed.code).toBe(LIVE_CLOSE.tooMany);
    expect(closed.reason).toBe('Too many messages');
    // The flood was cut short: far fewer answers than messages.
    expect(socket.received.filter((m) => m.type === 'ready').length).toBeLessThan(12);
  });

  it('a few refreshed tokens on one socket are all accepted', async () => {
    const { token } = await candidate();
    const socket = await signedIn(a, token);
    for (let i = 0; i < 5; i += 1) await socket.authenticate(token);
    expect(socket.received.filter((m) => m.type === 'ready')).toHaveLength(6);
  });
});

describe('the sockets of one user', () => {
  it('past the cap are closed as too many, while the first ones keep working', async () => {
    const { user, token } = await candidate();
    const first: LiveSocket[] = [];
    for (let i = 0; i < LIVE_SOCKETS_PER_USER; i += 1) first.push(await signedIn(a, token));

    const extra = track(new LiveSocket(await liveUrl(a.app)));
    await extra.opened();
    extra.send(auth(token));
    const closed = await extra.closed;
    expect(closed.code).toBe(LIVE_CLOSE.tooMany);
    expect(closed.reason).toBe('Too many open connections for this account');
    expect(extra.received).toEqual([]);

    // The first ones still take a refreshed token and still hear the user's events.
    await first[0]!.authenticate(token);
    await publish(db(), [user.id], { kind: 'notifications' });
    for (const socket of first) {
      await socket.waitFor((m) => m.type === 'event' && m.event.kind === 'notifications');
    }
    expect(await counted()).toBe(LIVE_SOCKETS_PER_USER);
  });

  it('are counted over both instances, and a closed one frees its place on the other', async () => {
    const { token } = await candidate();
    const half = LIVE_SOCKETS_PER_USER / 2;
    const onA: LiveSocket[] = [];
    for (let i = 0; i < half; i += 1) onA.push(await signedIn(a, token));
    for (let i = 0; i < LIVE_SOCKETS_PER_USER - half; i += 1) await signedIn(b, token);

    const extra = track(new LiveSocket(await liveUrl(b.app)));
    await extra.opened();
    extra.send(auth(token));
    expect((await extra.closed).code).toBe(LIVE_CLOSE.tooMany);

    onA[0]!.close();
    await onA[0]!.closed;
    await until(async () => (await counted()) === LIVE_SOCKETS_PER_USER - 1);
    const again = await signedIn(b, token);
    expect(again.received).toEqual([{ type: 'ready' }]);
  });
});

describe('the sockets of one address', () => {
  it('past the cap are refused before the upgrade with 429, over both instances', async () => {
    // Signed in or not, each socket counts: these never send a token.
    for (let i = 0; i < LIVE_SOCKETS_PER_ADDRESS; i += 1) await openBare(i % 2 === 0 ? a : b);
    expect(await upgradeStatus(a)).toBe(429);
    expect(await upgradeStatus(b)).toBe(429);
    expect(await counted()).toBe(LIVE_SOCKETS_PER_ADDRESS);

    const leaving = opened[0]!;
    leaving.close();
    await leaving.closed;
    await until(async () => (await counted()) === LIVE_SOCKETS_PER_ADDRESS - 1);
    await openBare(b);
    expect(await upgradeStatus(a)).toBe(429);
  });
});

describe('a process that stopped without cleaning up', () => {
  it('has sockets that count for nothing, and is removed by a running one', async () => {
    const { user, token } = await candidate();
    const crashed = randomUUID();
    await db()
      .insert(liveProcesses)
      .values({ id: crashed, seenAt: sql`now() - interval '1 hour'` });
    await db()
      .insert(liveSockets)
      .values(
        Array.from({ length: LIVE_SOCKETS_PER_ADDRESS }, () => ({
          processId: crashed,
          userId: user.id,
          address: '127.0.0.1',
        })),
      );

    const socket = await signedIn(a, token);
    expect(socket.received).toEqual([{ type: 'ready' }]);
    // The next heartbeat of either instance removes the stopped process and its sockets.
    await until(
      async () =>
        (await db().select().from(liveProcesses).where(eq(liveProcesses.id, crashed))).length === 0,
    );
    expect(await counted()).toBe(1);
  });

  it('each running instance counts itself seen', async () => {
    const rows = await db()
      .select({ id: liveProcesses.id })
      .from(liveProcesses)
      .where(sql`${liveProcesses.seenAt} > now() - interval '30 seconds'`);
    expect(rows).toHaveLength(2);
  });
});

describe('the session of a signed-in socket', () => {
  it('is looked up once: a refreshed token of a session ended unannounced is still taken, until the session change is told', async () => {
    const { user, token } = await candidate();
    const socket = await signedIn(b, token);
    const refreshed = tokenOf(
      await a.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) }),
    );
    expect(refreshed).toBeDefined();
    // Ended in the database directly, without telling the instances.
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await socket.authenticate(refreshed!);
    expect(socket.received.filter((m) => m.type === 'ready')).toHaveLength(2);

    // Once told, the sessions are checked again (in one query) and the socket closes.
    await publishSessionsChanged(db(), user.id);
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
  });

  it('a token of another session of the same user closes the socket', async () => {
    const { user, token } = await candidate();
    const other = await loginAs(a.app, user.email, user.password);
    const socket = await signedIn(a, token);
    socket.send(auth(other));
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
  });

  it('a token that is not signed by the API closes the socket', async () => {
    const { token } = await candidate();
    const socket = await signedIn(a, token);
    const [header, payload] = token.split('.');
    socket.send(auth(`${header}.${payload}.${'A'.repeat(43)}`));
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
  });

  it('logging out on one instance closes the socket on the other at once', async () => {
    const { token } = await candidate();
    const socket = await signedIn(b, token);
    const out = await a.app.inject({
      method: 'DELETE',
      url: '/api/auth/session',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(204);
    expect((await socket.closed).code).toBe(LIVE_CLOSE.unauthenticated);
  });
});
