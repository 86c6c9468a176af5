import { randomBytes } from 'node:crypto';

import type { WebhookData, WebhookEventType } from '@pathways/shared/webhooks/webhooks.events';
import { isClosed, type Moment } from '@pathways/shared/opportunities/windows';

import type { DbOrTx } from '../../db/client.ts';
import * as repo from './webhooks.repository.ts';

// The outbox. A feature that changes something an organization's systems hear about calls
// `emitWebhooks` with its open transaction and the ids of what changed: the messages and one
// delivery per subscribed endpoint are written in that transaction, so they exist exactly when
// the change does (never for a rolled-back one), and a worker sends them after the commit.

/** A Standard Webhooks message id: `msg_` and 24 random characters. */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** What an event of each type is about: the ids a feature passes. */
type SubjectOf = {
  'application.created': 'application';
  'application.moved': 'application';
  'application.regretted': 'application';
  'application.withdrawn': 'application';
  'candidate.invited': 'eligibility';
  'interview.booked': 'interview';
  'interview.changed': 'interview';
  'interview.cancelled': 'interview';
  'opportunity.published': 'opportunity';
};
export type EmittedType = keyof SubjectOf;

interface Built {
  organizationId: number;
  data: Record<string, unknown>;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

async function build(tx: DbOrTx, type: EmittedType, ids: number[]): Promise<Built[]> {
  switch (type) {
    case 'application.created':
    case 'application.moved':
    case 'application.regretted':
    case 'application.withdrawn': {
      const rows = await repo.applicationFacts(tx, ids);
      const previous =
        type === 'application.moved'
          ? await repo.phaseNames(
              tx,
              rows.flatMap((r) => (r.previousPhaseId === null ? [] : [Number(r.previousPhaseId)])),
            )
          : new Map<number, string>();
      return rows.map((r) => {
        const data: WebhookData<'application.created'> = {
          organizationId: r.organizationId,
          opportunityId: r.opportunityId,
          applicationId: r.applicationId,
          candidateId: r.candidateId,
          phase: r.phaseId === null ? null : { id: r.phaseId, name: r.phaseName ?? '' },
        };
        if (type !== 'application.moved') return { organizationId: r.organizationId, data };
        const from = r.previousPhaseId === null ? null : Number(r.previousPhaseId);
        return {
          organizationId: r.organizationId,
          data: {
            ...data,
            previousPhase: from === null ? null : { id: from, name: previous.get(from) ?? '' },
          },
        };
      });
    }
    case 'candidate.invited':
      return (await repo.eligibilityFacts(tx, ids)).map((r) => ({
        organizationId: r.organizationId,
        data: r satisfies WebhookData<'candidate.invited'>,
      }));
    case 'interview.booked':
    case 'interview.changed':
    case 'interview.cancelled':
      return (await repo.interviewFacts(tx, ids)).map((r) => ({
        organizationId: r.organizationId,
        data: {
          organizationId: r.organizationId,
          opportunityId: r.opportunityId,
          applicationId: r.applicationId,
          candidateId: r.candidateId,
          interviewId: r.interviewId,
          startsAt: r.startsAt.toISOString(),
          endsAt: r.endsAt.toISOString(),
          ...(type === 'interview.cancelled'
            ? { cancelledAt: iso(r.cancelledAt ?? new Date()) }
            : {}),
        },
      }));
    case 'opportunity.published':
      return (await repo.opportunityFacts(tx, ids)).map((r) => ({
        organizationId: r.organizationId,
        data: {
          organizationId: r.organizationId,
          opportunityId: r.opportunityId,
          publishedAt: iso(r.publishedAt),
          closesAt: iso(r.closesAt),
        },
      }));
  }
}

/** Writes one message and its deliveries, unless no endpoint of the organization wants it. */
export async function enqueueMessage(
  tx: DbOrTx,
  organizationId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
  endpointIds?: number[],
): Promise<number[]> {
  const to = endpointIds ?? (await repo.subscribedEndpoints(tx, organizationId, type));
  if (to.length === 0) return [];
  const payload = { type, timestamp: new Date().toISOString(), data };
  const messageId = await repo.insertMessage(tx, {
    messageId: newMessageId(),
    organizationId,
    type,
    payload,
  });
  return repo.insertDeliveries(tx, messageId, to);
}

/**
 * Tells the organizations' webhook endpoints about what changed, in the caller's transaction:
 * `subjects` (ids, or rows with an `id`) are applications (application.*), eligibilities (candidate.invited), interviews
 * (interview.*) or opportunities (opportunity.published). An organization without endpoints
 * costs one query.
 */
export async function emitWebhooks(
  tx: DbOrTx,
  type: EmittedType,
  subjects: readonly (number | { id: number })[],
): Promise<void> {
  if (subjects.length === 0) return;
  const ids = [...new Set(subjects.map((s) => (typeof s === 'number' ? s : s.id)))];
  const built = await build(tx, type, ids);
  const listening = await repo.organizationsWithEndpoints(tx, [
    ...new Set(built.map((b) => b.organizationId)),
  ]);
  for (const message of built) {
    if (listening.has(message.organizationId)) {
      await enqueueMessage(tx, message.organizationId, type, message.data);
    }
  }
}

/** The interview events of the invitation changes the interviews feature names. */
const interviewEvents = {
  scheduled: 'interview.booked',
  moved: 'interview.changed',
  cancelled: 'interview.cancelled',
} as const;

/** An interview was scheduled, moved or cancelled. */
export const emitInterviewWebhook = (
  tx: DbOrTx,
  interviewId: number,
  change: keyof typeof interviewEvents,
) => emitWebhooks(tx, interviewEvents[change], [interviewId]);

interface OpportunityState {
  publishedAt: Moment;
  closesAt: Moment;
}

/**
 * The events of a change a user made to an opportunity: `opportunity.published` when a draft
 * is published; `opportunity.closed` when a published one that was not closed is closed by it
 * (its closing moment set to now or before).
 */
export function opportunityChangeEvents(
  before: OpportunityState,
  after: OpportunityState,
  now: Date,
): ('opportunity.published' | 'opportunity.closed')[] {
  const events: ('opportunity.published' | 'opportunity.closed')[] = [];
  const published = (s: OpportunityState) => s.publishedAt !== null && s.publishedAt !== undefined;
  if (!published(before) && published(after)) events.push('opportunity.published');
  if (published(after) && !isClosed(before, now) && isClosed(after, now)) {
    events.push('opportunity.closed');
  }
  return events;
}

/**
 * Announces that an opportunity closed, once per closing moment; false when this closing was
 * announced already.
 */
export async function emitClosed(
  tx: DbOrTx,
  opportunityId: number,
  reason: 'closed' | 'closing_date_passed',
): Promise<boolean> {
  const [row] = await repo.opportunityFacts(tx, [opportunityId]);
  if (!row?.closesAt) return false;
  if (!(await repo.recordClosing(tx, opportunityId, row.closesAt))) return false;
  const listening = await repo.organizationsWithEndpoints(tx, [row.organizationId]);
  if (!listening.has(row.organizationId)) return true;
  const data: WebhookData<'opportunity.closed'> = {
    organizationId: row.organizationId,
    opportunityId,
    closesAt: row.closesAt.toISOString(),
    reason,
  };
  await enqueueMessage(tx, row.organizationId, 'opportunity.closed', data);
  return true;
}

/** Tells of a user's change to an opportunity (published, closed), in its transaction. */
export async function emitOpportunityChange(
  tx: DbOrTx,
  opportunityId: number,
  before: OpportunityState,
  after: OpportunityState,
  now: Date,
): Promise<void> {
  for (const event of opportunityChangeEvents(before, after, now)) {
    if (event === 'opportunity.published') await emitWebhooks(tx, event, [opportunityId]);
    else await emitClosed(tx, opportunityId, 'closed');
  }
}
