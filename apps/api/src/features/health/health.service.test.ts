import { describe, expect, it } from 'vitest';

import { freshRoundTrips } from './health.service.ts';

/** A round trip the test ends by hand, and the log of those begun. */
function manualRoundTrips() {
  const begun: { end: () => void; fail: (error: Error) => void }[] = [];
  const roundTrip = () =>
    new Promise<void>((resolve, reject) => begun.push({ end: resolve, fail: reject }));
  return { begun, roundTrip };
}

const settled = async (promise: Promise<void>) =>
  promise.then(
    () => 'ok',
    (error: Error) => error.message,
  );

describe('freshRoundTrips', () => {
  it('starts a round trip for a check that comes while none runs', async () => {
    const { begun, roundTrip } = manualRoundTrips();
    const check = freshRoundTrips(roundTrip);
    const first = check();
    expect(begun).toHaveLength(1);
    begun[0]!.end();
    expect(await settled(first)).toBe('ok');
    const second = check();
    expect(begun).toHaveLength(2);
    begun[1]!.end();
    expect(await settled(second)).toBe('ok');
  });

  it('makes checks that come during a round trip wait for the next one, all of them together', async () => {
    const { begun, roundTrip } = manualRoundTrips();
    const check = freshRoundTrips(roundTrip);
    const first = check();
    let laterDone = 0;
    const later = [check(), check(), check()].map((p) => p.then(() => (laterDone += 1)));
    expect(begun).toHaveLength(1);
    begun[0]!.end();
    expect(await settled(first)).toBe('ok');
    // The running round trip began before they came: they wait for one of their own.
    await new Promise((r) => setImmediate(r));
    expect(laterDone).toBe(0);
    expect(begun).toHaveLength(2);
    begun[1]!.end();
    await Promise.all(later);
    expect(laterDone).toBe(3);
    expect(begun).toHaveLength(2);
  });

  it('fails the checks of a failed round trip, and the next check tries again', async () => {
    const { begun, roundTrip } = manualRoundTrips();
    const check = freshRoundTrips(roundTrip);
    const first = check();
    const waiting = check();
    begun[0]!.fail(new Error('connection refused'));
    expect(await settled(first)).toBe('connection refused');
    await new Promise((r) => setImmediate(r));
    begun[1]!.fail(new Error('still refused'));
    expect(await settled(waiting)).toBe('still refused');
    const again = check();
    expect(begun).toHaveLength(3);
    begun[2]!.end();
    expect(await settled(again)).toBe('ok');
  });
});
