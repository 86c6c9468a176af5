import {
  averageRating,
  outsiderName,
  refusedIds,
  requestState,
  responderState,
  trackerRating,
} from '@pathways/shared/feedback/feedback.rules';
import {
  FEEDBACK_GUEST_LINK_DAYS,
  feedbackMessages,
  type ApplicationFeedback,
  type FeedbackLinkView,
  type FeedbackState,
  type FeedbackRequest,
  type FeedbackRequestList,
  type answerFeedbackBody,
  type createFeedbackRequestBody,
  type feedbackListQuery,
} from '@pathways/shared/feedback/feedback.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import type { z } from 'zod';

import type { DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { blindReviewOf } from '../interviews/index.ts';
import { notify, sendOptionalMails } from '../notifications/index.ts';
import { guestProfileOfCandidate } from '../profile/index.ts';
import type { Actor } from '../../plugins/access.ts';

import { feedbackGuestMail, feedbackRequestMail } from './feedback.mails.ts';
import * as repo from './feedback.repository.ts';
import {
  type ClientScope,
  clientScopeOf,
  issueGuestLink,
  linkClosed,
  managedOpportunity,
  openGuestLink,
  revokeGuestLinks,
} from '../../access/index.ts';

export type FeedbackDeps = FeatureDeps;

const SHARED_CANDIDATES_PATH = paths.client.sharedCandidates;
const FEEDBACK_REQUEST_NOTIFICATION_TYPE = 'feedback_request';
const LINK_PURPOSE = 'feedback' as const;
const DAY_MS = 24 * 3600_000;

const fullName = (row: { firstName: string | null; lastName: string | null; email: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;

/** Who gave an answer: a colleague, or someone outside ("Name (outside)"). */
const answerer = (r: {
  responderId: number | null;
  guestId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  guestEmail: string | null;
  guestName: string | null;
}) =>
  r.guestId !== null
    ? {
        id: null,
        name: outsiderName({ name: r.guestName, email: r.guestEmail ?? '' }),
        outside: true,
      }
    : { id: r.responderId, name: fullName({ ...r, email: r.email ?? '' }), outside: false };

/** The ids among `wanted` of applications of opportunities the client manages. */
async function manageableApplications(
  db: DbOrTx,
  scope: ClientScope,
  wanted: number[],
): Promise<number[]> {
  const rows = await repo.findApplicationOpportunities(db, scope.organizationId, wanted);
  const managed = new Map<number, boolean>();
  for (const opportunityId of new Set(rows.map((r) => r.opportunityId))) {
    try {
      await managedOpportunity(db, scope, opportunityId);
      managed.set(opportunityId, true);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
    }
  }
  return rows.filter((r) => managed.get(r.opportunityId)).map((r) => r.id);
}

async function present(db: DbOrTx, userId: number, ids: number[]): Promise<FeedbackRequest[]> {
  const loaded = await repo.loadRequests(db, ids);
  return ids.flatMap((id) => {
    const request = loaded.requests.find((r) => r.id === id);
    if (!request) return [];
    const role = request.requestedById === userId ? 'requester' : 'responder';
    const applications = loaded.applications.filter((a) => a.requestId === id);
    const applicationIds = applications.map((a) => a.id);
    const allResponses = loaded.responses.filter((r) => r.requestId === id);
    const responders = loaded.responders
      .filter((r) => r.requestId === id)
      .map((r) => ({
        id: r.id,
        name: fullName(r),
        state: responderState(
          applicationIds,
          allResponses.filter((x) => x.responderId === r.id).map((x) => x.applicationId),
        ),
      }));
    const guests = loaded.guests
      .filter((g) => g.requestId === id)
      .map((g) => ({
        id: g.id,
        email: g.email,
        name: g.name,
        answered:
          responderState(
            applicationIds,
            allResponses.filter((x) => x.guestId === g.id).map((x) => x.applicationId),
          ) === 'answered',
        revoked: g.revokedAt !== null,
      }));
    const mine = responders.find((r) => r.id === userId);
    // Someone outside whose link was withdrawn is no longer waited for.
    const state =
      role === 'requester' || !mine
        ? requestState([
            ...responders.map((r) => r.state),
            ...guests
              .filter((g) => !g.revoked)
              .map((g): FeedbackState => (g.answered ? 'answered' : 'open')),
          ])
        : mine.state;
    // A responder sees their own answers only; the requester sees everyone's.
    const responses =
      role === 'requester' ? allResponses : allResponses.filter((r) => r.responderId === userId);
    return [
      {
        id: request.id,
        message: request.message,
        createdAt: request.createdAt.toISOString(),
        requestedBy:
          request.requestedById !== null && request.email !== null
            ? {
                id: request.requestedById,
                name: fullName({ ...request, email: request.email }),
              }
            : null,
        role,
        state,
        responders: responders.map((r) => ({
          id: r.id,
          name: r.name,
          answered: r.state === 'answered',
        })),
        guests: role === 'requester' ? guests : [],
        applications: applications.map((a) => ({
          id: a.id,
          candidate: { firstName: a.firstName, lastName: a.lastName, avatarUrl: a.avatar },
          completion: a.completion,
          eligible: a.eligible,
          opportunity: { id: a.opportunityId, name: a.opportunityName },
        })),
        responses: responses.map((r) => ({
          applicationId: r.applicationId,
          responder: answerer(r),
          rating: r.rating,
          comment: r.comment,
          answeredAt: r.updatedAt.toISOString(),
        })),
      },
    ];
  });
}

/**
 * Colleagues' answers on one application, for its page. The caller has already been allowed to
 * see the application; only answers given within the caller's organization count.
 */
export async function applicationFeedbackOf(
  db: DbOrTx,
  organizationId: number,
  applicationId: number,
): Promise<ApplicationFeedback> {
  const rows = await repo.listApplicationResponses(db, organizationId, applicationId);
  return {
    items: rows.map((r) => ({
      responder: answerer(r),
      rating: r.rating,
      comment: r.comment,
      answeredAt: r.updatedAt.toISOString(),
    })),
    averageRating: averageRating(rows.map((r) => r.rating)),
  };
}

/**
 * The rating each application shows in the tracker: the manager's own when given, else the
 * colleagues' ratings within the organization, averaged to whole stars (`trackerRating`).
 */
export async function shownRatingsOf(
  db: DbOrTx,
  organizationId: number,
  applications: readonly { id: number; applicationRating: number | null }[],
): Promise<Map<number, number | null>> {
  const unrated = applications.filter((a) => a.applicationRating === null).map((a) => a.id);
  const rows = await repo.listApplicationRatings(db, organizationId, unrated);
  const byApplication = new Map<number, (number | null)[]>();
  for (const r of rows) {
    const list = byApplication.get(r.applicationId);
    if (list) list.push(r.rating);
    else byApplication.set(r.applicationId, [r.rating]);
  }
  return new Map(
    applications.map((a) => [
      a.id,
      trackerRating(a.applicationRating, byApplication.get(a.id) ?? []),
    ]),
  );
}

/**
 * "Shared With Me": a client shares applicants of workspaces they manage with active colleagues
 * of their organization and asks their opinion. A responder sees only what was shared with them
 * (a compact summary, never documents), even when they manage no workspace; any other request
 * answers 404.
 */
export function createFeedbackService(deps: FeedbackDeps) {
  const { db, now } = deps;

  /** The guest a live link opens; withdrawn, or its request closed, it opens nothing. */
  async function openLink(token: string, at: Date) {
    const link = await openGuestLink(db, token, LINK_PURPOSE, at);
    const guest = await repo.findGuest(db, link.subjectId);
    if (!guest || guest.revokedAt !== null || guest.closedAt !== null) throw linkClosed();
    return guest;
  }

  async function visible(scope: ClientScope, id: number) {
    const row = await repo.findVisibleRequest(db, scope.userId, scope.organizationId, id);
    if (!row) throw notFound('Feedback request not found');
    return row;
  }

  /** The request the caller asked; a colleague only asked in it may look but not change it. */
  async function requested(scope: ClientScope, id: number) {
    const row = await visible(scope, id);
    if (row.requestedById !== scope.userId) {
      throw new AppError('forbidden', feedbackMessages.onlyRequester);
    }
    return row;
  }

  /** A link of their own for someone outside, working for FEEDBACK_GUEST_LINK_DAYS days. */
  async function issueLink(
    tx: DbOrTx,
    guest: { id: number; email: string; name: string | null },
    at: Date,
  ) {
    const token = await issueGuestLink(tx, {
      purpose: LINK_PURPOSE,
      subjectId: guest.id,
      email: guest.email,
      expiresAt: new Date(at.getTime() + FEEDBACK_GUEST_LINK_DAYS * DAY_MS),
      at,
    });
    return { ...guest, token };
  }

  /** E-mails each person outside their link; sent after the transaction commits. */
  async function mailLinks(
    links: { email: string; name: string | null; token: string }[],
    request: { organizationId: number; requester: string; count: number; message: string | null },
  ) {
    if (links.length === 0) return;
    const organization = await repo.findOrganizationName(db, request.organizationId);
    for (const link of links) {
      const mail = feedbackGuestMail(link.email, {
        name: link.name,
        requester: request.requester,
        organization,
        count: request.count,
        message: request.message,
        url: `${deps.config.appUrl}${paths.feedbackLink(link.token)}`,
        days: FEEDBACK_GUEST_LINK_DAYS,
      });
      try {
        await deps.mailer.send(mail);
      } catch (error) {
        // The request stands; the requester sees who is still waited for and may ask again.
        deps.log.error({ err: error, to: mail.to }, 'e-mail delivery failed');
      }
    }
  }

  return {
    async create(
      actor: Actor,
      input: z.output<typeof createFeedbackRequestBody>,
    ): Promise<FeedbackRequest> {
      const scope = await clientScopeOf(db, actor);
      if (input.responders.includes(scope.userId)) {
        throw fieldError('responders', feedbackMessages.notRequester);
      }
      const colleagues = await repo.findActiveColleagues(
        db,
        scope.organizationId,
        input.responders,
        scope.userId,
      );
      const strangers = refusedIds(
        input.responders,
        colleagues.map((c) => c.id),
      );
      if (strangers.length > 0) {
        throw fieldError('responders', feedbackMessages.notResponders(strangers));
      }
      const allowed = await manageableApplications(db, scope, input.opportunityApplications);
      const refused = refusedIds(input.opportunityApplications, allowed);
      if (refused.length > 0) {
        throw fieldError('opportunityApplications', feedbackMessages.notVisible(refused));
      }
      const requester = await repo.findUserName(db, scope.userId);
      if (requester && input.guests.some((g) => g.email === requester.email.toLowerCase())) {
        throw fieldError('guests', feedbackMessages.guestIsRequester);
      }
      // A colleague answers with their account, not through a link.
      const known = await repo.findActiveColleaguesByEmail(
        db,
        scope.organizationId,
        input.guests.map((g) => g.email),
        scope.userId,
      );
      const byEmail = new Map(known.map((c) => [c.email.toLowerCase(), c]));
      const index = input.guests.findIndex((g) => byEmail.has(g.email));
      if (index >= 0) {
        const colleague = byEmail.get(input.guests[index]!.email)!;
        throw fieldError(
          `guests.${index}.email`,
          feedbackMessages.guestIsColleague(fullName(colleague)),
        );
      }
      const requesterName = requester ? fullName(requester) : 'A colleague';
      const at = now();
      const count = input.opportunityApplications.length;
      const { id, links } = await db.transaction(async (tx) => {
        const inserted = await repo.insertRequest(tx, {
          organizationId: scope.organizationId,
          requestedById: scope.userId,
          message: input.message ?? null,
          applicationIds: input.opportunityApplications,
          responderIds: colleagues.map((c) => c.id),
          guests: input.guests.map((g) => ({ email: g.email, name: g.name ?? null })),
          at,
        });
        const requestId = inserted.id;
        // Each person outside gets a link of their own, its token only in their e-mail.
        const issued = [];
        for (const guest of inserted.guests) issued.push(await issueLink(tx, guest, at));
        await notify(
          tx,
          colleagues.map((c) => ({
            userId: c.id,
            type: FEEDBACK_REQUEST_NOTIFICATION_TYPE,
            description: `${requesterName} would like your opinion on ${count === 1 ? '1 applicant' : `${count} applicants`}`,
            path: SHARED_CANDIDATES_PATH,
            at,
          })),
        );
        return { id: requestId, links: issued };
      });
      // Mail goes out after the transaction commits; a failed delivery is logged, never lost data.
      const url = `${deps.config.appUrl}${SHARED_CANDIDATES_PATH}`;
      await sendOptionalMails(
        deps,
        'feedback_request',
        colleagues.map((c) => ({
          userId: c.id,
          mail: feedbackRequestMail(c.email, {
            firstName: c.firstName,
            requester: requesterName,
            count,
            url,
          }),
        })),
      );
      await mailLinks(links, {
        organizationId: scope.organizationId,
        requester: requesterName,
        count,
        message: input.message ?? null,
      });
      const [created] = await present(db, scope.userId, [id]);
      return created!;
    },

    /**
     * The requester withdraws the link of someone outside: it opens nothing any more and the
     * request no longer waits for them; answers they gave stay.
     */
    async revokeGuest(actor: Actor, id: number, guestId: number): Promise<FeedbackRequest> {
      const scope = await clientScopeOf(db, actor);
      const row = await requested(scope, id);
      const at = now();
      await db.transaction(async (tx) => {
        if (!(await repo.revokeGuest(tx, row.id, guestId, at))) {
          throw notFound(feedbackMessages.guestNotFound);
        }
        await revokeGuestLinks(tx, LINK_PURPOSE, [guestId], at);
      });
      const [request] = await present(db, scope.userId, [row.id]);
      return request!;
    },

    /**
     * The requester sends someone outside a new link, by the same e-mail as the first: their
     * earlier links open nothing any more, and a withdrawn guest is waited for again.
     */
    async resendGuestLink(actor: Actor, id: number, guestId: number): Promise<FeedbackRequest> {
      const scope = await clientScopeOf(db, actor);
      const row = await requested(scope, id);
      const at = now();
      const link = await db.transaction(async (tx) => {
        const guest = await repo.restoreGuest(tx, row.id, guestId);
        if (!guest) throw notFound(feedbackMessages.guestNotFound);
        await revokeGuestLinks(tx, LINK_PURPOSE, [guestId], at);
        return issueLink(tx, guest, at);
      });
      const requester = await repo.findUserName(db, scope.userId);
      const count = (await repo.findSharedApplicationIds(db, row.id)).length;
      await mailLinks([link], {
        organizationId: scope.organizationId,
        requester: requester ? fullName(requester) : 'A colleague',
        count,
        message: row.message,
      });
      const [request] = await present(db, scope.userId, [row.id]);
      return request!;
    },

    /** What someone outside sees through their link: the applicants as blind review allows. */
    async linkView(token: string): Promise<FeedbackLinkView> {
      const at = now();
      const guest = await openLink(token, at);
      const loaded = await repo.loadRequests(db, [guest.requestId]);
      const request = loaded.requests[0]!;
      const blindness = new Map<number, boolean>();
      const applications = [];
      for (const a of loaded.applications) {
        let blind = blindness.get(a.opportunityId);
        if (blind === undefined) {
          blind = await blindReviewOf(db, a.opportunityId);
          blindness.set(a.opportunityId, blind);
        }
        const profile = await guestProfileOfCandidate(db, a.candidateId, { blind }, at);
        const named = [a.firstName, a.lastName].filter(Boolean).join(' ') || null;
        applications.push({
          id: a.id,
          opportunity: { id: a.opportunityId, name: a.opportunityName },
          candidate: { name: blind ? null : (profile?.name ?? named), blind, profile },
        });
      }
      const mine = loaded.responses.filter((r) => r.guestId === guest.id);
      return {
        organization: guest.organizationName,
        requestedBy:
          request.requestedById !== null && request.email !== null
            ? fullName({ ...request, email: request.email })
            : null,
        message: request.message,
        createdAt: request.createdAt.toISOString(),
        guest: { email: guest.email, name: guest.name },
        state: responderState(
          applications.map((a) => a.id),
          mine.map((r) => r.applicationId),
        ),
        applications,
        responses: mine.map((r) => ({
          applicationId: r.applicationId,
          rating: r.rating,
          comment: r.comment,
          answeredAt: r.updatedAt.toISOString(),
        })),
      };
    },

    /** The answers of someone outside, by the same rules as a colleague's. */
    async linkAnswer(
      token: string,
      input: z.output<typeof answerFeedbackBody>,
    ): Promise<FeedbackLinkView> {
      const at = now();
      const guest = await openLink(token, at);
      const shared = await repo.findSharedApplicationIds(db, guest.requestId);
      const refused = refusedIds(
        input.responses.map((r) => r.applicationId),
        shared,
      );
      if (refused.length > 0) {
        throw fieldError('responses', feedbackMessages.notShared(refused));
      }
      await db.transaction((tx) =>
        repo.upsertResponses(
          tx,
          { guestId: guest.id },
          input.responses.map((r) => ({
            feedbackRequestId: guest.requestId,
            applicationId: r.applicationId,
            rating: r.rating ?? null,
            comment: r.comment ?? null,
            at,
          })),
        ),
      );
      return this.linkView(token);
    },

    async list(
      actor: Actor,
      query: z.output<typeof feedbackListQuery>,
    ): Promise<FeedbackRequestList> {
      const scope = await clientScopeOf(db, actor);
      const { ids, total } = await repo.listRequestIds(db, scope.userId, scope.organizationId, {
        scope: query.scope,
        state: query.state,
        limit: query.per,
        offset: (query.page - 1) * query.per,
      });
      return {
        items: await present(db, scope.userId, ids),
        page: query.page,
        per: query.per,
        total,
      };
    },

    async show(actor: Actor, id: number): Promise<FeedbackRequest> {
      const scope = await clientScopeOf(db, actor);
      const row = await visible(scope, id);
      const [request] = await present(db, scope.userId, [row.id]);
      return request!;
    },

    /** A responder's answers; answering an applicant again replaces the earlier answer. */
    async answer(
      actor: Actor,
      id: number,
      input: z.output<typeof answerFeedbackBody>,
    ): Promise<FeedbackRequest> {
      const scope = await clientScopeOf(db, actor);
      const row = await visible(scope, id);
      if (!(await repo.isResponder(db, row.id, scope.userId))) {
        throw new AppError('forbidden', feedbackMessages.onlyResponders);
      }
      const shared = await repo.findSharedApplicationIds(db, row.id);
      const refused = refusedIds(
        input.responses.map((r) => r.applicationId),
        shared,
      );
      if (refused.length > 0) {
        throw fieldError('responses', feedbackMessages.notShared(refused));
      }
      const at = now();
      await db.transaction((tx) =>
        repo.upsertResponses(
          tx,
          { userId: scope.userId },
          input.responses.map((r) => ({
            feedbackRequestId: row.id,
            applicationId: r.applicationId,
            rating: r.rating ?? null,
            comment: r.comment ?? null,
            at,
          })),
        ),
      );
      const [request] = await present(db, scope.userId, [row.id]);
      return request!;
    },
  };
}
