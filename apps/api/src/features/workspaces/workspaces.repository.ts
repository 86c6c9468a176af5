import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  not,
  notInArray,
  sql,
} from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applicationLocations,
  applications,
  clientUsers,
  opportunities,
  opportunityLocations,
  opportunityManagers,
  organizations,
  phases,
  users,
} from '../../db/schema/index.ts';
import { listedAsManager, type ClientScope } from '../../access/index.ts';
import { isActiveWorkspaceSql, standingOfSql } from './workspaces.sql.ts';

/**
 * The workspaces a client user sees: the organization's opportunities (for a non-primary user
 * only those they manage), only the active ones unless `all`. Primary users get them by
 * `opensAt`, newest first; others by name.
 */
export async function listWorkspaces(
  db: DbOrTx,
  scope: ClientScope,
  options: { all: boolean; now: Date },
) {
  const at = sql`${options.now.toISOString()}::timestamptz`;
  const order = scope.primary
    ? [sql`${opportunities.opensAt} desc nulls last`, desc(opportunities.id)]
    : [sql`lower(${opportunities.name})`, asc(opportunities.id)];
  return db
    .select({
      id: opportunities.id,
      name: opportunities.name,
      kind: opportunities.kind,
      publishedAt: opportunities.publishedAt,
      opensAt: opportunities.opensAt,
      closesAt: opportunities.closesAt,
      commencesAt: opportunities.commencesAt,
      isActive: isActiveWorkspaceSql(at).mapWith(Boolean),
    })
    .from(opportunities)
    .where(
      and(
        eq(opportunities.organizationId, scope.organizationId),
        listedAsManager(db, scope),
        options.all ? undefined : isActiveWorkspaceSql(at),
      ),
    )
    .orderBy(...order);
}

/** The phases of these opportunities with their links (in no order). */
export async function findPhasesOf(db: DbOrTx, opportunityIds: readonly number[]) {
  if (opportunityIds.length === 0) return [];
  return db
    .select({
      id: phases.id,
      opportunityId: phases.opportunityId,
      name: phases.name,
      initial: phases.initial,
      description: phases.description,
      nextPhaseId: phases.nextPhaseId,
    })
    .from(phases)
    .where(inArray(phases.opportunityId, [...opportunityIds]));
}

/**
 * How many applications of these opportunities have each standing (see `standingOfSql`). Without
 * just-in-time compilation: the planner prices the initial-phase subquery once per application
 * (a cost of 850 000 for a workspace of 100 000), and compiling the statement took 0.7 s where
 * running it takes 20 ms.
 */
export async function findStandingCounts(db: DbOrTx, opportunityIds: readonly number[]) {
  if (opportunityIds.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx
      .select({
        opportunityId: applications.opportunityId,
        standing: standingOfSql.as('standing'),
        n: count(),
      })
      .from(applications)
      .where(inArray(applications.opportunityId, [...opportunityIds]))
      .groupBy(applications.opportunityId, sql`standing`);
  });
}

export async function findOpportunity(db: DbOrTx, id: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      ...getTableColumns(opportunities),
      isActive: isActiveWorkspaceSql(at).mapWith(Boolean),
    })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  return row;
}

/** The organization an opportunity belongs to. */
export async function findOrganizationOf(db: DbOrTx, opportunityId: number) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, logo: organizations.logo })
    .from(opportunities)
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .where(eq(opportunities.id, opportunityId));
  return row;
}

/** The users listed among an opportunity's managers, by name. */
export async function findListedManagers(db: DbOrTx, opportunityId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(opportunityManagers)
    .innerJoin(users, eq(users.id, opportunityManagers.userId))
    .where(eq(opportunityManagers.opportunityId, opportunityId))
    .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id));
}

const inUse = sql<boolean>`exists (select 1 from ${applicationLocations}
  where ${applicationLocations.opportunityLocationId} = ${opportunityLocations.id})`.mapWith(
  Boolean,
);

const locationColumns = {
  id: opportunityLocations.id,
  address: opportunityLocations.address,
  city: opportunityLocations.city,
  province: opportunityLocations.province,
  country: opportunityLocations.country,
  latitude: opportunityLocations.latitude,
  longitude: opportunityLocations.longitude,
  locationId: opportunityLocations.locationId,
  inUse,
};

export async function findLocations(db: DbOrTx, opportunityId: number) {
  return db
    .select(locationColumns)
    .from(opportunityLocations)
    .where(eq(opportunityLocations.opportunityId, opportunityId))
    .orderBy(asc(opportunityLocations.id));
}

export async function findLocation(db: DbOrTx, opportunityId: number, locationId: number) {
  const [row] = await db
    .select(locationColumns)
    .from(opportunityLocations)
    .where(
      and(
        eq(opportunityLocations.id, locationId),
        eq(opportunityLocations.opportunityId, opportunityId),
      ),
    );
  return row;
}

export type OpportunityValues = Partial<
  Pick<
    typeof opportunities.$inferInsert,
    | 'name'
    | 'kind'
    | 'summary'
    | 'description'
    | 'logo'
    | 'publishedAt'
    | 'opensAt'
    | 'closesAt'
    | 'commencesAt'
    | 'positions'
    | 'valueMin'
    | 'valueMax'
    | 'currency'
    | 'employmentType'
  >
>;

/** A new opportunity with its initial phase, so its pipeline is whole from the start. */
export async function insertOpportunity(
  tx: DbOrTx,
  values: OpportunityValues & Pick<typeof opportunities.$inferInsert, 'name' | 'kind'>,
  owner: { organizationId: number; userId: number },
  initialPhaseName: string,
): Promise<number> {
  const [row] = await tx
    .insert(opportunities)
    .values({ ...values, organizationId: owner.organizationId, createdById: owner.userId })
    .returning({ id: opportunities.id });
  await tx.insert(phases).values({ opportunityId: row!.id, name: initialPhaseName, initial: true });
  return row!.id;
}

/**
 * Applies a change if the opportunity is still at `version`, and moves it to the next version.
 * Undefined when someone else changed it first (the compare and the write are one statement).
 */
export async function updateOpportunityAt(
  tx: DbOrTx,
  id: number,
  version: number,
  values: OpportunityValues,
): Promise<number | undefined> {
  const [row] = await tx
    .update(opportunities)
    .set({ ...values, version: sql`${opportunities.version} + 1` })
    .where(and(eq(opportunities.id, id), eq(opportunities.version, version)))
    .returning({ id: opportunities.id });
  return row?.id;
}

export type LocationValues = Partial<
  Pick<
    typeof opportunityLocations.$inferInsert,
    'address' | 'city' | 'province' | 'country' | 'latitude' | 'longitude' | 'locationId'
  >
>;

export async function insertLocation(
  tx: DbOrTx,
  opportunityId: number,
  values: LocationValues &
    Pick<typeof opportunityLocations.$inferInsert, 'address' | 'latitude' | 'longitude'>,
): Promise<number> {
  const [row] = await tx
    .insert(opportunityLocations)
    .values({ ...values, opportunityId })
    .returning({ id: opportunityLocations.id });
  return row!.id;
}

export async function updateLocation(
  tx: DbOrTx,
  opportunityId: number,
  locationId: number,
  values: LocationValues,
): Promise<boolean> {
  const rows = await tx
    .update(opportunityLocations)
    .set(values)
    .where(
      and(
        eq(opportunityLocations.id, locationId),
        eq(opportunityLocations.opportunityId, opportunityId),
      ),
    )
    .returning({ id: opportunityLocations.id });
  return rows.length > 0;
}

/** Deletes a place no application chose; false when applicants chose it (or it is not there). */
export async function deleteUnusedLocation(
  tx: DbOrTx,
  opportunityId: number,
  locationId: number,
): Promise<boolean> {
  const rows = await tx
    .delete(opportunityLocations)
    .where(
      and(
        eq(opportunityLocations.id, locationId),
        eq(opportunityLocations.opportunityId, opportunityId),
        not(inUse),
      ),
    )
    .returning({ id: opportunityLocations.id });
  return rows.length > 0;
}

/** Every client user of the organization, with whether the opportunity lists them as a manager. */
export async function findOrganizationManagers(
  db: DbOrTx,
  organizationId: number,
  opportunityId: number,
) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      primary: users.primary,
      manager: sql<boolean>`exists (select 1 from ${opportunityManagers}
        where ${opportunityManagers.opportunityId} = ${opportunityId}
          and ${opportunityManagers.userId} = ${users.id})`.mapWith(Boolean),
    })
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(eq(clientUsers.organizationId, organizationId))
    .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id));
}

/** Which of these users are client users of the organization. */
export async function findOrganizationUserIds(
  db: DbOrTx,
  organizationId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: clientUsers.userId })
    .from(clientUsers)
    .where(
      and(eq(clientUsers.organizationId, organizationId), inArray(clientUsers.userId, userIds)),
    );
  return rows.map((r) => r.id);
}

/** The opportunity's listed managers become exactly `userIds`. */
export async function replaceManagers(tx: DbOrTx, opportunityId: number, userIds: number[]) {
  await tx
    .delete(opportunityManagers)
    .where(
      and(
        eq(opportunityManagers.opportunityId, opportunityId),
        userIds.length > 0 ? notInArray(opportunityManagers.userId, userIds) : undefined,
      ),
    );
  if (userIds.length > 0) {
    await tx
      .insert(opportunityManagers)
      .values(userIds.map((userId) => ({ opportunityId, userId })))
      .onConflictDoNothing();
  }
}

/**
 * The active workspaces a client user sees, as `listWorkspaces` lists and orders them (a
 * primary user all of the organization's, newest opensAt first; anybody else those listing
 * them as a manager, by name): for the drawer.
 */
export async function findActiveWorkspaces(
  db: DbOrTx,
  scope: ClientScope,
  now: Date,
): Promise<{ id: number; name: string }[]> {
  const rows = await listWorkspaces(db, scope, { all: false, now });
  return rows.map(({ id, name }) => ({ id, name }));
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
