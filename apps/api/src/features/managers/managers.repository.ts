import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { clientUsers, users } from '../../db/schema/index.ts';

/** The organization a client user belongs to, and whether they are one of its primary users. */
export async function findMembership(
  db: DbOrTx,
  userId: number,
): Promise<{ organizationId: number; primary: boolean } | undefined> {
  const [row] = await db
    .select({ organizationId: clientUsers.organizationId, primary: users.primary })
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(eq(clientUsers.userId, userId))
    .limit(1);
  return row;
}
