import { describe, expect, it } from 'vitest';

import { webhookEventData, webhookExamples, webhookMessageSchema } from './webhooks.events.ts';
import {
  isDelivered,
  parseRetrySchedule,
  retryDelayMs,
  shouldDisable,
  WEBHOOK_RETRY_SCHEDULE_MS,
} from './webhooks.rules.ts';

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, WEBHOOK_RETRY_SCHEDULE_MS));
    expect(waits).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(retryDelayMs(8, WEBHOOK_RETRY_SCHEDULE_MS)).toBeNull();
  });

  it('spans a little over a day from the first attempt to the last', () => {
    const total = WEBHOOK_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeCloseTo(27.6, 1);
  });

  it('has no wait before an attempt that was never made', () => {
    expect(retryDelayMs(0, WEBHOOK_RETRY_SCHEDULE_MS)).toBeNull();
    expect(retryDelayMs(-1, WEBHOOK_RETRY_SCHEDULE_MS)).toBeNull();
    expect(retryDelayMs(1.5, WEBHOOK_RETRY_SCHEDULE_MS)).toBeNull();
  });

  it('reads a schedule written as durations', () => {
    expect(parseRetrySchedule('5s,5m,30m,2h')).toEqual([5000, 300_000, 1_800_000, 7_200_000]);
    expect(parseRetrySchedule(' 200ms , 1s ')).toEqual([200, 1000]);
    expect(parseRetrySchedule('')).toBeUndefined();
    expect(parseRetrySchedule('5 minutes')).toBeUndefined();
    expect(parseRetrySchedule('5s,,5m')).toBeUndefined();
    expect(parseRetrySchedule('-5s')).toBeUndefined();
  });
});

describe('what counts as delivered', () => {
  it('is a 2xx answer and nothing else', () => {
    expect([200, 201, 204, 299].map(isDelivered)).toEqual([true, true, true, true]);
    expect([null, 100, 301, 302, 400, 404, 410, 429, 500, 503].map(isDelivered)).toEqual(
      Array(10).fill(false),
    );
  });
});

describe('disabling a failing endpoint', () => {
  it('happens once the threshold of exhausted messages in a row is reached', () => {
    expect(shouldDisable(4, 5)).toBe(false);
    expect(shouldDisable(5, 5)).toBe(true);
    expect(shouldDisable(6, 5)).toBe(true);
  });
});

describe('the event payloads', () => {
  it('each example matches its schema', () => {
    for (const type of Object.keys(webhookEventData) as (keyof typeof webhookEventData)[]) {
      expect(webhookMessageSchema(type).safeParse(webhookExamples[type]).success, type).toBe(true);
    }
  });

  it('carries no personal data of a candidate', () => {
    for (const example of Object.values(webhookExamples)) {
      const text = JSON.stringify(example);
      expect(text).not.toMatch(/email|firstName|lastName|phone|idNumber|birth/i);
    }
  });
});
