import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  clientUsers,
  eligibilities,
  feedbackRequestApplications as fra,
  feedbackRequestGuests as frg,
  feedbackRequestResponders as frr,
  feedbackRequests as fr,
  feedbackResponses as fres,
  opportunities,
  organizations,
  users,
} from '../../db/schema/index.ts';

/** The organization's active client users (other than `exceptUserId`) matching `which`. */
function activeColleagues(db: DbOrTx, organizationId: number, which: SQL, exceptUserId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(clientUsers)
    .innerJoin(users, eq(users.id, clientUsers.userId))
    .where(
      and(
        eq(clientUsers.organizationId, organizationId),
        which,
        ne(users.id, exceptUserId),
        isNull(clientUsers.deactivatedAt),
        eq(users.isBlocked, false),
      ),
    );
}

/** The organization's active client users among `ids`, other than `exceptUserId`. */
export async function findActiveColleagues(
  db: DbOrTx,
  organizationId: number,
  ids: number[],
  exceptUserId: number,
) {
  if (ids.length === 0) return [];
  return activeColleagues(db, organizationId, inArray(users.id, ids), exceptUserId);
}

/** The organization's active client users with one of these (lower-case) addresses. */
export async function findActiveColleaguesByEmail(
  db: DbOrTx,
  organizationId: number,
  emails: string[],
  exceptUserId: number,
) {
  if (emails.length === 0) return [];
  return activeColleagues(
    db,
    organizationId,
    inArray(sql`lower(${users.email})`, emails),
    exceptUserId,
  );
}

/** The opportunity of each of the given applications, when it belongs to the organization. */
export async function findApplicationOpportunities(
  db: DbOrTx,
  organizationId: number,
  ids: number[],
) {
  if (ids.length === 0) return [];
  return db
    .select({ id: applications.id, opportunityId: applications.opportunityId })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(and(inArray(applications.id, ids), eq(opportunities.organizationId, organizationId)));
}

export async function findUserName(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertRequest(
  tx: DbOrTx,
  values: {
    organizationId: number;
    requestedById: number;
    message: string | null;
    applicationIds: number[];
    responderIds: number[];
    guests: { email: string; name: string | null }[];
    at: Date;
  },
): Promise<{ id: number; guests: { id: number; email: string; name: string | null }[] }> {
  const [row] = await tx
    .insert(fr)
    .values({
      organizationId: values.organizationId,
      requestedById: values.requestedById,
      message: values.message,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: fr.id });
  const id = row!.id;
  await tx
    .insert(fra)
    .values(
      values.applicationIds.map((applicationId) => ({ feedbackRequestId: id, applicationId })),
    );
  if (values.responderIds.length > 0) {
    await tx.insert(frr).values(
      values.responderIds.map((userId) => ({
        feedbackRequestId: id,
        userId,
        notifiedAt: values.at,
        createdAt: values.at,
      })),
    );
  }
  const guests =
    values.guests.length === 0
      ? []
      : await tx
          .insert(frg)
          .values(values.guests.map((g) => ({ ...g, feedbackRequestId: id, createdAt: values.at })))
          .returning({ id: frg.id, email: frg.email, name: frg.name });
  return { id, guests };
}

// How many of a request's applications a responder has answered, and how many it shares.
const sharedCount = sql<number>`(select count(*) from ${fra} where ${fra.feedbackRequestId} = ${fr.id})`;
const answeredBy = (userId: SQL | number) =>
  sql<number>`(select count(*) from ${fres} where ${fres.feedbackRequestId} = ${fr.id} and ${fres.responderId} = ${userId})`;
// A request is answered for the requester when no responder has an applicant left to answer.
// People outside count while their link is not withdrawn.
const everyResponderDone = sql`not exists (select 1 from ${frr} where ${frr.feedbackRequestId} = ${fr.id} and (select count(*) from ${fres} where ${fres.feedbackRequestId} = ${fr.id} and ${fres.responderId} = ${frr.userId}) < ${sharedCount}) and not exists (select 1 from ${frg} where ${frg.feedbackRequestId} = ${fr.id} and ${frg.revokedAt} is null and (select count(*) from ${fres} where ${fres.feedbackRequestId} = ${fr.id} and ${fres.guestId} = ${frg.id}) < ${sharedCount})`;

/**
 * A page of request ids: those the user made (`mine`) or was asked in (`shared`), newest first,
 * kept to the open or answered ones when `state` is given.
 */
export async function listRequestIds(
  db: DbOrTx,
  userId: number,
  organizationId: number,
  query: { scope: 'mine' | 'shared'; state?: 'open' | 'answered'; limit: number; offset: number },
) {
  const filters: (SQL | undefined)[] = [eq(fr.organizationId, organizationId)];
  if (query.scope === 'mine') {
    filters.push(eq(fr.requestedById, userId));
    if (query.state === 'answered') filters.push(everyResponderDone);
    if (query.state === 'open') filters.push(sql`not (${everyResponderDone})`);
  } else {
    filters.push(
      sql`exists (select 1 from ${frr} where ${frr.feedbackRequestId} = ${fr.id} and ${frr.userId} = ${userId})`,
    );
    if (query.state === 'answered') filters.push(sql`${answeredBy(userId)} >= ${sharedCount}`);
    if (query.state === 'open') filters.push(sql`${answeredBy(userId)} < ${sharedCount}`);
  }
  const where = and(...filters);
  const rows = await db
    .select({ id: fr.id })
    .from(fr)
    .where(where)
    .orderBy(desc(fr.createdAt), desc(fr.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(fr).where(where);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** The request, when the user made it or is one of its responders (in their organization). */
export async function findVisibleRequest(
  db: DbOrTx,
  userId: number,
  organizationId: number,
  id: number,
) {
  const [row] = await db
    .select({ id: fr.id, requestedById: fr.requestedById, message: fr.message })
    .from(fr)
    .where(
      and(
        eq(fr.id, id),
        eq(fr.organizationId, organizationId),
        or(
          eq(fr.requestedById, userId),
          sql`exists (select 1 from ${frr} where ${frr.feedbackRequestId} = ${fr.id} and ${frr.userId} = ${userId})`,
        ),
      ),
    );
  return row;
}

const nameColumns = { firstName: users.firstName, lastName: users.lastName, email: users.email };
// Who answered: a colleague's name columns, or those of someone outside.
const responderColumns = {
  ...nameColumns,
  guestEmail: frg.email,
  guestName: frg.name,
};

export async function loadRequests(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) {
    return { requests: [], responders: [], guests: [], applications: [], responses: [] };
  }
  const requests = await db
    .select({
      id: fr.id,
      message: fr.message,
      createdAt: fr.createdAt,
      requestedById: fr.requestedById,
      ...nameColumns,
    })
    .from(fr)
    .leftJoin(users, eq(users.id, fr.requestedById))
    .where(inArray(fr.id, ids));
  const responders = await db
    .select({ requestId: frr.feedbackRequestId, id: users.id, ...nameColumns })
    .from(frr)
    .innerJoin(users, eq(users.id, frr.userId))
    .where(inArray(frr.feedbackRequestId, ids))
    .orderBy(asc(frr.createdAt), asc(users.id));
  const guests = await db
    .select({
      requestId: frg.feedbackRequestId,
      id: frg.id,
      email: frg.email,
      name: frg.name,
      revokedAt: frg.revokedAt,
    })
    .from(frg)
    .where(inArray(frg.feedbackRequestId, ids))
    .orderBy(asc(frg.id));
  const shared = await db
    .select({
      requestId: fra.feedbackRequestId,
      id: applications.id,
      candidateId: applications.candidateId,
      completion: applications.completion,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
      eligible: eligibilities.eligible,
      opportunityId: opportunities.id,
      opportunityName: opportunities.name,
    })
    .from(fra)
    .innerJoin(applications, eq(applications.id, fra.applicationId))
    .innerJoin(users, eq(users.id, applications.candidateId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .leftJoin(
      eligibilities,
      and(
        eq(eligibilities.candidateId, applications.candidateId),
        eq(eligibilities.opportunityId, applications.opportunityId),
      ),
    )
    .where(inArray(fra.feedbackRequestId, ids))
    .orderBy(asc(applications.id));
  const responses = await db
    .select({
      requestId: fres.feedbackRequestId,
      applicationId: fres.applicationId,
      responderId: fres.responderId,
      guestId: fres.guestId,
      rating: fres.rating,
      comment: fres.comment,
      updatedAt: fres.updatedAt,
      ...responderColumns,
    })
    .from(fres)
    .leftJoin(users, eq(users.id, fres.responderId))
    .leftJoin(frg, eq(frg.id, fres.guestId))
    .where(inArray(fres.feedbackRequestId, ids))
    .orderBy(asc(fres.updatedAt), asc(fres.id));
  return { requests, responders, guests, applications: shared, responses };
}

export async function findSharedApplicationIds(db: DbOrTx, requestId: number) {
  const rows = await db
    .select({ id: fra.applicationId })
    .from(fra)
    .where(eq(fra.feedbackRequestId, requestId));
  return rows.map((r) => r.id);
}

export async function isResponder(db: DbOrTx, requestId: number, userId: number) {
  const [row] = await db
    .select({ userId: frr.userId })
    .from(frr)
    .where(and(eq(frr.feedbackRequestId, requestId), eq(frr.userId, userId)));
  return row !== undefined;
}

/**
 * Stores one answer per responder (a colleague or someone outside) and application, replacing
 * an earlier one.
 */
export async function upsertResponses(
  tx: DbOrTx,
  responder: { userId: number } | { guestId: number },
  rows: {
    feedbackRequestId: number;
    applicationId: number;
    rating: number | null;
    comment: string | null;
    at: Date;
  }[],
) {
  const byGuest = 'guestId' in responder;
  for (const r of rows) {
    await tx
      .insert(fres)
      .values({
        feedbackRequestId: r.feedbackRequestId,
        applicationId: r.applicationId,
        responderId: byGuest ? null : responder.userId,
        guestId: byGuest ? responder.guestId : null,
        rating: r.rating,
        comment: r.comment,
        createdAt: r.at,
        updatedAt: r.at,
      })
      .onConflictDoUpdate({
        target: [
          fres.feedbackRequestId,
          fres.applicationId,
          byGuest ? fres.guestId : fres.responderId,
        ],
        set: { rating: r.rating, comment: r.comment, updatedAt: r.at },
      });
  }
}

/** Someone outside asked in a request, with the request and its organization. */
export async function findGuest(db: DbOrTx, guestId: number) {
  const [row] = await db
    .select({
      id: frg.id,
      email: frg.email,
      name: frg.name,
      revokedAt: frg.revokedAt,
      requestId: fr.id,
      closedAt: fr.closedAt,
      organizationName: organizations.name,
    })
    .from(frg)
    .innerJoin(fr, eq(fr.id, frg.feedbackRequestId))
    .innerJoin(organizations, eq(organizations.id, fr.organizationId))
    .where(eq(frg.id, guestId));
  return row;
}

/** Withdraws a guest of the request; false when the request has no such guest. */
export async function revokeGuest(db: DbOrTx, requestId: number, guestId: number, at: Date) {
  const rows = await db
    .update(frg)
    .set({ revokedAt: sql`coalesce(${frg.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(frg.id, guestId), eq(frg.feedbackRequestId, requestId)))
    .returning({ id: frg.id });
  return rows.length > 0;
}

/**
 * Asks a guest of the request again: a withdrawn one waits for an answer once more. Undefined
 * when the request has no such guest.
 */
export async function restoreGuest(db: DbOrTx, requestId: number, guestId: number) {
  const [row] = await db
    .update(frg)
    .set({ revokedAt: null })
    .where(and(eq(frg.id, guestId), eq(frg.feedbackRequestId, requestId)))
    .returning({ id: frg.id, email: frg.email, name: frg.name });
  return row;
}

/** Every colleague's answer on one application of the organization, oldest first. */
/** The colleagues' star ratings on these applications, given within the organization. */
export async function listApplicationRatings(
  db: DbOrTx,
  organizationId: number,
  applicationIds: readonly number[],
) {
  if (applicationIds.length === 0) return [];
  return db
    .select({ applicationId: fres.applicationId, rating: fres.rating })
    .from(fres)
    .innerJoin(fr, eq(fr.id, fres.feedbackRequestId))
    .where(
      and(inArray(fres.applicationId, [...applicationIds]), eq(fr.organizationId, organizationId)),
    );
}

export async function listApplicationResponses(
  db: DbOrTx,
  organizationId: number,
  applicationId: number,
) {
  return db
    .select({
      responderId: fres.responderId,
      guestId: fres.guestId,
      rating: fres.rating,
      comment: fres.comment,
      updatedAt: fres.updatedAt,
      ...responderColumns,
    })
    .from(fres)
    .innerJoin(fr, eq(fr.id, fres.feedbackRequestId))
    .leftJoin(users, eq(users.id, fres.responderId))
    .leftJoin(frg, eq(frg.id, fres.guestId))
    .where(and(eq(fres.applicationId, applicationId), eq(fr.organizationId, organizationId)))
    .orderBy(asc(fres.updatedAt), asc(fres.id));
}

export async function findOrganizationName(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? 'an organization';
}
