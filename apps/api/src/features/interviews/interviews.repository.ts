import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  interviewInterviewers as ii,
  interviewOffers as offers,
  interviewOfferSlots as offerSlots,
  interviewReminderDeliveries as deliveries,
  interviewScorecards as scorecards,
  interviewSettings as settings,
  interviews,
  interviewSlots as slots,
  opportunities,
  opportunityLocations,
  organizations,
  users,
  type SlotInterviewer,
} from '../../db/schema/index.ts';

export interface PlaceRow {
  placeKind: string;
  opportunityLocationId: number | null;
  address: string | null;
  videoUrl: string | null;
}

// ---- workspace facts -------------------------------------------------------------------------

export async function findSettings(db: DbOrTx, opportunityId: number) {
  const [row] = await db
    .select({ criteria: settings.criteria, blindReview: settings.blindReview })
    .from(settings)
    .where(eq(settings.opportunityId, opportunityId));
  return row;
}

export async function saveSettings(
  db: DbOrTx,
  opportunityId: number,
  values: { criteria: { key: string; label: string }[]; blindReview: boolean },
) {
  await db
    .insert(settings)
    .values({ opportunityId, ...values })
    .onConflictDoUpdate({ target: settings.opportunityId, set: values });
}

/** The opportunity's name and organization, for mails and answers. */
export async function findOpportunity(db: DbOrTx, opportunityId: number) {
  const [row] = await db
    .select({
      id: opportunities.id,
      name: opportunities.name,
      organizationId: opportunities.organizationId,
      organizationName: organizations.name,
    })
    .from(opportunities)
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .where(eq(opportunities.id, opportunityId));
  return row;
}

/** The addresses of these places of the opportunity, by id (none of another opportunity's). */
export async function findLocationAddresses(
  db: DbOrTx,
  opportunityId: number,
  locationIds: number[],
): Promise<Map<number, string | null>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: opportunityLocations.id, address: opportunityLocations.address })
    .from(opportunityLocations)
    .where(
      and(
        inArray(opportunityLocations.id, [...new Set(locationIds)]),
        eq(opportunityLocations.opportunityId, opportunityId),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.address]));
}

/** The applications among `ids` (or every one in `phaseId`) of the opportunity, still open. */
export async function findOpenApplications(
  db: DbOrTx,
  opportunityId: number,
  select: { ids?: number[]; phaseId?: number },
) {
  const conditions: SQL[] = [
    eq(applications.opportunityId, opportunityId),
    isNull(applications.archivedAt),
    isNull(applications.regrettedAt),
  ];
  if (select.ids) conditions.push(inArray(applications.id, select.ids));
  if (select.phaseId !== undefined) conditions.push(eq(applications.phaseId, select.phaseId));
  return db
    .select({ id: applications.id, candidateId: applications.candidateId })
    .from(applications)
    .where(and(...conditions))
    .orderBy(asc(applications.id));
}

/** An application with its opportunity, or undefined. */
export async function findApplication(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select({
      id: applications.id,
      candidateId: applications.candidateId,
      opportunityId: applications.opportunityId,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
}

export async function findUsers(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

// ---- offers and slots ------------------------------------------------------------------------

export async function insertSlots(
  tx: DbOrTx,
  rows: (PlaceRow & {
    opportunityId: number;
    startsAt: Date;
    endsAt: Date;
    interviewers: SlotInterviewer[];
    createdById: number;
  })[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(slots).values(rows).returning({ id: slots.id });
  return inserted.map((r) => r.id);
}

export async function insertOffers(
  tx: DbOrTx,
  rows: { applicationId: number; message: string | null; createdById: number; at: Date }[],
  slotIds: number[],
): Promise<{ id: number; applicationId: number }[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(offers)
    .values(
      rows.map((r) => ({
        applicationId: r.applicationId,
        message: r.message,
        createdById: r.createdById,
        createdAt: r.at,
        updatedAt: r.at,
      })),
    )
    .returning({ id: offers.id, applicationId: offers.applicationId });
  await tx
    .insert(offerSlots)
    .values(inserted.flatMap((o) => slotIds.map((slotId) => ({ offerId: o.id, slotId }))));
  return inserted;
}

/** The offers of these applications, newest first, with their slots. */
export async function loadOffers(db: DbOrTx, applicationIds: number[]) {
  if (applicationIds.length === 0) return { offers: [], slots: [] };
  const offerRows = await db
    .select()
    .from(offers)
    .where(inArray(offers.applicationId, applicationIds))
    .orderBy(sql`${offers.createdAt} desc`, sql`${offers.id} desc`);
  if (offerRows.length === 0) return { offers: [], slots: [] };
  const slotRows = await db
    .select({
      offerId: offerSlots.offerId,
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      placeKind: slots.placeKind,
      opportunityLocationId: slots.opportunityLocationId,
      address: slots.address,
      videoUrl: slots.videoUrl,
      taken: sql<boolean>`exists (select 1 from ${interviews} where ${interviews.slotId} = ${slots.id} and ${interviews.status} = 'scheduled')`,
    })
    .from(offerSlots)
    .innerJoin(slots, eq(slots.id, offerSlots.slotId))
    .where(
      inArray(
        offerSlots.offerId,
        offerRows.map((o) => o.id),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(slots.id));
  return { offers: offerRows, slots: slotRows };
}

/** An offer with its application, locked until the transaction ends. */
/** One offer with its application's candidate and opportunity; locked for update when asked. */
export async function findOffer(db: DbOrTx, offerId: number, lock = false) {
  const query = db
    .select({
      id: offers.id,
      status: offers.status,
      applicationId: offers.applicationId,
      candidateId: applications.candidateId,
      opportunityId: applications.opportunityId,
      message: offers.message,
      candidateMessage: offers.candidateMessage,
      createdById: offers.createdById,
    })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .where(eq(offers.id, offerId));
  const [row] = lock ? await query.for('update', { of: offers }) : await query;
  return row;
}

export const lockOffer = (tx: DbOrTx, offerId: number) => findOffer(tx, offerId, true);

export async function setOfferStatus(
  tx: DbOrTx,
  offerId: number,
  status: string,
  at: Date,
  candidateMessage?: string,
) {
  await tx
    .update(offers)
    .set({
      status,
      updatedAt: at,
      ...(candidateMessage === undefined ? {} : { candidateMessage }),
    })
    .where(eq(offers.id, offerId));
}

export async function findOfferSlot(db: DbOrTx, offerId: number, slotId: number) {
  const [row] = await db
    .select({
      id: slots.id,
      opportunityId: slots.opportunityId,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      placeKind: slots.placeKind,
      opportunityLocationId: slots.opportunityLocationId,
      address: slots.address,
      videoUrl: slots.videoUrl,
      interviewers: slots.interviewers,
    })
    .from(offerSlots)
    .innerJoin(slots, eq(slots.id, offerSlots.slotId))
    .where(and(eq(offerSlots.offerId, offerId), eq(offerSlots.slotId, slotId)));
  return row;
}

// ---- interviews ------------------------------------------------------------------------------

export async function insertInterview(
  tx: DbOrTx,
  values: PlaceRow & {
    applicationId: number;
    offerId: number | null;
    slotId: number | null;
    uid: string;
    startsAt: Date;
    endsAt: Date;
    createdById: number | null;
    at: Date;
  },
  interviewers: SlotInterviewer[],
): Promise<number> {
  const [row] = await tx
    .insert(interviews)
    .values({
      ...values,
      scheduledAt: values.at,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: interviews.id });
  await tx.insert(ii).values(
    interviewers.map((i) => ({
      interviewId: row!.id,
      userId: i.userId,
      email: i.email,
      name: i.name,
      startsAt: values.startsAt,
      endsAt: values.endsAt,
    })),
  );
  return row!.id;
}

/** The facts of one interview the services decide on (locked with `forUpdate`). */
export async function findInterview(db: DbOrTx, id: number, forUpdate = false) {
  const query = db
    .select({
      id: interviews.id,
      applicationId: interviews.applicationId,
      offerId: interviews.offerId,
      status: interviews.status,
      startsAt: interviews.startsAt,
      endsAt: interviews.endsAt,
      sequence: interviews.sequence,
      placeKind: interviews.placeKind,
      opportunityLocationId: interviews.opportunityLocationId,
      address: interviews.address,
      videoUrl: interviews.videoUrl,
      candidateId: applications.candidateId,
      opportunityId: applications.opportunityId,
    })
    .from(interviews)
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .where(eq(interviews.id, id));
  const [row] = forUpdate ? await query.for('update', { of: interviews }) : await query;
  return row;
}

export async function moveInterview(
  tx: DbOrTx,
  id: number,
  values: PlaceRow & { startsAt: Date; endsAt: Date; at: Date },
) {
  await tx
    .update(interviews)
    .set({
      startsAt: values.startsAt,
      endsAt: values.endsAt,
      placeKind: values.placeKind,
      opportunityLocationId: values.opportunityLocationId,
      address: values.address,
      videoUrl: values.videoUrl,
      sequence: sql`${interviews.sequence} + 1`,
      scheduledAt: values.at,
      dayReminderSentAt: null,
      hourReminderSentAt: null,
      updatedAt: values.at,
    })
    .where(eq(interviews.id, id));
  await tx
    .update(ii)
    .set({ startsAt: values.startsAt, endsAt: values.endsAt })
    .where(eq(ii.interviewId, id));
  await tx.delete(deliveries).where(eq(deliveries.interviewId, id));
}

export async function cancelInterview(tx: DbOrTx, id: number, reason: string | null, at: Date) {
  await tx
    .update(interviews)
    .set({
      status: 'cancelled',
      cancelledAt: at,
      cancelReason: reason,
      sequence: sql`${interviews.sequence} + 1`,
      updatedAt: at,
    })
    .where(eq(interviews.id, id));
  await tx.update(ii).set({ busy: false }).where(eq(ii.interviewId, id));
}

export async function findInterviewers(db: DbOrTx, interviewIds: number[]) {
  if (interviewIds.length === 0) return [];
  return db
    .select({
      id: ii.id,
      interviewId: ii.interviewId,
      userId: ii.userId,
      email: ii.email,
      name: ii.name,
      firstName: users.firstName,
      lastName: users.lastName,
      /** The interviewer's own zone; null for the default, and for someone outside. */
      timeZone: users.timeZone,
      submitted: sql<boolean>`exists (select 1 from ${scorecards} where ${scorecards.interviewerId} = ${ii.id})`,
    })
    .from(ii)
    .leftJoin(users, eq(users.id, ii.userId))
    .where(inArray(ii.interviewId, interviewIds))
    .orderBy(asc(ii.id));
}

export async function findInterviewer(db: DbOrTx, interviewerId: number) {
  const [row] = await db
    .select({ id: ii.id, interviewId: ii.interviewId, email: ii.email, name: ii.name })
    .from(ii)
    .where(eq(ii.id, interviewerId));
  return row;
}

/** The full rows of these interviews, in the order given. */
export async function loadInterviews(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return { interviews: [], interviewers: [], scorecards: [] };
  const rows = await db
    .select({
      id: interviews.id,
      applicationId: interviews.applicationId,
      uid: interviews.uid,
      sequence: interviews.sequence,
      status: interviews.status,
      startsAt: interviews.startsAt,
      endsAt: interviews.endsAt,
      placeKind: interviews.placeKind,
      opportunityLocationId: interviews.opportunityLocationId,
      address: interviews.address,
      videoUrl: interviews.videoUrl,
      cancelReason: interviews.cancelReason,
      opportunityId: opportunities.id,
      opportunityName: opportunities.name,
      organizationName: organizations.name,
      candidateId: applications.candidateId,
      candidateEmail: users.email,
      candidateTimeZone: users.timeZone,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(interviews)
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .innerJoin(users, eq(users.id, applications.candidateId))
    .where(inArray(interviews.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const cards = await db
    .select()
    .from(scorecards)
    .where(inArray(scorecards.interviewId, ids))
    .orderBy(asc(scorecards.submittedAt));
  return {
    interviews: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    interviewers: await findInterviewers(db, ids),
    scorecards: cards,
  };
}

export async function interviewIdsOfApplication(db: DbOrTx, applicationId: number) {
  const rows = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(eq(interviews.applicationId, applicationId))
    .orderBy(asc(interviews.startsAt), asc(interviews.id));
  return rows.map((r) => r.id);
}

/**
 * The agenda: interviews from `from` on, soonest first (then by id), of the applications `scope`
 * allows (a condition on `applications`); after `after` in that order when given, so any number
 * of interviews at one moment page through, each once. One more than `per` tells a next page.
 */
export async function agendaIds(
  db: DbOrTx,
  scope: SQL,
  query: {
    from: Date;
    status: 'scheduled' | 'cancelled';
    per: number;
    after?: { startsAt: Date; id: number };
  },
) {
  const { after } = query;
  const rows = await db
    .select({ id: interviews.id, startsAt: interviews.startsAt })
    .from(interviews)
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .where(
      and(
        scope,
        eq(interviews.status, query.status),
        gt(interviews.endsAt, query.from),
        after
          ? sql`(${interviews.startsAt}, ${interviews.id}) > (${after.startsAt.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(interviews.startsAt), asc(interviews.id))
    .limit(query.per + 1);
  return { rows: rows.slice(0, query.per), more: rows.length > query.per };
}

export async function upsertScorecard(
  tx: DbOrTx,
  values: {
    interviewerId: number;
    interviewId: number;
    scores: Record<string, number>;
    recommendation: string;
    notes: string | null;
    at: Date;
  },
) {
  const set = {
    scores: values.scores,
    recommendation: values.recommendation,
    notes: values.notes,
    submittedAt: values.at,
  };
  await tx
    .insert(scorecards)
    .values({ interviewerId: values.interviewerId, interviewId: values.interviewId, ...set })
    .onConflictDoUpdate({ target: scorecards.interviewerId, set });
}

// ---- reminders -------------------------------------------------------------------------------

/**
 * Scheduled interviews starting within the next `withinMs` that may still need a reminder,
 * locked (others running the same job skip them). The pure rule decides which are due.
 */
export async function lockReminderCandidates(
  tx: DbOrTx,
  now: Date,
  withinMs: number,
  onlyId?: number,
) {
  return tx
    .select({
      id: interviews.id,
      status: interviews.status,
      startsAt: interviews.startsAt,
      scheduledAt: interviews.scheduledAt,
      dayReminderSentAt: interviews.dayReminderSentAt,
      hourReminderSentAt: interviews.hourReminderSentAt,
    })
    .from(interviews)
    .where(
      and(
        eq(interviews.status, 'scheduled'),
        gt(interviews.startsAt, now),
        lte(interviews.startsAt, new Date(now.getTime() + withinMs)),
        or(isNull(interviews.dayReminderSentAt), isNull(interviews.hourReminderSentAt)),
        onlyId === undefined ? undefined : eq(interviews.id, onlyId),
      ),
    )
    .orderBy(asc(interviews.startsAt))
    .limit(200)
    .for('update', { skipLocked: true });
}

export async function markReminders(
  tx: DbOrTx,
  id: number,
  kinds: readonly ('day' | 'hour')[],
  at: Date,
) {
  await tx
    .update(interviews)
    .set({
      ...(kinds.includes('day') ? { dayReminderSentAt: at } : {}),
      ...(kinds.includes('hour') ? { hourReminderSentAt: at } : {}),
    })
    .where(eq(interviews.id, id));
}

// ---- the tracker ------------------------------------------------------------------------------

/**
 * For these applications, which have an interview scheduled that has not ended, and the states
 * of their open offers: two statements whatever the number of applications (the ids travel as
 * one array parameter).
 */
export async function interviewFactsOf(db: DbOrTx, applicationIds: readonly number[], now: Date) {
  if (applicationIds.length === 0) return { upcoming: [], offers: [] };
  const ids = `{${applicationIds.join(',')}}`;
  const [upcoming, open] = await Promise.all([
    db
      .selectDistinct({ applicationId: interviews.applicationId })
      .from(interviews)
      .where(
        and(
          sql`${interviews.applicationId} = any(${ids}::int[])`,
          eq(interviews.status, 'scheduled'),
          gt(interviews.endsAt, now),
        ),
      ),
    db
      .selectDistinct({ applicationId: offers.applicationId, status: offers.status })
      .from(offers)
      .where(
        and(
          sql`${offers.applicationId} = any(${ids}::int[])`,
          inArray(offers.status, ['open', 'other_times']),
        ),
      ),
  ]);
  return { upcoming, offers: open };
}

/** The addresses a reminder of this interview has already reached. */
export async function reminderDeliveries(
  tx: DbOrTx,
  interviewId: number,
  kind: 'day' | 'hour',
): Promise<Set<string>> {
  const rows = await tx
    .select({ email: deliveries.email })
    .from(deliveries)
    .where(and(eq(deliveries.interviewId, interviewId), eq(deliveries.kind, kind)));
  return new Set(rows.map((r) => r.email));
}

/** Notes that a reminder reached one address. */
export async function markReminderDelivered(
  tx: DbOrTx,
  values: { interviewId: number; kind: 'day' | 'hour'; email: string; at: Date },
) {
  await tx
    .insert(deliveries)
    .values({
      interviewId: values.interviewId,
      kind: values.kind,
      email: values.email,
      sentAt: values.at,
    })
    .onConflictDoNothing();
}
