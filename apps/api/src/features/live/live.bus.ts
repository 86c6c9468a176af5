import { liveEvent, type LiveEvent } from '@pathways/shared/live/live.schemas';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';

import type { Database, DbOrTx } from '../../db/client.ts';

// Fan-out of live events through PostgreSQL LISTEN/NOTIFY. A service publishes inside its own
// transaction (pg_notify is delivered on commit, never for a rolled-back write); every API
// process listens on one channel and hands each event to the sockets of the users it names.
// Several processes on one database therefore behave as one. The embedded database does the
// same within its single process.

export const LIVE_CHANNEL = 'pathways_live';

/** Users per notification: NOTIFY payloads stay far below PostgreSQL's 8000 bytes. */
const USERS_PER_NOTIFICATION = 400;

const envelope = z.union([
  z.object({ to: z.array(z.number().int().positive()), event: liveEvent }),
  /** The sessions of a user changed (logout, revocation, suspension): check their sockets. */
  z.object({ sessionsOf: z.number().int().positive() }),
]);
export type Envelope = z.infer<typeof envelope>;

async function notifyChannel(db: DbOrTx, message: Envelope): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Tells the users' open pages that something they may see changed. Call it with the writing
 * transaction, so the event leaves on commit; the caller decides who may see the change.
 */
export async function publish(db: DbOrTx, to: Iterable<number>, event: LiveEvent): Promise<void> {
  const users = [...new Set(to)];
  for (let i = 0; i < users.length; i += USERS_PER_NOTIFICATION) {
    await notifyChannel(db, { to: users.slice(i, i + USERS_PER_NOTIFICATION), event });
  }
}

/** Tells every process that a user's sessions changed, so sockets of ended sessions close. */
export async function publishSessionsChanged(db: DbOrTx, userId: number): Promise<void> {
  await notifyChannel(db, { sessionsOf: userId });
}

export interface LiveListener {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onEnvelope(message: Envelope): void;
  /** The listening connection was lost and is back: events in between may be missed. */
  onResync(): void;
}

function parse(payload: string | undefined, log: FastifyBaseLogger): Envelope | undefined {
  if (!payload) return undefined;
  try {
    const parsed = envelope.safeParse(JSON.parse(payload));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the warning
  }
  log.warn({ channel: LIVE_CHANNEL }, 'a live notification was not understood');
  return undefined;
}

/** Delay before listening again after the n-th failure in a row: 0.5 s doubling up to 30 s. */
const relistenDelay = (failures: number) => Math.min(30_000, 500 * 2 ** Math.min(failures, 6));

/**
 * Listens on the live channel: in-process on the embedded database, on a connection of its
 * own on a server (a pooled connection would be handed to other queries). A lost connection
 * is opened again with a growing delay, and the handlers are told to resynchronize.
 */
export async function listen(
  database: Database,
  handlers: ListenHandlers,
  log: FastifyBaseLogger,
): Promise<LiveListener> {
  const receive = (payload: string | undefined) => {
    const message = parse(payload, log);
    if (message) handlers.onEnvelope(message);
  };

  if (database.pglite) {
    const unlisten = await database.pglite.listen(LIVE_CHANNEL, receive);
    return { close: () => unlisten() };
  }
  if (!database.pool) throw new Error('The live channel needs a database connection');

  const options = database.pool.options;
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(options);
    next.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL) receive(n.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'the live channel connection failed');
      if (client === next) {
        client = null;
        void next.end().catch(() => undefined);
        retry();
      }
    });
    await next.connect();
    await next.query(`LISTEN ${LIVE_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    if (failures > 0) handlers.onResync();
    failures = 0;
  };

  const retry = () => {
    if (closed) return;
    failures += 1;
    timer = setTimeout(() => {
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'the live channel could not listen');
        retry();
      });
    }, relistenDelay(failures));
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
