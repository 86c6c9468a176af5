import type { Db } from '../../db/client.ts';
import * as repo from './api-keys.repository.ts';

/** How many calls wait at most before they are written, and for how long. */
const BATCH_SIZE = 200;
const BATCH_DELAY_MS = 1000;

/**
 * The log of calls made with keys, written in batches after the answers have gone out, so a
 * call never waits for its own log line. Writes run one after another; a failed write is
 * logged and dropped (a call's answer never depends on its log). `flush` writes what waits now:
 * reading the log calls it first, so a process always shows its own latest calls.
 */
export function createRequestLog(deps: {
  db: Db;
  log: { error(obj: unknown, msg?: string): void };
}) {
  let pending: repo.KeyRequestEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await deps.db.transaction((tx) => repo.insertRequests(tx, batch));
      } catch (error) {
        deps.log.error({ err: error, count: batch.length }, 'writing API key calls failed');
      }
    });
    return writing;
  }

  return {
    record(entry: repo.KeyRequestEntry): void {
      pending.push(entry);
      if (pending.length >= BATCH_SIZE) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), BATCH_DELAY_MS);
        timer.unref();
      }
    },
    flush,
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
