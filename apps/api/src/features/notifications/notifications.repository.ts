import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  notificationMailOptOuts,
  notifications,
  opportunities,
  users,
} from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** What an inserter says: who, what kind, the words, and optionally a picture, a link and a time. */
export interface NewNotification {
  userId: number;
  type: string;
  description: string;
  image?: string | null;
  path?: string | null;
  /** Set for notices told once per opportunity: a second one for the same is not written. */
  opportunityId?: number | null;
  at?: Date;
}

/**
 * Writes the rows with one statement (the rows as one JSON parameter, however many: a bulk
 * recomputation tells thousands at once); answers those written (a notice told once already is
 * not written again). A row without a time is told now.
 */
export async function insertNotifications(
  db: DbOrTx,
  rows: readonly NewNotification[],
): Promise<{ userId: number; type: string; opportunityId: number | null }[]> {
  if (rows.length === 0) return [];
  const n = notifications;
  const json = JSON.stringify(
    rows.map((r) => ({
      u: r.userId,
      t: r.type,
      d: r.description,
      i: r.image ?? null,
      p: r.path ?? null,
      o: r.opportunityId ?? null,
      a: r.at ? r.at.toISOString() : null,
    })),
  );
  const result = (await db.execute(sql`
    insert into ${n} (user_id, type, description, image, path, opportunity_id, notified_at, created_at)
    select r.u, r.t, r.d, r.i, r.p, r.o, coalesce(r.a, now()), coalesce(r.a, now())
    from jsonb_to_recordset(${json}::jsonb)
      as r(u int, t text, d text, i text, p text, o int, a timestamptz)
    on conflict do nothing
    returning ${n.userId} as "userId", ${n.type} as type, ${n.opportunityId} as "opportunityId"`)) as unknown as {
    rows: { userId: number; type: string; opportunityId: number | null }[];
  };
  return result.rows;
}

const active = (userId: number) =>
  and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

/** The user's notifications not dismissed, newest first, one page of them, and how many in all. */
export async function listActive(db: DbOrTx, userId: number, page: number, per: number) {
  const items = await db
    .select()
    .from(notifications)
    .where(active(userId))
    .orderBy(desc(notifications.notifiedAt), desc(notifications.id))
    .limit(per)
    .offset((page - 1) * per);
  const [total] = await db.select({ n: count() }).from(notifications).where(active(userId));
  return { items, total: total?.n ?? 0 };
}

/** The user's own notification (another user's is never found). */
export async function findOwn(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/** The notices of one type about an opportunity told to these users, dismissed ones too. */
export async function findOpportunityNotices(db: DbOrTx, userIds: readonly number[], type: string) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      opportunityId: notifications.opportunityId,
      path: notifications.path,
      notifiedAt: notifications.notifiedAt,
      dismissedAt: notifications.dismissedAt,
    })
    .from(notifications)
    .where(
      and(
        // One array parameter however many users (a bulk recomputation asks for thousands).
        sql`${notifications.userId} = any(${`{${userIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`,
        eq(notifications.type, type),
        isNotNull(notifications.opportunityId),
      ),
    );
}

/** Takes these notifications out of the bell; answers the users whose bell changed. */
export async function dismissMany(db: DbOrTx, ids: readonly number[], at: Date) {
  if (ids.length === 0) return [];
  return db
    .update(notifications)
    .set({ dismissedAt: at })
    .where(and(inArray(notifications.id, [...ids]), isNull(notifications.dismissedAt)))
    .returning({ userId: notifications.userId });
}

export async function markDismissed(db: DbOrTx, id: number, at: Date) {
  const [row] = await db
    .update(notifications)
    .set({ dismissedAt: at })
    .where(and(eq(notifications.id, id), isNull(notifications.dismissedAt)))
    .returning();
  return row;
}

/** The types the user turned off by e-mail. */
export async function optedOutTypes(db: DbOrTx, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ type: notificationMailOptOuts.type })
    .from(notificationMailOptOuts)
    .where(eq(notificationMailOptOuts.userId, userId));
  return new Set(rows.map((r) => r.type));
}

/** Which of these users turned this type of e-mail off. */
export async function optedOutUsers(
  db: DbOrTx,
  type: string,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationMailOptOuts.userId })
    .from(notificationMailOptOuts)
    .where(
      and(
        eq(notificationMailOptOuts.type, type),
        inArray(notificationMailOptOuts.userId, [...new Set(userIds)]),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export async function setOptOut(db: DbOrTx, userId: number, type: string, optedOut: boolean) {
  if (optedOut) {
    await db.insert(notificationMailOptOuts).values({ userId, type }).onConflictDoNothing();
  } else {
    await db
      .delete(notificationMailOptOuts)
      .where(
        and(eq(notificationMailOptOuts.userId, userId), eq(notificationMailOptOuts.type, type)),
      );
  }
}

/** Whom to write and about what: the candidates' addresses and names, the opportunities' names. */
export async function mailFacts(db: DbOrTx, userIds: number[], opportunityIds: number[]) {
  const people = userIds.length
    ? await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const places = opportunityIds.length
    ? await db
        .select({ id: opportunities.id, name: opportunities.name })
        .from(opportunities)
        .where(inArray(opportunities.id, opportunityIds))
    : [];
  return {
    people: new Map(people.map((p) => [p.id, p] as const)),
    opportunities: new Map(places.map((o) => [o.id, o] as const)),
  };
}
