import { setTimeout } from 'node:timers/promises';

import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';

import type { Database } from '../db/client.ts';

// Background jobs (work done after the request has answered, such as eligibility recomputation)
// through pg-boss, queued in the same PostgreSQL: PGlite through pg-boss's own adapter, a server
// through a small pool of its own. Features define their jobs (a name, a handler, optionally a
// key and a schedule); app.ts and worker.ts start them. Three modes:
//   'work'   queue and work here: the embedded database, and development on a server;
//   'queue'  only queue: API processes in production, where `npm run worker` does the work;
//   'inline' run each job at once, inside the enqueue call: tests, which then see the outcome
//            of a request as soon as it answers, without a queue to wait for.

export type JobsMode = 'inline' | 'queue' | 'work';

export interface Jobs {
  readonly mode: JobsMode;
  /**
   * Queues a job (in 'inline' mode: runs it and waits), to start after `delayMs` when given.
   * Unknown names are a programming error.
   */
  enqueue(name: string, data: object, options?: EnqueueOptions): Promise<void>;
  /** Stops taking jobs and waits (up to 10 s) for those running. */
  stop(): Promise<void>;
}

export interface EnqueueOptions {
  /** The job starts no sooner than this many milliseconds from now. */
  delayMs?: number;
}

export interface JobDefinition<T extends object = never> {
  name: string;
  handler(data: T, jobs: Jobs): Promise<void>;
  /**
   * Jobs with the same key do not pile up: at most one waits while one runs (pg-boss's `stately`
   * policy), so a burst of changes to one profile costs one or two runs, never one per change.
   */
  key?(data: T): string;
  /** A cron expression (UTC) on which the job is queued with empty data. */
  schedule?: string;
  /**
   * Its jobs are queued to start later (`delayMs`): workers poll for them instead of waking on
   * the notification sent when one is queued, which comes before it is due.
   */
  delayed?: boolean;
}

// Job handlers are typed per job; the runner passes them the data it was given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJobDefinition = JobDefinition<any>;

export interface JobsDeps {
  database: Database;
  log: FastifyBaseLogger;
}

const STOP_TIMEOUT_MS = 10_000;

/** Runs every job in the enqueue call itself; jobs a job queues run there too. */
export function inlineJobs(definitions: readonly AnyJobDefinition[]): Jobs {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const jobs: Jobs = {
    mode: 'inline',
    async enqueue(name, data, options) {
      const definition = byName.get(name);
      if (!definition) throw new Error(`Unknown job ${name}`);
      if (options?.delayMs) await setTimeout(options.delayMs);
      await definition.handler(data, jobs);
    },
    async stop() {},
  };
  return jobs;
}

function createBoss(database: Database, work: boolean): PgBoss {
  const common = {
    // The cron and maintenance loops belong to the processes that work.
    schedule: work,
    supervise: work,
    useListenNotify: true,
  } as const;
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('An embedded database without its PGlite instance');
    return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
  }
  const connectionString = database.pool?.options.connectionString;
  if (!connectionString) throw new Error('pg-boss needs the connection string of the pool');
  return new PgBoss({ ...common, connectionString, max: 4, application_name: 'pathways-jobs' });
}

/** Starts the jobs in the given mode: pg-boss for 'queue' and 'work', nothing for 'inline'. */
export async function startJobs(
  deps: JobsDeps,
  definitions: readonly AnyJobDefinition[],
  mode: JobsMode,
): Promise<Jobs> {
  if (mode === 'inline') return inlineJobs(definitions);
  const { log } = deps;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const boss = createBoss(deps.database, mode === 'work');
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning: unknown) => log.warn({ warning }, 'job queue warning'));
  await boss.start();

  let stopping: Promise<void> | undefined;
  const jobs: Jobs = {
    mode,
    async enqueue(name, data, options) {
      const definition = byName.get(name);
      if (!definition) throw new Error(`Unknown job ${name}`);
      const key = definition.key?.(data as never);
      // null: a job of this key is already waiting, and it will see the change too.
      await boss.send(name, data, {
        ...(key === undefined ? {} : { singletonKey: key }),
        ...(options?.delayMs ? { startAfter: new Date(Date.now() + options.delayMs) } : {}),
      });
    },
    stop() {
      stopping ??= boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      return stopping;
    },
  };

  for (const definition of definitions) {
    await boss.createQueue(definition.name, {
      policy: definition.key ? 'stately' : 'standard',
      notify: !definition.delayed,
      retryLimit: 3,
      retryDelay: 10,
      retryBackoff: true,
      // A recomputation over every candidate may take a while on a large database.
      expireInSeconds: 3600,
    });
    // A queue created before it was delayed keeps waking its workers too early otherwise.
    if (definition.delayed) await boss.updateQueue(definition.name, { notify: false });
  }
  if (mode === 'work') {
    for (const definition of definitions) {
      // A queue that wakes its workers by notification still polls as a backstop: every 5 s,
      // not pg-boss's 30 s, so a wake-up lost to another worker's fetch delays a job seconds,
      // not half a minute.
      const polling = { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5 };
      await boss.work(definition.name, polling, async (batch) => {
        for (const job of batch) {
          const started = Date.now();
          await definition.handler(job.data as never, jobs);
          log.debug({ job: definition.name, data: job.data, ms: Date.now() - started }, 'job done');
        }
      });
      if (definition.schedule) {
        await boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
      }
    }
  }
  return jobs;
}
