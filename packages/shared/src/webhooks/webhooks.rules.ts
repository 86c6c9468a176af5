// The rules of webhook delivery, the same wherever they are shown or applied.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How long to wait before each retry of a message that was not answered with a 2xx: the
 * Standard Webhooks schedule. The first attempt goes at once; after the last retry fails the
 * message has failed (about 28 hours after it was first sent).
 */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/**
 * The wait after the `attempts`-th attempt failed (1 for the first), or null when the schedule
 * is used up and the message has failed.
 */
export function retryDelayMs(attempts: number, schedule: readonly number[]): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) return null;
  return schedule[attempts - 1] ?? null;
}

/** An answer with a 2xx status is a success; anything else (or none) is retried. */
export const isDelivered = (statusCode: number | null): boolean =>
  statusCode !== null && statusCode >= 200 && statusCode < 300;

/** How long a rotated secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_VALID_MS = 24 * HOUR;

/**
 * Messages in a row that use up every retry, with no success in between, before the endpoint
 * is disabled and the organization's primary users are told by e-mail.
 */
export const DISABLE_AFTER_EXHAUSTED = 5;

/** Whether an endpoint failing this many messages in a row is to be disabled. */
export const shouldDisable = (exhaustedInARow: number, threshold: number): boolean =>
  exhaustedInARow >= threshold;

const units: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR };

/**
 * A schedule written as durations separated by commas, e.g. "5s,5m,30m,2h": the waits before
 * each retry. Undefined when the text is not such a list.
 */
export function parseRetrySchedule(text: string): number[] | undefined {
  const parts = text.split(',').map((p) => p.trim());
  const waits: number[] = [];
  for (const part of parts) {
    const match = /^(\d+)(ms|s|m|h)$/.exec(part);
    if (!match) return undefined;
    waits.push(Number(match[1]) * units[match[2]!]!);
  }
  return waits.length > 0 ? waits : undefined;
}
