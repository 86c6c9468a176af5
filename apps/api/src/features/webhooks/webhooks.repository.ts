import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applicationPhaseEvents,
  applications,
  clientUsers,
  eligibilities,
  interviews,
  opportunities,
  organizations,
  phases,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
  webhookOpportunityClosings,
  webhookSweeps,
} from '../../db/schema/index.ts';

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EndpointValues = Partial<typeof webhookEndpoints.$inferInsert>;

// ---- endpoints

export async function listEndpoints(db: DbOrTx, organizationId: number): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(webhookEndpoints.id);
}

export async function findEndpoint(
  db: DbOrTx,
  organizationId: number,
  id: number,
  lock = false,
): Promise<EndpointRow | undefined> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertEndpoint(
  db: DbOrTx,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  values: EndpointValues,
): Promise<EndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function deleteEndpoint(db: DbOrTx, organizationId: number, id: number) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The enabled endpoints of an organization that asked for this event type (or for all). */
export async function subscribedEndpoints(
  db: DbOrTx,
  organizationId: number,
  type: string,
): Promise<number[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.enabled, true),
        or(isNull(webhookEndpoints.events), sql`${type} = any(${webhookEndpoints.events})`),
      ),
    );
  return rows.map((r) => r.id);
}

/** Organizations among these that have an enabled endpoint at all: most have none. */
export async function organizationsWithEndpoints(
  db: DbOrTx,
  organizationIds: number[],
): Promise<Set<number>> {
  if (organizationIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: webhookEndpoints.organizationId })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.organizationId, organizationIds),
        eq(webhookEndpoints.enabled, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

// ---- the outbox

export async function insertMessage(
  db: DbOrTx,
  values: { messageId: string; organizationId: number; type: string; payload: object },
): Promise<number> {
  const [row] = await db
    .insert(webhookMessages)
    .values({ ...values, payload: values.payload as Record<string, unknown> })
    .returning({ id: webhookMessages.id });
  return row!.id;
}

export async function insertDeliveries(db: DbOrTx, messageId: number, endpointIds: number[]) {
  if (endpointIds.length === 0) return [];
  const rows = await db
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ messageId, endpointId })))
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

// ---- what an event is about

const phaseName = sql<
  string | null
>`(select p.name from ${phases} p where p.id = ${applications.phaseId})`;

export async function applicationFacts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      applicationId: applications.id,
      opportunityId: applications.opportunityId,
      candidateId: applications.candidateId,
      organizationId: opportunities.organizationId,
      phaseId: applications.phaseId,
      phaseName,
      // The phase of the latest move, for `application.moved`.
      previousPhaseId: sql<number | null>`(
        select e.from_phase_id from ${applicationPhaseEvents} e
        where e.application_id = ${applications.id} and e.kind = 'moved'
        order by e.created_at desc, e.id desc limit 1)`,
    })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(inArray(applications.id, ids))
    .orderBy(applications.id);
}

export async function phaseNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: phases.id, name: phases.name })
    .from(phases)
    .where(inArray(phases.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function eligibilityFacts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      opportunityId: eligibilities.opportunityId,
      candidateId: eligibilities.candidateId,
      organizationId: opportunities.organizationId,
    })
    .from(eligibilities)
    .innerJoin(opportunities, eq(opportunities.id, eligibilities.opportunityId))
    .where(inArray(eligibilities.id, ids))
    .orderBy(eligibilities.id);
}

export async function interviewFacts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      interviewId: interviews.id,
      applicationId: interviews.applicationId,
      opportunityId: applications.opportunityId,
      candidateId: applications.candidateId,
      organizationId: opportunities.organizationId,
      startsAt: interviews.startsAt,
      endsAt: interviews.endsAt,
      cancelledAt: interviews.cancelledAt,
    })
    .from(interviews)
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(inArray(interviews.id, ids))
    .orderBy(interviews.id);
}

export async function opportunityFacts(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      opportunityId: opportunities.id,
      organizationId: opportunities.organizationId,
      publishedAt: opportunities.publishedAt,
      closesAt: opportunities.closesAt,
    })
    .from(opportunities)
    .where(inArray(opportunities.id, ids))
    .orderBy(opportunities.id);
}

/** Records that an opportunity's closing was announced; false when it already was. */
export async function recordClosing(db: DbOrTx, opportunityId: number, closesAt: Date) {
  const rows = await db
    .insert(webhookOpportunityClosings)
    .values({ opportunityId, closesAt })
    .onConflictDoNothing()
    .returning({ id: webhookOpportunityClosings.opportunityId });
  return rows.length > 0;
}

/**
 * Published opportunities that were open at `since` by the open-now rule and have closed by
 * `now` because their closing moment passed.
 */
export async function closedBetween(
  db: DbOrTx,
  openAt: (at: SQL) => SQL,
  since: Date,
  now: Date,
): Promise<{ id: number; closesAt: Date }[]> {
  const from = sql`${since.toISOString()}::timestamptz`;
  const to = sql`${now.toISOString()}::timestamptz`;
  const rows = await rowsOf<{ id: number; closes_at: string | Date }>(
    db,
    sql`
    select o.id, o.closes_at from ${opportunities} o
    where o.published_at is not null and o.published_at <= ${to}
      and o.closes_at > ${from} and o.closes_at <= ${to}
      and ${openAt(from)}
    order by o.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), closesAt: new Date(r.closes_at) }));
}

/** The moment a sweep last ran, and records this run, atomically (null the first time). */
export async function advanceSweep(db: DbOrTx, name: string, now: Date): Promise<Date | null> {
  const [previous] = await db
    .select({ ranAt: webhookSweeps.ranAt })
    .from(webhookSweeps)
    .where(eq(webhookSweeps.name, name))
    .for('update');
  await db
    .insert(webhookSweeps)
    .values({ name, ranAt: now })
    .onConflictDoUpdate({ target: webhookSweeps.name, set: { ranAt: now } });
  return previous?.ranAt ?? null;
}

// ---- delivering

/**
 * Leases up to `limit` deliveries that are due (never attempted, or their retry has come) and
 * not leased by another worker; answers their ids and attempt counts.
 */
export async function leaseDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number) {
  const at = now.toISOString();
  const rows = await rowsOf<{ id: number; attempts: number }>(
    db,
    sql`
    update ${webhookDeliveries} d set leased_until = ${leaseUntil.toISOString()}::timestamptz
    where d.id in (
      select id from ${webhookDeliveries}
      where status = 'pending'
        and exists (select 1 from ${webhookEndpoints} e where e.id = endpoint_id and e.enabled)
        and (next_attempt_at is null or next_attempt_at <= ${at}::timestamptz)
        and (leased_until is null or leased_until < ${at}::timestamptz)
      order by next_attempt_at nulls first, id
      limit ${limit}
      for update skip locked)
    returning d.id, d.attempts`,
  );
  return rows.map((r) => ({ id: Number(r.id), attempts: Number(r.attempts) }));
}

/** A delivery with its message and endpoint, to attempt it. */
export async function findDelivery(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      message: webhookMessages,
      endpoint: webhookEndpoints,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export async function lockDelivery(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id))
    .for('update');
  return row;
}

export async function insertAttempt(db: DbOrTx, values: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(values);
}

export async function updateDelivery(
  db: DbOrTx,
  id: number,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
) {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** A success resets the endpoint's count of failed messages; a failed message adds one. */
export async function countExhausted(db: DbOrTx, endpointId: number, failed: boolean) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      exhaustedInARow: failed ? sql`${webhookEndpoints.exhaustedInARow} + 1` : 0,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return row!;
}

export async function findDeliveryOfEndpoint(db: DbOrTx, endpointId: number, id: number) {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

export async function listDeliveries(
  db: DbOrTx,
  endpointId: number,
  page: { page: number; per: number },
) {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, message: webhookMessages })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.per)
      .offset((page.page - 1) * page.per),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDeliveriesByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ delivery: webhookDeliveries, message: webhookMessages })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(inArray(webhookDeliveries.id, ids));
}

/** The newest attempts of each delivery, at most `per` each, newest first. */
export async function attemptsOf(db: DbOrTx, deliveryIds: number[], per: number) {
  if (deliveryIds.length === 0) return [];
  const rows = await db
    .select({
      deliveryId: webhookAttempts.deliveryId,
      attemptedAt: webhookAttempts.attemptedAt,
      statusCode: webhookAttempts.statusCode,
      responseMs: webhookAttempts.responseMs,
      error: webhookAttempts.error,
      responseBody: webhookAttempts.responseBody,
      manual: webhookAttempts.manual,
      rank: sql<number>`row_number() over (partition by ${webhookAttempts.deliveryId} order by ${webhookAttempts.attemptedAt} desc, ${webhookAttempts.id} desc)`,
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  return rows.filter((r) => Number(r.rank) <= per);
}

/** The e-mail addresses of the organization's active primary users. */
export async function primaryEmails(db: DbOrTx, organizationId: number) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(
      and(
        eq(clientUsers.organizationId, organizationId),
        eq(users.primary, true),
        isNull(clientUsers.deactivatedAt),
      ),
    );
}

export async function organizationName(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}
