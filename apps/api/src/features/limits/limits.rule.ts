import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';

/** A fixed-window counter as it is kept: hits so far, and when the window ends. */
export interface Counter {
  count: number;
  resetsAt: Date;
}

export interface Verdict {
  allowed: boolean;
  /** Hits in the current window, this one included when it was counted. */
  count: number;
  /** Whole seconds until the window ends (at least 1): when a refused caller may try again. */
  retryAfterSeconds: number;
}

/**
 * The counter after one more hit at `now`. A window starts with the first hit and lasts
 * `windowMs`; a hit at or after its end starts a new one at 1. The database applies the same rule
 * in one statement (limits.repository.ts), so processes sharing it never lose a hit.
 */
export function nextCounter(current: Counter | undefined, now: Date, windowMs: number): Counter {
  if (!current || current.resetsAt.getTime() <= now.getTime()) {
    return { count: 1, resetsAt: new Date(now.getTime() + windowMs) };
  }
  return { count: current.count + 1, resetsAt: current.resetsAt };
}

/** A counter whose window has ended counts as empty. */
export function liveCounter(current: Counter | undefined, now: Date): Counter | undefined {
  return current && current.resetsAt.getTime() > now.getTime() ? current : undefined;
}

/** Allowed while the window holds at most `max` hits (the one being judged included). */
export function verdictOf(counter: Counter | undefined, max: number, now: Date): Verdict {
  const live = liveCounter(counter, now);
  const count = live?.count ?? 0;
  const left = live ? live.resetsAt.getTime() - now.getTime() : 0;
  return { allowed: count <= max, count, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
}

/**
 * The part of a client address a limit counts against. An IPv4 address is one client; an
 * IPv6 client usually holds a whole /64 and can pick a new address in it for every request, so
 * it counts as its /64.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * An e-mail address as a key: trimmed and lower-cased, so one account has one count however the
 * address is typed, and hashed, so the counters hold no addresses.
 */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
}
