import { isIPv6 } from 'node:net';

/**
 * How failed log-ins are limited. A wrong password counts against the pair of the account and
 * the address it came from: after `perPair` failures in a window that address is refused for that
 * account until the oldest of them leaves the window, while the owner (from anywhere else) is not
 * affected. Failures on one account from all addresses together only slow it down: past
 * `accountSlowdownAfter` every attempt on the account waits `stepMs` more per extra failure, up to
 * `maxDelayMs`, so a spread-out guessing attack gets slow but can never lock the owner out.
 */
export interface LoginLimitPolicy {
  perPair: number;
  accountSlowdownAfter: number;
  windowMs: number;
  stepMs: number;
  maxDelayMs: number;
}

/**
 * The part of a client address failures are counted against. An IPv4 address is one client; an
 * IPv6 client usually holds a whole /64 and can pick a new address in it for every attempt, so
 * its failures count against the /64.
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

export type LoginVerdict =
  { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number };

const inWindow = (failures: readonly number[], now: number, windowMs: number) =>
  failures.filter((at) => at > now - windowMs && at <= now).sort((a, b) => a - b);

/**
 * The verdict on a log-in attempt at `now` (ms), given the times of earlier failures of the same
 * account from the same address and of the account from any address. A refusal's
 * `retryAfterSeconds` is exactly when an attempt from that address will be let through again.
 */
export function loginVerdict(
  pairFailures: readonly number[],
  accountFailures: readonly number[],
  now: number,
  policy: LoginLimitPolicy,
): LoginVerdict {
  const pair = inWindow(pairFailures, now, policy.windowMs);
  if (pair.length >= policy.perPair) {
    // Below the limit again once all but perPair - 1 of these failures have left the window.
    const freedAt = pair[pair.length - policy.perPair]! + policy.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
  }
  const excess =
    inWindow(accountFailures, now, policy.windowMs).length - policy.accountSlowdownAfter;
  return {
    allowed: true,
    delayMs: excess > 0 ? Math.min(policy.maxDelayMs, excess * policy.stepMs) : 0,
  };
}

/**
 * Failed log-ins in this process's memory (like the per-address limits), keyed by account and by
 * account and address. Only what the rule can still use is kept: entries older than the window
 * are dropped, and a key keeps no more failures than can change a verdict.
 */
export function createLoginLimiter(policy: LoginLimitPolicy, now: () => number) {
  const pairs = new Map<string, number[]>();
  const accounts = new Map<string, number[]>();
  const keepPair = policy.perPair;
  const keepAccount = policy.accountSlowdownAfter + Math.ceil(policy.maxDelayMs / policy.stepMs);
  const pairKey = (account: string, address: string) => `${account}\n${clientKey(address)}`;

  const sweep = (map: Map<string, number[]>, at: number) => {
    if (map.size < 10_000) return;
    for (const [key, times] of map) {
      if ((times.at(-1) ?? 0) <= at - policy.windowMs) map.delete(key);
    }
  };
  const push = (map: Map<string, number[]>, key: string, at: number, keep: number) => {
    const times = inWindow(map.get(key) ?? [], at, policy.windowMs);
    times.push(at);
    map.set(key, times.slice(-keep));
  };

  return {
    check(account: string, address: string): LoginVerdict {
      return loginVerdict(
        pairs.get(pairKey(account, address)) ?? [],
        accounts.get(account) ?? [],
        now(),
        policy,
      );
    },
    failed(account: string, address: string) {
      const at = now();
      sweep(pairs, at);
      sweep(accounts, at);
      push(pairs, pairKey(account, address), at, keepPair);
      push(accounts, account, at, keepAccount);
    },
    /** The right password from an address forgives that address its earlier mistakes. */
    succeeded(account: string, address: string) {
      pairs.delete(pairKey(account, address));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
