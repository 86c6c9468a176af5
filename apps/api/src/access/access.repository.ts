// The facts the access policies need: a client user's membership, and which opportunities (and
// so which applications) they manage. Nothing else reads these for a decision about access.
import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../db/client.ts';
import {
  applications,
  clientUsers,
  opportunities,
  opportunityManagers,
  users,
} from '../db/schema/index.ts';

interface Scope {
  userId: number;
  organizationId: number;
  primary: boolean;
}

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

/**
 * On the `opportunities` table: the user is listed among the opportunity's managers. Undefined
 * (no condition) for a primary user, who manages every opportunity of the organization.
 */
export function listedAsManager(db: DbOrTx, scope: Scope): SQL | undefined {
  return scope.primary
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
}

/** The id of the opportunity when the user manages it; undefined for any other. */
export async function findManagedOpportunityId(
  db: DbOrTx,
  scope: Scope,
  id: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(
      and(
        eq(opportunities.id, id),
        eq(opportunities.organizationId, scope.organizationId),
        listedAsManager(db, scope),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * On the `applications` table: the application belongs to an opportunity the user manages.
 */
export function applicationsManagedBy(db: DbOrTx, scope: Scope): SQL {
  return inArray(
    applications.opportunityId,
    db
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(
        and(eq(opportunities.organizationId, scope.organizationId), listedAsManager(db, scope)),
      ),
  );
}

/**
 * The client users who manage an opportunity: the primary users of its organization and the
 * users it lists as managers; with `activeOnly`, only those who may act now (an interviewer, say).
 */
export async function managersOfOpportunity(
  db: DbOrTx,
  opportunityId: number,
  options: { activeOnly?: boolean } = {},
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(opportunities)
    .innerJoin(clientUsers, eq(clientUsers.organizationId, opportunities.organizationId))
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .leftJoin(
      opportunityManagers,
      and(
        eq(opportunityManagers.opportunityId, opportunities.id),
        eq(opportunityManagers.userId, users.id),
      ),
    )
    .where(
      and(
        eq(opportunities.id, opportunityId),
        or(eq(users.primary, true), sql`${opportunityManagers.userId} is not null`),
        // Those who can act now: not deactivated by their organization, not blocked.
        options.activeOnly
          ? and(isNull(clientUsers.deactivatedAt), eq(users.isBlocked, false))
          : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The same opportunities as a statement of plain SQL, `select <id> from opportunities where …`,
 * for statements written in SQL rather than built (`column in (${...})`): those of the
 * organization, and for a user who is not primary, those listing them among their managers. It
 * needs no connection to be written. A test holds it equal to `findManagedOpportunityId` and
 * `applicationsManagedBy`.
 */
export function managedOpportunitiesSql(scope: Scope): SQL {
  const listed = scope.primary
    ? sql``
    : sql` and exists (select 1 from ${opportunityManagers}
        where ${opportunityManagers.opportunityId} = ${opportunities.id}
          and ${opportunityManagers.userId} = ${scope.userId})`;
  return sql`select ${opportunities.id} from ${opportunities}
    where ${opportunities.organizationId} = ${scope.organizationId}${listed}`;
}
