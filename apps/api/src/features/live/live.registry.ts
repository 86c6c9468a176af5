import { randomUUID } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../../db/client.ts';
import { withinCap } from './live.limits.ts';
import * as repo from './live.repository.ts';

// The open sockets of this process, written to the database so that the sockets one user or one
// address may hold are counted over every process of the API. A socket is written when it opens
// and removed when it closes; the process marks itself seen every `heartbeatMs`, and a process
// not seen for `staleMs` (it crashed, or stopped without cleaning up) counts for nothing and is
// removed by whichever process notices first.

export interface LiveRegistryDeps {
  db: Db;
  log: FastifyBaseLogger;
  perUser: number;
  perAddress: number;
  heartbeatMs: number;
  staleMs: number;
}

interface Entry {
  address: string;
  userId: number | null;
}

export async function createLiveRegistry(deps: LiveRegistryDeps) {
  const { db, log } = deps;
  const processId = randomUUID();
  const open = new Map<string, Entry>();
  let closed = false;

  await repo.markProcessSeen(db, processId);

  async function heartbeat() {
    if (await repo.markProcessSeen(db, processId)) {
      // Taken for stopped while this process was too busy to say otherwise: write its sockets
      // again so they count.
      log.warn({ processId }, 'live sockets written again after a missed heartbeat');
      await repo.insertSockets(
        db,
        [...open].map(([id, entry]) => ({ id, processId, ...entry })),
      );
    }
    await repo.removeStaleProcesses(db, deps.staleMs);
  }
  let beating = false;
  const heartbeats = setInterval(() => {
    if (beating || closed) return;
    beating = true;
    heartbeat()
      .catch((error: unknown) => log.warn({ err: error }, 'live heartbeat'))
      .finally(() => (beating = false));
  }, deps.heartbeatMs);
  heartbeats.unref();

  async function remove(id: string) {
    open.delete(id);
    if (!closed) await repo.removeSockets(db, [id]);
  }

  return {
    processId,

    /**
     * Counts a new socket from `address` in: its id, or null when the address already holds as
     * many sockets as it may (the socket is then not counted).
     */
    async open(address: string): Promise<string | null> {
      const id = randomUUID();
      open.set(id, { address, userId: null });
      await repo.insertSockets(db, [{ id, processId, address, userId: null }]);
      if (withinCap(await repo.countSockets(db, { address }, deps.staleMs), deps.perAddress)) {
        return id;
      }
      await remove(id);
      return null;
    },

    /**
     * The socket signed in as `userId`: true, or false when the user already holds as many
     * sockets as they may (the socket is then no longer counted).
     */
    async signIn(id: string, userId: number): Promise<boolean> {
      const entry = open.get(id);
      if (!entry) return false;
      entry.userId = userId;
      await repo.setSocketUser(db, id, userId);
      if (withinCap(await repo.countSockets(db, { userId }, deps.staleMs), deps.perUser)) {
        return true;
      }
      await remove(id);
      return false;
    },

    /** The socket closed. */
    release(id: string) {
      if (!open.has(id)) return;
      remove(id).catch((error: unknown) => log.warn({ err: error }, 'live socket release'));
    },

    /** The process stops: its row goes, and its sockets with it. */
    async close() {
      clearInterval(heartbeats);
      if (closed) return;
      closed = true;
      open.clear();
      await repo.removeProcess(db, processId);
    },
  };
}

export type LiveRegistry = Awaited<ReturnType<typeof createLiveRegistry>>;
