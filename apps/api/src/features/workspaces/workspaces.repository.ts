import { and, asc, count, eq, exists, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

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

/**
 * The active-workspace condition: an opportunity published in the past that has not commenced
 * yet, or has no commencement date. `isActiveWorkspace` in shared says the same in TypeScript.
 */
export function activeSql(now: Date): SQL {
  return and(
    lte(opportunities.publishedAt, now),
    or(isNull(opportunities.commencesAt), gt(opportunities.commencesAt, now)),
  )!;
}

/**
 * The active workspaces a client user sees: a primary user all of the organization's, newest
 * opensAt first; anybody else those listing them as a manager, by name.
 */
export async function findActiveWorkspaces(
  db: DbOrTx,
  scope: { userId: number; organizationId: number; primary: boolean },
  now: Date,
): Promise<{ id: number; name: string }[]> {
  const base = and(eq(opportunities.organizationId, scope.organizationId), activeSql(now));
  if (scope.primary) {
    return db
      .select({ id: opportunities.id, name: opportunities.name })
      .from(opportunities)
      .where(base)
      .orderBy(sql`${opportunities.opensAt} desc nulls last`, asc(opportunities.id));
  }
  return db
    .select({ id: opportunities.id, name: opportunities.name })
    .from(opportunities)
    .innerJoin(opportunityManagers, eq(opportunityManagers.opportunityId, opportunities.id))
    .where(and(base, eq(opportunityManagers.userId, scope.userId)))
    .orderBy(asc(opportunities.name), asc(opportunities.id));
}

/** How many opportunities of the organization list the user as a manager, active or not. */
export async function countManagedWorkspaces(
  db: DbOrTx,
  scope: { userId: number; organizationId: number },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(opportunityManagers)
    .innerJoin(opportunities, eq(opportunities.id, opportunityManagers.opportunityId))
    .where(
      and(
        eq(opportunityManagers.userId, scope.userId),
        eq(opportunities.organizationId, scope.organizationId),
      ),
    );
  return row?.n ?? 0;
}
