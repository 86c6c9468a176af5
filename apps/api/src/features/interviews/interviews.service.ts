import { randomUUID } from 'node:crypto';

import { DEFAULT_TIME_ZONE } from '@pathways/shared/common/time-zones';
import {
  applicantInterviewState,
  canChangeInterview,
  dueReminder,
  endOf,
  HOUR_MS,
  isBookable,
  LINK_GRACE_MS,
  MINUTE_MS,
  nextOfferStatus,
  normalEmail,
  remindersSettledBy,
  visibleScorecards,
  type ApplicantInterviewState,
  type OfferStatus,
  type ReminderKind,
} from '@pathways/shared/interviews/interviews.rules';
import {
  encodeAgendaCursor,
  interviewMessages,
  type AgendaPage,
  type ApplicationInterviews,
  type CandidateApplicationInterviews,
  type Interview,
  type InterviewLinkView,
  type InterviewSettings,
  type Offer,
  type agendaQuery,
  type cancelBody,
  type fixInterviewBody,
  type interviewSettingsBody,
  type offerSlotsBody,
  type placeInput,
  type rescheduleBody,
  type scorecardBody,
  type interviewerInput,
  type timeInput,
  type Place,
  type Recommendation,
} from '@pathways/shared/interviews/interviews.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import { eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';

import {
  applicationsManagedBy,
  clientScopeOf,
  issueGuestLink,
  linkClosed,
  managedOpportunity,
  managersOfOpportunity,
  openGuestLink,
  revokeGuestLinks,
  type ClientScope,
} from '../../access/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { applications, type SlotInterviewer } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { isExclusionViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { Actor } from '../../plugins/access.ts';
import { notify } from '../notifications/index.ts';
import { guestProfileOfCandidate } from '../profile/index.ts';
import { interviewCalendar } from './interviews.ical.ts';
import {
  invitationMail,
  offerMail,
  offerWithdrawnMail,
  otherTimesMail,
  reminderMail,
  type InvitationChange,
  type MailInterview,
} from './interviews.mails.ts';
import { emitInterviewWebhook } from '../webhooks/index.ts';
import * as repo from './interviews.repository.ts';

export type InterviewsDeps = FeatureDeps & { jobs: Jobs };
export type InterviewMailDeps = Pick<FeatureDeps, 'db' | 'config' | 'mailer' | 'now' | 'log'>;

export const interviewQueues = {
  invitations: 'interviews.invitations',
  reminders: 'interviews.reminders',
  /** One candidate's e-mail of the times offered to them ({offerId}). */
  offerMail: 'interviews.offer-mail',
  /** The e-mail to whoever offered the times that the candidate asks for others ({offerId}). */
  otherTimesMail: 'interviews.other-times-mail',
  /** The candidate's e-mail that the times offered to them are withdrawn ({offerId, reason}). */
  offerWithdrawnMail: 'interviews.offer-withdrawn-mail',
} as const;

const NOTIFICATION_TYPE = 'interview';
/** How far ahead the reminder job looks: the earliest reminder, plus a margin. */
const REMINDER_HORIZON_MS = 25 * HOUR_MS;
const LINK_PURPOSE = 'interview' as const;
/** The candidate as blind review names them to people outside the organization. */
const BLIND_CANDIDATE = 'the candidate (blind review)';

const fullName = (r: { firstName: string | null; lastName: string | null }, fallback: string) =>
  [r.firstName, r.lastName].filter(Boolean).join(' ') || fallback;

/** The address part of a From header ("Pathways <no-reply@x>" → "no-reply@x"). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

function placeOf(row: repo.PlaceRow): Place {
  if (row.placeKind === 'video') {
    return { kind: 'video', label: row.videoUrl ?? '', url: row.videoUrl };
  }
  return {
    kind: row.placeKind === 'location' ? 'location' : 'address',
    label: row.address ?? '',
    url: null,
  };
}

type Loaded = Awaited<ReturnType<typeof repo.loadInterviews>>;
type LoadedInterview = Loaded['interviews'][number];
type LoadedInterviewer = Loaded['interviewers'][number];

const interviewerName = (i: LoadedInterviewer) =>
  i.userId !== null ? fullName(i, i.email) : (i.name ?? i.email);

/** The interviews as a client reads them: scorecards as `visibleScorecards` allows. */
function present(loaded: Loaded, readerUserId: number | null): Interview[] {
  return loaded.interviews.map((row) => {
    const interviewers = loaded.interviewers.filter((i) => i.interviewId === row.id);
    const names = new Map(interviewers.map((i) => [i.id, interviewerName(i)]));
    const cards = loaded.scorecards
      .filter((s) => s.interviewId === row.id)
      .map((s) => ({
        interviewerId: s.interviewerId,
        interviewer: names.get(s.interviewerId) ?? '',
        scores: s.scores,
        recommendation: s.recommendation as Recommendation,
        notes: s.notes,
        submittedAt: s.submittedAt.toISOString(),
      }));
    const reader = interviewers.find((i) => readerUserId !== null && i.userId === readerUserId);
    return {
      ...summary(row),
      interviewers: interviewers.map((i) => ({
        id: i.id,
        name: interviewerName(i),
        email: i.email,
        hasAccount: i.userId !== null,
        submitted: i.submitted,
      })),
      scorecards: visibleScorecards(cards, {
        interviewerId: reader?.id ?? null,
        submitted: reader?.submitted ?? false,
      }),
    };
  });
}

function summary(row: LoadedInterview) {
  return {
    id: row.id,
    applicationId: row.applicationId,
    opportunity: { id: row.opportunityId, name: row.opportunityName },
    candidate: { firstName: row.firstName, lastName: row.lastName },
    status: row.status as Interview['status'],
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS),
    place: placeOf(row),
    sequence: row.sequence,
  };
}

function presentOffers(loaded: Awaited<ReturnType<typeof repo.loadOffers>>): Offer[] {
  return loaded.offers.map((o) => ({
    id: o.id,
    applicationId: o.applicationId,
    status: o.status as OfferStatus,
    message: o.message,
    candidateMessage: o.candidateMessage,
    createdAt: o.createdAt.toISOString(),
    slots: loaded.slots
      .filter((s) => s.offerId === o.id)
      .map((s) => ({
        id: s.id,
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        durationMinutes: Math.round((s.endsAt.getTime() - s.startsAt.getTime()) / MINUTE_MS),
        place: placeOf(s),
        taken: s.taken,
      })),
  }));
}

/** Books, fixes or moves, turning the database's refusals into 409s that say why. */
async function refusingConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'interviews_slot_taken_once')) {
      throw new AppError('conflict', interviewMessages.slotTaken);
    }
    if (isExclusionViolation(error, 'interview_interviewers_no_overlap')) {
      throw new AppError('conflict', interviewMessages.interviewerBusy);
    }
    throw error;
  }
}

/** How a refusal names the field of the `index`th time given. */
type TimeKey = (index: number, field: keyof z.output<typeof timeInput>) => string;
/** One time given as the body itself (a fixed time, a move): the field alone. */
const plainKey: TimeKey = (_index, field) => field;
/** The times of an offer, as the body names them (`slots.1.startsAt`). */
const slotKey: TimeKey = (index, field) => `slots.${index}.${field}`;

// ---- mails, in the background ----------------------------------------------------------------

function mailFacts(row: LoadedInterview, interviewers: LoadedInterviewer[]): MailInterview {
  return {
    opportunity: row.opportunityName,
    organization: row.organizationName,
    candidate: fullName(row, 'the candidate'),
    startsAt: row.startsAt,
    durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS),
    where: placeOf(row).label,
    interviewers: interviewers.map(interviewerName),
  };
}

/**
 * Everyone of an interview (the candidate and each interviewer), with where each opens it: the
 * application's page for the candidate and for interviewers with an account, and for one
 * without an account a link of their own, issued for this e-mail (none once cancelled).
 */
async function recipientsOf(
  deps: InterviewMailDeps,
  row: LoadedInterview,
  interviewers: LoadedInterviewer[],
  withLinks: boolean,
  /** Addresses (normalized) to leave out: those already reached. */
  skip: ReadonlySet<string> = new Set(),
) {
  const url = (path: string) => `${deps.config.appUrl}${path}`;
  const list = [
    {
      userId: row.candidateId as number | null,
      email: row.candidateEmail,
      name: fullName(row, row.candidateEmail),
      url: url(paths.candidate.application(row.applicationId)),
      outsider: false,
      timeZone: row.candidateTimeZone ?? DEFAULT_TIME_ZONE,
    },
  ].filter((r) => !skip.has(normalEmail(r.email)));
  for (const i of interviewers) {
    if (skip.has(normalEmail(i.email))) continue;
    let link = url(paths.client.application(row.opportunityId, row.applicationId));
    if (i.userId === null && withLinks) {
      const token = await issueGuestLink(deps.db, {
        purpose: LINK_PURPOSE,
        subjectId: i.id,
        email: i.email,
        expiresAt: new Date(row.endsAt.getTime() + LINK_GRACE_MS),
        at: deps.now(),
      });
      link = url(paths.interviewLink(token));
    }
    list.push({
      userId: i.userId,
      email: i.email,
      name: interviewerName(i),
      url: link,
      outsider: i.userId === null,
      // Someone outside has no account to choose a zone in: they read the default.
      timeZone: i.timeZone ?? DEFAULT_TIME_ZONE,
    });
  }
  return list;
}

/** The interview's iCalendar invitation (one UID through every change), everyone attending. */
function calendarOf(
  deps: Pick<InterviewMailDeps, 'config' | 'now'>,
  row: LoadedInterview,
  facts: MailInterview,
  attendees: { name: string | null; email: string }[],
) {
  return interviewCalendar({
    uid: row.uid,
    sequence: row.sequence,
    status: row.status as 'scheduled' | 'cancelled',
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    summary: `Interview: ${row.opportunityName} (${row.organizationName})`,
    description: [
      `Candidate: ${facts.candidate}`,
      `Interviewers: ${facts.interviewers.join(', ')}`,
    ].join('\n'),
    location: facts.where,
    url: row.videoUrl,
    organizer: { name: row.organizationName, email: addressOf(deps.config.mailFrom) },
    attendees: attendees.map((a) => ({ name: a.name, email: a.email })),
    stamp: deps.now(),
  });
}

/** What people outside the organization read of an interview: no candidate's name under blind review. */
async function outsidersFacts(
  deps: Pick<InterviewMailDeps, 'db'>,
  row: LoadedInterview,
  facts: MailInterview,
): Promise<MailInterview> {
  const settings = await repo.findSettings(deps.db, row.opportunityId);
  return settings?.blindReview ? { ...facts, candidate: BLIND_CANDIDATE } : facts;
}

/** Sends the invitation, update or cancellation of one interview to everyone in it. */
export async function sendInvitations(
  deps: InterviewMailDeps,
  interviewId: number,
  change: InvitationChange,
): Promise<number> {
  const loaded = await repo.loadInterviews(deps.db, [interviewId]);
  const row = loaded.interviews[0];
  if (!row) return 0;
  // A job queued for an earlier change runs after a later one: it tells of the interview as it is.
  const effective: InvitationChange = row.status === 'cancelled' ? 'cancelled' : change;
  const interviewers = loaded.interviewers.filter((i) => i.interviewId === row.id);
  const facts = mailFacts(row, interviewers);
  const recipients = await recipientsOf(deps, row, interviewers, effective !== 'cancelled');
  const calendar = calendarOf(deps, row, facts, recipients);
  // People outside the organization never get the candidate's address (the candidate is no
  // attendee of their copy), and under blind review not their name either.
  const outsiders = await outsidersFacts(deps, row, facts);
  const outsiderCalendar = calendarOf(
    deps,
    row,
    outsiders,
    recipients.filter((r) => r.userId !== row.candidateId),
  );
  let sent = 0;
  for (const r of recipients) {
    try {
      await deps.mailer.send(
        invitationMail(r.email, {
          ...(r.outsider ? outsiders : facts),
          change: effective,
          reason: row.cancelReason,
          calendar: r.outsider ? outsiderCalendar : calendar,
          url: r.url,
          timeZone: r.timeZone,
          name: r.name,
        }),
      );
      sent += 1;
    } catch (error) {
      deps.log.error({ err: error, interviewId }, 'interview invitation not delivered');
    }
  }
  return sent;
}

/**
 * Sends the reminders due now (`dueReminder`), one interview at a time: its row stays locked
 * while its reminder goes out (a second worker skips it). Each person it reaches is noted, and
 * the interview's reminder is marked sent once everyone has it: when the mail server
 * refuses some, the next run sends it again to those only, so nobody gets it twice. When nobody
 * could be reached nothing is kept (nor any link issued). A moved interview's marks were
 * cleared and a cancelled one is never picked.
 */
export async function sendDueReminders(
  deps: InterviewMailDeps,
): Promise<{ id: number; kind: ReminderKind }[]> {
  const now = deps.now();
  const candidates = await repo.lockReminderCandidates(deps.db, now, REMINDER_HORIZON_MS);
  const sent: { id: number; kind: ReminderKind }[] = [];
  for (const { id } of candidates) {
    try {
      const kind = await deps.db.transaction(async (tx) => {
        const [row] = await repo.lockReminderCandidates(tx, now, REMINDER_HORIZON_MS, id);
        if (!row) return null;
        const kind = dueReminder(
          {
            status: row.status as 'scheduled',
            startsAt: row.startsAt,
            scheduledAt: row.scheduledAt,
            sent: { day: row.dayReminderSentAt, hour: row.hourReminderSentAt },
          },
          now,
        );
        if (!kind) return null;
        const loaded = await repo.loadInterviews(tx, [id]);
        const interview = loaded.interviews[0];
        if (!interview) return null;
        const interviewers = loaded.interviewers.filter((i) => i.interviewId === id);
        const facts = mailFacts(interview, interviewers);
        const outsiders = await outsidersFacts({ db: tx }, interview, facts);
        const reached = await repo.reminderDeliveries(tx, id, kind);
        let delivered = 0;
        let failure: unknown = null;
        const pending = await recipientsOf(
          { ...deps, db: tx },
          interview,
          interviewers,
          true,
          reached,
        );
        for (const r of pending) {
          try {
            await deps.mailer.send(
              reminderMail(r.email, {
                ...(r.outsider ? outsiders : facts),
                kind,
                url: r.url,
                timeZone: r.timeZone,
                name: r.name,
              }),
            );
            await repo.markReminderDelivered(tx, {
              interviewId: id,
              kind,
              email: normalEmail(r.email),
              at: now,
            });
            delivered += 1;
          } catch (error) {
            failure = error;
            deps.log.error({ err: error, interviewId: id }, 'interview reminder not delivered');
          }
        }
        // Nobody reached: leave it as it was (and its links unissued) for the next run.
        if (delivered === 0 && failure) throw failure;
        // Some not reached: keep who was, and try the others on the next run.
        if (failure) return null;
        await repo.markReminders(tx, id, remindersSettledBy(kind), now);
        return kind;
      });
      if (kind) sent.push({ id, kind });
    } catch (error) {
      deps.log.error({ err: error, interviewId: id }, 'interview reminder left for the next run');
    }
  }
  return sent;
}

/**
 * The e-mail of the times offered to one candidate, sent by a job once the offer is committed:
 * a slow or failing mail server never holds the request, and a failed send is retried (the
 * error is thrown to the queue). Times withdrawn before it runs are not mailed.
 */
export async function sendOfferMail(deps: InterviewMailDeps, offerId: number): Promise<boolean> {
  const offer = await repo.findOffer(deps.db, offerId);
  if (!offer || offer.status !== 'open') return false;
  const [candidate] = await repo.findUsers(deps.db, [offer.candidateId]);
  const opportunity = await repo.findOpportunity(deps.db, offer.opportunityId);
  const loaded = await repo.loadOffers(deps.db, [offer.applicationId]);
  const times = loaded.slots.filter((s) => s.offerId === offerId).map((s) => s.startsAt);
  if (!candidate || !opportunity || times.length === 0) return false;
  await deps.mailer.send(
    offerMail(candidate.email, {
      firstName: candidate.firstName,
      opportunity: opportunity.name,
      organization: opportunity.organizationName,
      times,
      message: offer.message,
      url: `${deps.config.appUrl}${paths.candidate.application(offer.applicationId)}`,
      timeZone: candidate.timeZone ?? DEFAULT_TIME_ZONE,
    }),
  );
  return true;
}

/** The candidate's e-mail that the times offered to them are withdrawn (a job). */
export async function sendOfferWithdrawnMail(
  deps: InterviewMailDeps,
  offerId: number,
  reason: string | null,
): Promise<boolean> {
  const offer = await repo.findOffer(deps.db, offerId);
  if (!offer || offer.status !== 'withdrawn') return false;
  const [candidate] = await repo.findUsers(deps.db, [offer.candidateId]);
  const opportunity = await repo.findOpportunity(deps.db, offer.opportunityId);
  if (!candidate || !opportunity) return false;
  await deps.mailer.send(
    offerWithdrawnMail(candidate.email, {
      firstName: candidate.firstName,
      opportunity: opportunity.name,
      organization: opportunity.organizationName,
      reason,
      url: `${deps.config.appUrl}${paths.candidate.application(offer.applicationId)}`,
    }),
  );
  return true;
}

/** The e-mail telling whoever offered the times that the candidate asks for others (a job). */
export async function sendOtherTimesMail(
  deps: InterviewMailDeps,
  offerId: number,
): Promise<boolean> {
  const offer = await repo.findOffer(deps.db, offerId);
  if (!offer?.createdById || !offer.candidateMessage) return false;
  const [creator] = await repo.findUsers(deps.db, [offer.createdById]);
  const [candidate] = await repo.findUsers(deps.db, [offer.candidateId]);
  const opportunity = await repo.findOpportunity(deps.db, offer.opportunityId);
  if (!creator || !candidate || !opportunity) return false;
  await deps.mailer.send(
    otherTimesMail(creator.email, {
      candidate: fullName(candidate, 'A candidate'),
      opportunity: opportunity.name,
      message: offer.candidateMessage,
      url: `${deps.config.appUrl}${paths.client.application(offer.opportunityId, offer.applicationId)}`,
    }),
  );
  return true;
}

// ---- the service -----------------------------------------------------------------------------

/**
 * Whether the workspace reviews blind: people outside the organization (interviewers and
 * colleagues without an account) then see no candidate's name.
 */
export async function blindReviewOf(db: DbOrTx, opportunityId: number): Promise<boolean> {
  return (await repo.findSettings(db, opportunityId))?.blindReview ?? false;
}

/**
 * What the tracker shows of these applications' interviews (booked, other times asked, times
 * waiting), by application id; applications with none of these are left out. Set-based: two
 * statements for a page of rows or a whole workspace.
 */
export async function interviewStatesOf(
  db: DbOrTx,
  applicationIds: readonly number[],
  now: Date,
): Promise<Map<number, ApplicantInterviewState>> {
  const facts = await repo.interviewFactsOf(db, applicationIds, now);
  const upcoming = new Set(facts.upcoming.map((r) => r.applicationId));
  const offerStatusesOf = new Map<number, OfferStatus[]>();
  for (const o of facts.offers) {
    const list = offerStatusesOf.get(o.applicationId) ?? [];
    list.push(o.status as OfferStatus);
    offerStatusesOf.set(o.applicationId, list);
  }
  const states = new Map<number, ApplicantInterviewState>();
  for (const id of new Set([...upcoming, ...offerStatusesOf.keys()])) {
    const state = applicantInterviewState({
      upcomingInterview: upcoming.has(id),
      offerStatuses: offerStatusesOf.get(id) ?? [],
    });
    if (state) states.set(id, state);
  }
  return states;
}

/**
 * Interviews: clients who manage a workspace offer times to applications (or fix one), the
 * candidate books one or asks for others, everyone gets a calendar invitation and its updates,
 * interviewers fill in scorecards. Outside interviewers open theirs through a guest link.
 */
export function createInterviewsService(deps: InterviewsDeps) {
  const { db, now, jobs } = deps;

  /**
   * The places chosen, in one pass: an opportunity's place by id (one query for all of them;
   * any that is not this opportunity's is refused), an address, or a video link.
   */
  async function resolvePlaces(
    opportunityId: number,
    places: z.output<typeof placeInput>[],
    keyOf: TimeKey = plainKey,
  ): Promise<repo.PlaceRow[]> {
    const locationIds = places.flatMap((p) => (p.kind === 'location' ? [p.locationId] : []));
    const addresses = await repo.findLocationAddresses(db, opportunityId, locationIds);
    return places.map((place, index) => {
      if (place.kind === 'video') {
        return {
          placeKind: 'video',
          opportunityLocationId: null,
          address: null,
          videoUrl: place.url,
        };
      }
      if (place.kind === 'address') {
        return {
          placeKind: 'address',
          opportunityLocationId: null,
          address: place.address,
          videoUrl: null,
        };
      }
      const address = addresses.get(place.locationId);
      if (address === undefined) {
        throw fieldError(keyOf(index, 'place'), interviewMessages.notLocation);
      }
      return {
        placeKind: 'location',
        opportunityLocationId: place.locationId,
        address,
        videoUrl: null,
      };
    });
  }

  /**
   * The interviewers of each time, in one pass over all of them: managers of the workspace by
   * id (the access module's rule, asked once), others by e-mail (a manager's address counts as
   * the manager).
   */
  async function resolveInterviewers(
    opportunityId: number,
    lists: z.output<typeof interviewerInput>[][],
    keyOf: TimeKey = plainKey,
  ): Promise<SlotInterviewer[][]> {
    const ids = [...new Set(lists.flat().flatMap((i) => ('userId' in i ? [i.userId] : [])))];
    const allowed = new Set(
      ids.length > 0 ? await managersOfOpportunity(db, opportunityId, { activeOnly: true }) : [],
    );
    const refused = lists.findIndex((list) =>
      list.some((i) => 'userId' in i && !allowed.has(i.userId)),
    );
    if (refused >= 0) {
      throw fieldError(keyOf(refused, 'interviewers'), interviewMessages.notInterviewer);
    }
    const managers = new Map((await repo.findUsers(db, ids)).map((m) => [m.id, m]));
    return lists.map((input) => {
      const byEmail = new Map<string, SlotInterviewer>();
      for (const i of input) {
        if (!('userId' in i)) continue;
        const m = managers.get(i.userId)!;
        byEmail.set(normalEmail(m.email), {
          userId: m.id,
          email: normalEmail(m.email),
          name: fullName(m, m.email),
        });
      }
      for (const i of input) {
        if ('userId' in i) continue;
        const email = normalEmail(i.email);
        if (!byEmail.has(email)) byEmail.set(email, { userId: null, email, name: i.name || null });
      }
      return [...byEmail.values()];
    });
  }

  /**
   * The times given, checked and resolved together: a fixed number of queries for any number.
   * A refusal names the field by `keyOf` (an offer's `slots.1.startsAt`, a fixed time's `startsAt`).
   */
  async function resolveTimes(
    opportunityId: number,
    times: z.output<typeof timeInput>[],
    keyOf: TimeKey = plainKey,
  ) {
    const starts = times.map((time) => new Date(time.startsAt));
    const past = starts.findIndex((startsAt) => !isBookable(startsAt, now()));
    if (past >= 0) throw fieldError(keyOf(past, 'startsAt'), interviewMessages.inThePast);
    const places = await resolvePlaces(
      opportunityId,
      times.map((t) => t.place),
      keyOf,
    );
    const interviewers = await resolveInterviewers(
      opportunityId,
      times.map((t) => t.interviewers),
      keyOf,
    );
    return times.map((time, i) => ({
      startsAt: starts[i]!,
      endsAt: endOf(starts[i]!, time.durationMinutes),
      place: places[i]!,
      interviewers: interviewers[i]!,
    }));
  }

  /**
   * An object of a workspace the client manages; any other answers the same 404 as a missing
   * one (`what`), never the opportunity's.
   */
  async function managing(scope: ClientScope, opportunityId: number, what: string) {
    try {
      await managedOpportunity(db, scope, opportunityId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw notFound(what);
      throw error;
    }
  }

  async function clientInterview(actor: Actor, id: number) {
    const scope = await clientScopeOf(db, actor);
    const row = await repo.findInterview(db, id);
    if (!row) throw notFound('Interview not found');
    await managing(scope, row.opportunityId, 'Interview not found');
    return { scope, row };
  }

  async function loadPresented(ids: number[], readerUserId: number | null) {
    return present(await repo.loadInterviews(db, ids), readerUserId);
  }

  async function one(id: number, readerUserId: number | null): Promise<Interview> {
    const [interview] = await loadPresented([id], readerUserId);
    if (!interview) throw notFound('Interview not found');
    return interview;
  }

  async function notifyParties(
    tx: DbOrTx,
    interviewId: number,
    change: InvitationChange,
    exceptUserId: number,
  ) {
    await emitInterviewWebhook(tx, interviewId, change);
    const loaded = await repo.loadInterviews(tx, [interviewId]);
    const row = loaded.interviews[0]!;
    const when = row.startsAt.toISOString();
    const words = {
      scheduled: `Interview for ${row.opportunityName} set`,
      moved: `Interview for ${row.opportunityName} moved`,
      cancelled: `Interview for ${row.opportunityName} cancelled`,
    }[change];
    const users = [
      { userId: row.candidateId, path: paths.candidate.application(row.applicationId) },
      ...loaded.interviewers.flatMap((i) =>
        i.userId === null
          ? []
          : [
              {
                userId: i.userId,
                path: paths.client.application(row.opportunityId, row.applicationId),
              },
            ],
      ),
    ].filter((u) => u.userId !== exceptUserId);
    await notify(
      tx,
      users.map((u) => ({
        userId: u.userId,
        type: NOTIFICATION_TYPE,
        description: `${words}: ${when}`,
        path: u.path,
        at: now(),
      })),
    );
  }

  async function afterChange(interviewId: number, change: InvitationChange) {
    await jobs.enqueue(interviewQueues.invitations, { interviewId, change });
  }

  async function move(
    actorUserId: number,
    row: NonNullable<Awaited<ReturnType<typeof repo.findInterview>>>,
    values: { startsAt: Date; endsAt: Date; place: repo.PlaceRow },
  ) {
    await refusingConflicts(() =>
      db.transaction(async (tx) => {
        const locked = await repo.findInterview(tx, row.id, true);
        if (!locked || !canChangeInterview(locked, now())) {
          throw new AppError('conflict', interviewMessages.cannotChange);
        }
        await repo.moveInterview(tx, row.id, { ...values.place, ...values, at: now() });
        await notifyParties(tx, row.id, 'moved', actorUserId);
      }),
    );
    await afterChange(row.id, 'moved');
  }

  async function cancel(actorUserId: number, id: number, reason: string | null) {
    await db.transaction(async (tx) => {
      const locked = await repo.findInterview(tx, id, true);
      if (!locked || !canChangeInterview(locked, now())) {
        throw new AppError('conflict', interviewMessages.cannotChange);
      }
      await repo.cancelInterview(tx, id, reason, now());
      const interviewers = await repo.findInterviewers(tx, [id]);
      await revokeGuestLinks(
        tx,
        LINK_PURPOSE,
        interviewers.map((i) => i.id),
        now(),
      );
      // Cancelled by the candidate: the times offered are open to them again.
      if (locked.offerId !== null) {
        const offer = await repo.lockOffer(tx, locked.offerId);
        const reopened = offer && nextOfferStatus(offer.status as OfferStatus, 'reopen');
        if (actorUserId === locked.candidateId && reopened) {
          await repo.setOfferStatus(tx, locked.offerId, reopened, now());
        }
      }
      await notifyParties(tx, id, 'cancelled', actorUserId);
    });
    await afterChange(id, 'cancelled');
  }

  async function saveScorecard(
    interviewer: { id: number; interviewId: number },
    input: z.output<typeof scorecardBody>['scorecard'],
    opportunityId: number,
  ) {
    const criteria = (await repo.findSettings(db, opportunityId))?.criteria ?? [];
    const keys = new Set(criteria.map((c) => c.key));
    const unknown = Object.keys(input.scores).filter((k) => !keys.has(k));
    if (unknown.length > 0) throw fieldError('scores', interviewMessages.unknownCriterion);
    await db.transaction((tx) =>
      repo.upsertScorecard(tx, {
        interviewerId: interviewer.id,
        interviewId: interviewer.interviewId,
        scores: input.scores,
        recommendation: input.recommendation,
        notes: input.notes ?? null,
        at: now(),
      }),
    );
  }

  /**
   * One page of an agenda and the cursor of the next: the place of its last interview by start
   * and id (keyset), with the first page's `from`, so a page never repeats or skips one.
   */
  async function agenda(
    scope: SQL,
    query: z.output<typeof agendaQuery>,
    readerUserId: number,
  ): Promise<AgendaPage> {
    const from = query.cursor ? query.cursor.from : (query.from ?? now().toISOString());
    const { rows, more } = await repo.agendaIds(db, scope, {
      from: new Date(from),
      status: query.status,
      per: query.per,
      after: query.cursor && {
        startsAt: new Date(query.cursor.startsAt),
        id: query.cursor.id,
      },
    });
    const last = rows.at(-1);
    return {
      items: await loadPresented(
        rows.map((r) => r.id),
        readerUserId,
      ),
      next:
        more && last
          ? encodeAgendaCursor({
              from: new Date(from).toISOString(),
              startsAt: last.startsAt.toISOString(),
              id: last.id,
            })
          : null,
    };
  }

  async function offersAndInterviews(applicationId: number) {
    const offers = presentOffers(await repo.loadOffers(db, [applicationId]));
    const ids = await repo.interviewIdsOfApplication(db, applicationId);
    return { offers, ids };
  }

  return {
    async settings(actor: Actor, opportunityId: number): Promise<InterviewSettings> {
      const scope = await clientScopeOf(db, actor);
      await managedOpportunity(db, scope, opportunityId);
      const row = await repo.findSettings(db, opportunityId);
      return { criteria: row?.criteria ?? [], blindReview: row?.blindReview ?? false };
    },

    async saveSettings(
      actor: Actor,
      opportunityId: number,
      input: z.output<typeof interviewSettingsBody>['settings'],
    ): Promise<InterviewSettings> {
      const scope = await clientScopeOf(db, actor);
      await managedOpportunity(db, scope, opportunityId);
      // A criterion keeps its key when renamed, so scorecards already given still match it.
      const criteria = input.criteria.map((c) => ({
        key: c.key ?? randomUUID().slice(0, 8),
        label: c.label,
      }));
      if (new Set(criteria.map((c) => c.key)).size !== criteria.length) {
        throw fieldError('criteria', interviewMessages.criterionLabel);
      }
      await db.transaction((tx) =>
        repo.saveSettings(tx, opportunityId, { criteria, blindReview: input.blindReview }),
      );
      return { criteria, blindReview: input.blindReview };
    },

    /** Offers times to applications (or a phase's); the candidates are told by e-mail and notice. */
    async offer(
      actor: Actor,
      opportunityId: number,
      input: z.output<typeof offerSlotsBody>,
    ): Promise<Offer[]> {
      const scope = await clientScopeOf(db, actor);
      await managedOpportunity(db, scope, opportunityId);
      const targets = await repo.findOpenApplications(db, opportunityId, {
        ids: input.applicationIds,
        phaseId: input.applicationIds?.length ? undefined : input.phaseId,
      });
      if (input.applicationIds?.length) {
        const found = new Set(targets.map((t) => t.id));
        const refused = input.applicationIds.filter((id) => !found.has(id));
        if (refused.length > 0) {
          throw fieldError('applicationIds', interviewMessages.notVisible(refused));
        }
      }
      if (targets.length === 0) {
        throw fieldError('applicationIds', interviewMessages.applicationsRequired);
      }
      const times = await resolveTimes(opportunityId, input.slots, slotKey);
      const at = now();
      const opportunity = (await repo.findOpportunity(db, opportunityId))!;
      const created = await db.transaction(async (tx) => {
        const slotIds = await repo.insertSlots(
          tx,
          times.map((t) => ({
            opportunityId,
            startsAt: t.startsAt,
            endsAt: t.endsAt,
            ...t.place,
            interviewers: t.interviewers,
            createdById: scope.userId,
          })),
        );
        const inserted = await repo.insertOffers(
          tx,
          targets.map((t) => ({
            applicationId: t.id,
            message: input.message ?? null,
            createdById: scope.userId,
            at,
          })),
          slotIds,
        );
        await notify(
          tx,
          targets.map((t) => ({
            userId: t.candidateId,
            type: NOTIFICATION_TYPE,
            description: `${opportunity.organizationName} invites you to an interview for ${opportunity.name}: choose a time`,
            path: paths.candidate.application(t.id),
            at,
          })),
        );
        return inserted;
      });
      for (const c of created) await jobs.enqueue(interviewQueues.offerMail, { offerId: c.id });
      return presentOffers(
        await repo.loadOffers(
          db,
          created.map((c) => c.applicationId),
        ),
      ).filter((o) => created.some((c) => c.id === o.id));
    },

    /**
     * Withdraws the times offered to one application while none is booked: the candidate can no
     * longer book them and is told by e-mail and notification. A booked offer, or one already
     * withdrawn, answers 409.
     */
    async withdrawOffer(
      actor: Actor,
      offerId: number,
      input: z.output<typeof cancelBody>,
    ): Promise<Offer> {
      const scope = await clientScopeOf(db, actor);
      const row = await repo.findOffer(db, offerId);
      if (!row) throw notFound('Offer not found');
      await managing(scope, row.opportunityId, 'Offer not found');
      const opportunity = (await repo.findOpportunity(db, row.opportunityId))!;
      await db.transaction(async (tx) => {
        const locked = (await repo.lockOffer(tx, offerId))!;
        const status = nextOfferStatus(locked.status as OfferStatus, 'withdraw');
        if (!status) {
          throw new AppError(
            'conflict',
            locked.status === 'booked'
              ? interviewMessages.offerBooked
              : interviewMessages.offerWithdrawn,
          );
        }
        await repo.setOfferStatus(tx, offerId, status, now());
        await notify(tx, [
          {
            userId: locked.candidateId,
            type: NOTIFICATION_TYPE,
            description: `${opportunity.organizationName} withdrew the interview times for ${opportunity.name}`,
            path: paths.candidate.application(locked.applicationId),
            at: now(),
          },
        ]);
      });
      await jobs.enqueue(interviewQueues.offerWithdrawnMail, {
        offerId,
        reason: input.reason ?? null,
      });
      return presentOffers(await repo.loadOffers(db, [row.applicationId])).find(
        (o) => o.id === offerId,
      )!;
    },

    /** Fixes an interview at a time directly, without asking the candidate to choose. */
    async fix(
      actor: Actor,
      opportunityId: number,
      input: z.output<typeof fixInterviewBody>,
    ): Promise<Interview> {
      const scope = await clientScopeOf(db, actor);
      await managedOpportunity(db, scope, opportunityId);
      const [application] = await repo.findOpenApplications(db, opportunityId, {
        ids: [input.applicationId],
      });
      if (!application) {
        throw fieldError('applicationId', interviewMessages.notVisible([input.applicationId]));
      }
      const time = (await resolveTimes(opportunityId, [input]))[0]!;
      const id = await refusingConflicts(() =>
        db.transaction(async (tx) => {
          const interviewId = await repo.insertInterview(
            tx,
            {
              applicationId: application.id,
              offerId: null,
              slotId: null,
              uid: `${randomUUID()}@pathways`,
              startsAt: time.startsAt,
              endsAt: time.endsAt,
              ...time.place,
              createdById: scope.userId,
              at: now(),
            },
            time.interviewers,
          );
          await notifyParties(tx, interviewId, 'scheduled', scope.userId);
          return interviewId;
        }),
      );
      await afterChange(id, 'scheduled');
      return one(id, scope.userId);
    },

    async agendaOfWorkspace(
      actor: Actor,
      opportunityId: number,
      query: z.output<typeof agendaQuery>,
    ): Promise<AgendaPage> {
      const scope = await clientScopeOf(db, actor);
      await managedOpportunity(db, scope, opportunityId);
      return agenda(eq(applications.opportunityId, opportunityId), query, scope.userId);
    },

    async agendaOfOrganization(
      actor: Actor,
      query: z.output<typeof agendaQuery>,
    ): Promise<AgendaPage> {
      const scope = await clientScopeOf(db, actor);
      return agenda(applicationsManagedBy(db, scope), query, scope.userId);
    },

    async ofApplicationForClient(
      actor: Actor,
      applicationId: number,
    ): Promise<ApplicationInterviews> {
      const scope = await clientScopeOf(db, actor);
      const application = await repo.findApplication(db, applicationId);
      if (!application) throw notFound('Application not found');
      await managing(scope, application.opportunityId, 'Application not found');
      const { offers, ids } = await offersAndInterviews(applicationId);
      return { offers, interviews: await loadPresented(ids, scope.userId) };
    },

    async showForClient(actor: Actor, id: number): Promise<Interview> {
      const { scope, row } = await clientInterview(actor, id);
      return one(row.id, scope.userId);
    },

    async reschedule(
      actor: Actor,
      id: number,
      input: z.output<typeof rescheduleBody>,
    ): Promise<Interview> {
      const { scope, row } = await clientInterview(actor, id);
      const startsAt = new Date(input.startsAt);
      if (!isBookable(startsAt, now())) throw fieldError('startsAt', interviewMessages.inThePast);
      const minutes =
        input.durationMinutes ??
        Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / MINUTE_MS);
      const place = input.place ? (await resolvePlaces(row.opportunityId, [input.place]))[0]! : row;
      await move(scope.userId, row, {
        startsAt,
        endsAt: endOf(startsAt, minutes),
        place: {
          placeKind: place.placeKind,
          opportunityLocationId: place.opportunityLocationId,
          address: place.address,
          videoUrl: place.videoUrl,
        },
      });
      return one(id, scope.userId);
    },

    async cancelByClient(
      actor: Actor,
      id: number,
      input: z.output<typeof cancelBody>,
    ): Promise<Interview> {
      const { scope, row } = await clientInterview(actor, id);
      await cancel(scope.userId, row.id, input.reason ?? null);
      return one(id, scope.userId);
    },

    async scorecardByClient(
      actor: Actor,
      id: number,
      input: z.output<typeof scorecardBody>['scorecard'],
    ): Promise<Interview> {
      const { scope, row } = await clientInterview(actor, id);
      const interviewers = await repo.findInterviewers(db, [row.id]);
      const mine = interviewers.find((i) => i.userId === scope.userId);
      if (!mine) throw new AppError('forbidden', interviewMessages.onlyInterviewers);
      await saveScorecard(mine, input, row.opportunityId);
      return one(id, scope.userId);
    },

    // ---- the candidate ----

    async ofApplicationForCandidate(
      actor: Actor,
      applicationId: number,
    ): Promise<CandidateApplicationInterviews> {
      const application = await repo.findApplication(db, applicationId);
      if (!application || application.candidateId !== actor.userId) {
        throw notFound('Application not found');
      }
      const { offers, ids } = await offersAndInterviews(applicationId);
      const interviews = await loadPresented(ids, null);
      return {
        offers,
        interviews: interviews.map(({ scorecards: _s, interviewers, ...rest }) => ({
          ...rest,
          interviewers: interviewers.map((i) => ({ name: i.name })),
        })),
      };
    },

    /** The candidate books one of the times offered; the first to book a time takes it. */
    async book(actor: Actor, offerId: number, slotId: number): Promise<number> {
      const id = await refusingConflicts(() =>
        db.transaction(async (tx) => {
          const offer = await repo.lockOffer(tx, offerId);
          if (!offer || offer.candidateId !== actor.userId) throw notFound('Offer not found');
          const status = nextOfferStatus(offer.status as OfferStatus, 'book');
          if (!status) throw new AppError('conflict', interviewMessages.offerClosed);
          const slot = await repo.findOfferSlot(tx, offerId, slotId);
          if (!slot) throw fieldError('slotId', interviewMessages.notOffered);
          if (!isBookable(slot.startsAt, now())) {
            throw fieldError('slotId', interviewMessages.inThePast);
          }
          const interviewId = await repo.insertInterview(
            tx,
            {
              applicationId: offer.applicationId,
              offerId,
              slotId,
              uid: `${randomUUID()}@pathways`,
              startsAt: slot.startsAt,
              endsAt: slot.endsAt,
              placeKind: slot.placeKind,
              opportunityLocationId: slot.opportunityLocationId,
              address: slot.address,
              videoUrl: slot.videoUrl,
              createdById: actor.userId,
              at: now(),
            },
            slot.interviewers,
          );
          await repo.setOfferStatus(tx, offerId, status, now());
          await notifyParties(tx, interviewId, 'scheduled', actor.userId);
          return interviewId;
        }),
      );
      await afterChange(id, 'scheduled');
      return id;
    },

    /** One interview of the candidate's, as they see it. */
    async candidateInterview(actor: Actor, id: number) {
      const row = await repo.findInterview(db, id);
      if (!row || row.candidateId !== actor.userId) throw notFound('Interview not found');
      const all = await this.ofApplicationForCandidate(actor, row.applicationId);
      return all.interviews.find((i) => i.id === id)!;
    },

    /** The candidate cannot make the times offered and says which would suit. */
    async askOtherTimes(actor: Actor, offerId: number, message: string): Promise<Offer> {
      const offer = await db.transaction(async (tx) => {
        const row = await repo.lockOffer(tx, offerId);
        if (!row || row.candidateId !== actor.userId) throw notFound('Offer not found');
        const status = nextOfferStatus(row.status as OfferStatus, 'ask_other_times');
        if (!status) throw new AppError('conflict', interviewMessages.offerClosed);
        await repo.setOfferStatus(tx, offerId, status, now(), message);
        return row;
      });
      const loaded = await repo.loadOffers(db, [offer.applicationId]);
      const creatorId = loaded.offers.find((o) => o.id === offerId)?.createdById;
      const [candidate] = await repo.findUsers(db, [actor.userId]);
      const opportunity = await repo.findOpportunity(db, offer.opportunityId);
      if (creatorId && candidate && opportunity) {
        await notify(db, [
          {
            userId: creatorId,
            type: NOTIFICATION_TYPE,
            description: `${fullName(candidate, 'A candidate')} asks for other interview times for ${opportunity.name}`,
            path: paths.client.application(offer.opportunityId, offer.applicationId),
            at: now(),
          },
        ]);
        await jobs.enqueue(interviewQueues.otherTimesMail, { offerId });
      }
      return presentOffers(loaded).find((o) => o.id === offerId)!;
    },

    async cancelByCandidate(
      actor: Actor,
      id: number,
      input: z.output<typeof cancelBody>,
    ): Promise<void> {
      const row = await repo.findInterview(db, id);
      if (!row || row.candidateId !== actor.userId) throw notFound('Interview not found');
      await cancel(actor.userId, id, input.reason ?? null);
    },

    // ---- an outside interviewer's link ----

    async linkView(token: string): Promise<InterviewLinkView> {
      const { interviewer, row } = await openLink(db, token, now());
      const loaded = await repo.loadInterviews(db, [row.id]);
      const interview = loaded.interviews[0]!;
      const settings = await repo.findSettings(db, interview.opportunityId);
      const blind = settings?.blindReview ?? false;
      const [presented] = present(loaded, null);
      const cards = presented!.scorecards;
      const mine = cards.find((c) => c.interviewerId === interviewer.id) ?? null;
      const { candidate: _named, ...facts } = summary(interview);
      const profile = await guestProfileOfCandidate(db, interview.candidateId, { blind }, now());
      return {
        interview: facts,
        organization: interview.organizationName,
        interviewer: { name: interviewer.name ?? interviewer.email, email: interviewer.email },
        colleagues: presented!.interviewers
          .filter((i) => i.id !== interviewer.id)
          .map((i) => i.name),
        candidate: {
          name: blind ? null : (profile?.name ?? (fullName(interview, '') || null)),
          blind,
          profile,
        },
        criteria: settings?.criteria ?? [],
        scorecard: mine,
        others: mine ? cards.filter((c) => c.interviewerId !== interviewer.id) : [],
      };
    },

    /**
     * The interview as an iCalendar file for the outside interviewer's own calendar: the same
     * UID and sequence as their invitation, so it replaces that copy rather than doubling it.
     * Under blind review the candidate is not named in it.
     */
    async linkCalendar(token: string): Promise<string> {
      const { interviewer, row } = await openLink(db, token, now());
      const loaded = await repo.loadInterviews(db, [row.id]);
      const interview = loaded.interviews[0]!;
      const settings = await repo.findSettings(db, interview.opportunityId);
      const interviewers = loaded.interviewers.filter((i) => i.interviewId === row.id);
      const facts = mailFacts(interview, interviewers);
      if (settings?.blindReview) facts.candidate = BLIND_CANDIDATE;
      return calendarOf(deps, interview, facts, [
        { name: interviewer.name, email: interviewer.email },
      ]).content;
    },

    async linkScorecard(
      token: string,
      input: z.output<typeof scorecardBody>['scorecard'],
    ): Promise<InterviewLinkView> {
      const { interviewer, row } = await openLink(db, token, now());
      await saveScorecard(interviewer, input, row.opportunityId);
      return this.linkView(token);
    },
  };
}

/** The interviewer and interview a live link opens; a cancelled interview's link is dead. */
async function openLink(db: Db, token: string, at: Date) {
  const link = await openGuestLink(db, token, LINK_PURPOSE, at);
  const interviewer = await repo.findInterviewer(db, link.subjectId);
  const row = interviewer && (await repo.findInterview(db, interviewer.interviewId));
  if (!interviewer || !row || row.status !== 'scheduled') {
    throw linkClosed();
  }
  return { interviewer, row };
}
