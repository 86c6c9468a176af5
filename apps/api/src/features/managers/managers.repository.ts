import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { clientUsers, organizations, users } from '../../db/schema/index.ts';

/** The organization a client user belongs to, and whether they are one of its primary users. */
const clientColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  jobTitle: clientUsers.jobTitle,
  primary: users.primary,
  joined: isNotNull(users.passwordHash).mapWith(Boolean),
  deactivatedAt: clientUsers.deactivatedAt,
  invitedAt: clientUsers.invitedAt,
  lastSignInAt: users.lastSignInAt,
};

export interface ClientRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  primary: boolean;
  joined: boolean;
  deactivatedAt: Date | null;
  invitedAt: Date | null;
  lastSignInAt: Date | null;
}

/** A page of the organization's client users, primary users first, then by name. */
export async function listClients(
  db: DbOrTx,
  organizationId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: ClientRow[]; total: number }> {
  const where = eq(clientUsers.organizationId, organizationId);
  const rows = await db
    .select(clientColumns)
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(where)
    .orderBy(
      sql`${users.primary} desc`,
      sql`lower(coalesce(${users.lastName}, ''))`,
      sql`lower(coalesce(${users.firstName}, ''))`,
      asc(users.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(clientUsers).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One client user of the organization; undefined for anybody else. */
export async function findClient(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .select(clientColumns)
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(and(eq(clientUsers.organizationId, organizationId), eq(clientUsers.userId, id)))
    .limit(1);
  return row;
}

/**
 * Locks the organization's row until the transaction ends, so two changes to its primary users
 * happen one after the other and both see what the other did.
 */
export async function lockOrganization(db: DbOrTx, organizationId: number): Promise<void> {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

/** Every member of the organization with their primary and active flags. */
export async function findMembers(
  db: DbOrTx,
  organizationId: number,
): Promise<{ id: number; primary: boolean; active: boolean }[]> {
  const rows = await db
    .select({ id: users.id, primary: users.primary, deactivatedAt: clientUsers.deactivatedAt })
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(eq(clientUsers.organizationId, organizationId));
  return rows.map((r) => ({ id: r.id, primary: r.primary, active: r.deactivatedAt === null }));
}

export async function findOrganizationName(
  db: DbOrTx,
  organizationId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row?.name;
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

/** A client user without a password yet: they choose one through their invitation link. */
export async function insertInvitedClient(
  db: DbOrTx,
  values: {
    organizationId: number;
    email: string;
    firstName: string;
    lastName: string;
    jobTitle: string | null;
    invitedById: number;
    invitedAt: Date;
  },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: values.email,
      role: 'client',
      firstName: values.firstName,
      lastName: values.lastName,
    })
    .returning();
  if (!user) throw new Error('insert returned no row');
  await db.insert(clientUsers).values({
    userId: user.id,
    organizationId: values.organizationId,
    jobTitle: values.jobTitle,
    invitedById: values.invitedById,
    invitedAt: values.invitedAt,
  });
  return user;
}

export async function findUserRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateClient(
  db: DbOrTx,
  id: number,
  user: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'primary'>>,
  membership: Partial<
    Pick<
      typeof clientUsers.$inferInsert,
      'jobTitle' | 'deactivatedAt' | 'invitedAt' | 'invitedById'
    >
  >,
  now: Date,
): Promise<void> {
  if (Object.keys(user).length > 0) {
    await db
      .update(users)
      .set({ ...user, updatedAt: now })
      .where(eq(users.id, id));
  }
  if (Object.keys(membership).length > 0) {
    await db
      .update(clientUsers)
      .set({ ...membership, updatedAt: now })
      .where(eq(clientUsers.userId, id));
  }
}
