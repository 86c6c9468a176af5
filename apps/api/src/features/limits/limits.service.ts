import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Limit } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError, tooManyAttempts } from '../../lib/app-error.ts';
import { hitCounter, readCounter, sweepCounters } from './limits.repository.ts';
import { verdictOf, type Verdict } from './limits.rule.ts';

export interface LimitsDeps {
  db: Db;
  now: () => Date;
  log: { error(obj: unknown, msg?: string): void };
}

/** How often a process deletes the counters whose window has ended. */
export const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Rate limits kept in the database, so every API process on it shares one count per key. A key
 * names the limit and what it protects (`login-address:10.0.0.5`, `uploads:user:12`); a limit is
 * a count per fixed window that starts with the key's first hit.
 */
export function createLimiter(deps: LimitsDeps) {
  const { db, now } = deps;
  let lastSweep = now().getTime();

  async function sweepNowAndThen(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    try {
      await sweepCounters(db, at);
    } catch (error) {
      deps.log.error({ err: error }, 'sweeping ended rate-limit counters failed');
    }
  }

  /** Counts one hit on `key`; allowed while the window holds at most `max` hits. */
  async function hit(key: string, max: number, windowMs: number): Promise<Verdict> {
    const at = now();
    await sweepNowAndThen(at);
    return verdictOf(await hitCounter(db, key, windowMs, at), max, at);
  }

  /** Whether one more hit on `key` would still be allowed, counting nothing. */
  async function peek(key: string, max: number): Promise<Verdict> {
    const at = now();
    const counter = await readCounter(db, key, at);
    const verdict = verdictOf(counter, max, at);
    return { ...verdict, allowed: verdict.count < max };
  }

  /**
   * The store @fastify/rate-limit keeps route limits in: its own headers, 429 and Retry-After,
   * with the counts here. Routes share it (`child`), so their keys carry the limit's name.
   */
  class Store implements FastifyRateLimitStore {
    constructor(_options?: FastifyRateLimitOptions) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const at = now();
      sweepNowAndThen(at)
        .then(() => hitCounter(db, key, timeWindow, at))
        .then(
          (counter) =>
            callback(null, {
              current: counter.count,
              ttl: counter.resetsAt.getTime() - at.getTime(),
            }),
          (error: Error) => callback(error),
        );
    }

    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ) {
      const at = now();
      readCounter(db, key, at).then(
        (counter) =>
          callback(null, {
            current: counter?.count ?? 0,
            ttl: counter ? counter.resetsAt.getTime() - at.getTime() : 0,
          }),
        (error: Error) => callback(error),
      );
    }

    child() {
      return new Store();
    }
  }

  return {
    hit,
    peek,
    /** Sweeps at once rather than now and then (tests, maintenance). */
    sweep: () => sweepCounters(db, now()),
    Store: Store as FastifyRateLimitStoreCtor,
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

/**
 * A route's limit for @fastify/rate-limit, keyed by `name` and what `keyOf` says the request is
 * about. `hook` is when it counts: 'onRequest' (after sign-in is checked) for keys from the
 * address or the signed-in user, 'preHandler' for keys from the validated body.
 */
export function routeLimit(
  name: string,
  limit: Limit,
  keyOf: (request: FastifyRequest) => string | Promise<string>,
  hook: 'onRequest' | 'preHandler' = 'onRequest',
): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook,
    keyGenerator: async (request) => `${name}:${await keyOf(request)}`,
  };
}

/** Refuses the request (429 with Retry-After) when a directly counted limit says no. */
export function refuseUnless(reply: FastifyReply, verdict: Verdict): void {
  if (verdict.allowed) return;
  reply.header('Retry-After', String(verdict.retryAfterSeconds));
  throw new AppError('rate_limited', tooManyAttempts);
}
