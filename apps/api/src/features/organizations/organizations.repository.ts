import { and, asc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { organizationLocations, organizations } from '../../db/schema/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationLocationRow = typeof organizationLocations.$inferSelect;
type OrganizationChanges = Partial<
  Pick<OrganizationRow, 'name' | 'description' | 'website' | 'industry' | 'logo'>
>;
type NewLocation = Omit<
  typeof organizationLocations.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

export async function findOrganization(
  db: DbOrTx,
  id: number,
): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

/** An organization's name alone, or undefined when there is no such organization. */
export async function findOrganizationName(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.name;
}

/** An organization's first location (the first added), or undefined when it has none. */
export async function findFirstLocation(
  db: DbOrTx,
  organizationId: number,
): Promise<OrganizationLocationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizationLocations)
    .where(eq(organizationLocations.organizationId, organizationId))
    .orderBy(asc(organizationLocations.id))
    .limit(1);
  return row;
}

/** The row, locked until the transaction ends, so two logo uploads replace in turn. */
export async function lockOrganization(db: DbOrTx, id: number): Promise<OrganizationRow> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).for('update');
  if (!row) throw new Error(`organization ${id} vanished`);
  return row;
}

export async function updateOrganization(
  db: DbOrTx,
  id: number,
  changes: OrganizationChanges,
  now: Date,
): Promise<OrganizationRow> {
  const [row] = await db
    .update(organizations)
    .set({ ...changes, updatedAt: now })
    .where(eq(organizations.id, id))
    .returning();
  return row!;
}

/** An organization's locations in the order they were added. */
export async function listLocations(
  db: DbOrTx,
  organizationId: number,
): Promise<OrganizationLocationRow[]> {
  return db
    .select()
    .from(organizationLocations)
    .where(eq(organizationLocations.organizationId, organizationId))
    .orderBy(asc(organizationLocations.id));
}

export async function insertLocation(
  db: DbOrTx,
  organizationId: number,
  values: NewLocation,
): Promise<OrganizationLocationRow> {
  const [row] = await db
    .insert(organizationLocations)
    .values({ ...values, organizationId })
    .returning();
  return row!;
}

/** Deletes the location only when it belongs to the organization; false when nothing matched. */
export async function deleteLocation(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(organizationLocations)
    .where(
      and(
        eq(organizationLocations.id, id),
        eq(organizationLocations.organizationId, organizationId),
      ),
    )
    .returning({ id: organizationLocations.id });
  return rows.length > 0;
}
