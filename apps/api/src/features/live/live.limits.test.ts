import { describe, expect, it } from 'vitest';

import { fullBucket, takeFrame, withinCap, type FrameBucket } from './live.limits.ts';

const policy = { burst: 10, refillMs: 6_000 };

/** Takes `n` messages at time `at`, answering how many were allowed and the bucket after. */
function take(bucket: FrameBucket, n: number, at: number) {
  let allowed = 0;
  for (let i = 0; i < n; i += 1) {
    const result = takeFrame(bucket, at, policy);
    bucket = result.bucket;
    if (result.allowed) allowed += 1;
  }
  return { bucket, allowed };
}

describe('takeFrame', () => {
  it('allows a burst of ten messages at once and refuses the eleventh', () => {
    const { bucket, allowed } = take(fullBucket(policy, 0), 10, 0);
    expect(allowed).toBe(10);
    expect(takeFrame(bucket, 0, policy).allowed).toBe(false);
  });

  it('gives one message back every refill period', () => {
    const { bucket } = take(fullBucket(policy, 0), 10, 0);
    expect(takeFrame(bucket, 5_999, policy).allowed).toBe(false);
    const after = takeFrame(bucket, 6_000, policy);
    expect(after.allowed).toBe(true);
    expect(takeFrame(after.bucket, 6_000, policy).allowed).toBe(false);
    expect(take(bucket, 5, 30_000).allowed).toBe(5);
  });

  it('never holds more than the burst, however long the socket was quiet', () => {
    const { bucket } = take(fullBucket(policy, 0), 1, 0);
    expect(take(bucket, 20, 24 * 3_600_000).allowed).toBe(10);
  });

  it('a refused message does not count: the socket may send again once refilled', () => {
    let { bucket } = take(fullBucket(policy, 0), 10, 0);
    ({ bucket } = take(bucket, 100, 0));
    expect(takeFrame(bucket, 6_000, policy).allowed).toBe(true);
  });

  it('a clock read earlier than the last one neither refills nor moves the bucket back', () => {
    const { bucket } = take(fullBucket(policy, 60_000), 10, 60_000);
    const result = takeFrame(bucket, 0, policy);
    expect(result.allowed).toBe(false);
    expect(result.bucket.at).toBe(60_000);
  });

  it('the client’s own use (a token on connecting and on each refresh) is always allowed', () => {
    let bucket = fullBucket(policy, 0);
    for (let minute = 0; minute < 120; minute += 1) {
      const result = takeFrame(bucket, minute * 60_000, policy);
      expect(result.allowed).toBe(true);
      bucket = result.bucket;
    }
  });
});

describe('withinCap', () => {
  it('lets the socket that reaches the cap in and refuses the next', () => {
    expect(withinCap(10, 10)).toBe(true);
    expect(withinCap(11, 10)).toBe(false);
    expect(withinCap(1, 10)).toBe(true);
  });
});
