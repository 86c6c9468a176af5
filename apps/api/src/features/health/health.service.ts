const ignore = () => {};

/**
 * A round trip shared by the checks that wait at the same time, never one begun before a check
 * arrived: a check that comes while none runs starts one; checks that come while one runs all
 * wait for the next, which starts as soon as the running one ends. Each answer so stands for a
 * round trip made after it was asked for, and a burst of checks makes two round trips, not one
 * each. A failed round trip fails every check that waited for it.
 */
export function freshRoundTrips(roundTrip: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = () => {
    const trip = roundTrip().finally(() => {
      if (running === trip) running = undefined;
    });
    running = trip;
    return trip;
  };
  return () => {
    if (!running) return start();
    next ??= running.then(ignore, ignore).then(() => {
      next = undefined;
      return start();
    });
    return next;
  };
}
