import { and, eq, exists } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { opportunities, opportunityManagers } from '../../db/schema/index.ts';

/**
 * The opportunity `id` if it belongs to the organization and, for a non-primary user, lists
 * `userId` among its managers; undefined otherwise.
 */
export async function findManagedOpportunityId(
  db: DbOrTx,
  scope: { userId: number; organizationId: number; primary: boolean },
  id: number,
): Promise<number | undefined> {
  const managed = scope.primary
    ? undefined
    : exists(
        db
          .select({ one: opportunityManagers.userId })
          .from(opportunityManagers)
          .where(
            and(
              eq(opportunityManagers.opportunityId, opportunities.id),
              eq(opportunityManagers.userId, scope.userId),
            ),
          ),
      );
  const [row] = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(
      and(
        eq(opportunities.id, id),
        eq(opportunities.organizationId, scope.organizationId),
        managed,
      ),
    )
    .limit(1);
  return row?.id;
}
