import type { SQL } from 'drizzle-orm';

import type { Db } from '../db/client.ts';

/**
 * Two writers meet: `first` runs in a transaction that stays open a moment after its write,
 * and `second` runs in a transaction of its own meanwhile, on another connection of a server's
 * pool (on the embedded database, which has one connection, it waits its turn). Whatever the
 * database keeps from both must come out as if they had run one after the other.
 */
export async function meet(db: Db, first: SQL, second: SQL, holdMs = 300): Promise<void> {
  let wrote!: () => void;
  const firstWrote = new Promise<void>((resolve) => (wrote = resolve));
  const one = db.transaction(async (tx) => {
    await tx.execute(first);
    wrote();
    await new Promise((resolve) => setTimeout(resolve, holdMs));
  });
  await firstWrote;
  const two = db.transaction(async (tx) => {
    await tx.execute(second);
  });
  await Promise.all([one, two]);
}
