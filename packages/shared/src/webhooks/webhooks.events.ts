import { z } from 'zod';

// The events an organization's own systems are told about, each as a Standard Webhooks message:
// `{type, timestamp, data}`. Payloads are lean: ids and the few facts a receiver acts on. A
// candidate's personal data is never pushed; a receiver reads it through the API when it needs
// it and may.

const id = z.number().int().positive();
const moment = z.iso.datetime({ offset: true });

/** A phase of an opportunity's pipeline. */
const phase = z.object({ id, name: z.string() });

const applicationData = z.object({
  organizationId: id,
  opportunityId: id,
  applicationId: id,
  candidateId: id,
  /** The phase the application is in (null for an opportunity without phases). */
  phase: phase.nullable(),
});

const interviewData = z.object({
  organizationId: id,
  opportunityId: id,
  applicationId: id,
  candidateId: id,
  interviewId: id,
  startsAt: moment,
  endsAt: moment,
});

/** Each event's `data`, by its type. */
export const webhookEventData = {
  'application.created': applicationData,
  'application.moved': applicationData.extend({
    /** The phase it was moved from. */
    previousPhase: phase.nullable(),
  }),
  'application.regretted': applicationData,
  'application.withdrawn': applicationData,
  'candidate.invited': z.object({
    organizationId: id,
    opportunityId: id,
    candidateId: id,
  }),
  'interview.booked': interviewData,
  'interview.changed': interviewData,
  'interview.cancelled': interviewData.extend({ cancelledAt: moment }),
  'opportunity.published': z.object({
    organizationId: id,
    opportunityId: id,
    publishedAt: moment,
    closesAt: moment.nullable(),
  }),
  'opportunity.closed': z.object({
    organizationId: id,
    opportunityId: id,
    closesAt: moment,
    /** `closed`: a user of the organization closed it; `closing_date_passed`: its date came. */
    reason: z.enum(['closed', 'closing_date_passed']),
  }),
  /** Sent only by "Send test event", to the one endpoint it was asked for. */
  'webhook.test': z.object({ organizationId: id, endpointId: id }),
} as const;

export type WebhookEventType = keyof typeof webhookEventData;

/** The events an endpoint can subscribe to (the test event always reaches the endpoint asked). */
export const webhookEventTypes = [
  'application.created',
  'application.moved',
  'application.regretted',
  'application.withdrawn',
  'candidate.invited',
  'interview.booked',
  'interview.changed',
  'interview.cancelled',
  'opportunity.published',
  'opportunity.closed',
] as const satisfies readonly WebhookEventType[];
export type SubscribableEventType = (typeof webhookEventTypes)[number];

export const webhookEventType = z.enum(webhookEventTypes);

/** What each event means, for the documentation and the form's checkboxes. */
export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  'application.created': 'A candidate applied for an opportunity.',
  'application.moved': 'An application was moved to another phase of the pipeline.',
  'application.regretted': 'An application was regretted (not taken further).',
  'application.withdrawn': 'A candidate withdrew an application.',
  'candidate.invited': 'An eligible candidate was invited to apply.',
  'interview.booked': 'An interview was booked (by the candidate or fixed by a manager).',
  'interview.changed': 'An interview was moved to another time or place.',
  'interview.cancelled': 'An interview was cancelled.',
  'opportunity.published': 'An opportunity was published.',
  'opportunity.closed': 'An opportunity closed: closed by a user, or its closing date passed.',
  'webhook.test': 'A test message, sent on request.',
};

/** The message of one event type as it is sent: `{type, timestamp, data}`. */
export function webhookMessageSchema<T extends WebhookEventType>(type: T) {
  return z.object({
    type: z.literal(type),
    timestamp: moment,
    data: webhookEventData[type],
  });
}

export type WebhookData<T extends WebhookEventType> = z.infer<(typeof webhookEventData)[T]>;
export interface WebhookMessage<T extends WebhookEventType = WebhookEventType> {
  type: T;
  timestamp: string;
  data: WebhookData<T>;
}

const at = '2026-11-29T10:15:00.000Z';
const applicationExample = {
  organizationId: 12,
  opportunityId: 4211,
  applicationId: 90817,
  candidateId: 5530,
  phase: { id: 88, name: 'Interview' },
};
const interviewExample = {
  organizationId: 12,
  opportunityId: 4211,
  applicationId: 90817,
  candidateId: 5530,
  interviewId: 301,
  startsAt: '2026-12-03T09:00:00.000Z',
  endsAt: '2026-12-03T09:30:00.000Z',
};

/** An example message of each event, checked against its schema by a test. */
export const webhookExamples: { [T in WebhookEventType]: WebhookMessage<T> } = {
  'application.created': {
    type: 'application.created',
    timestamp: at,
    data: { ...applicationExample, phase: { id: 87, name: 'Applied' } },
  },
  'application.moved': {
    type: 'application.moved',
    timestamp: at,
    data: { ...applicationExample, previousPhase: { id: 87, name: 'Applied' } },
  },
  'application.regretted': {
    type: 'application.regretted',
    timestamp: at,
    data: applicationExample,
  },
  'application.withdrawn': {
    type: 'application.withdrawn',
    timestamp: at,
    data: applicationExample,
  },
  'candidate.invited': {
    type: 'candidate.invited',
    timestamp: at,
    data: { organizationId: 12, opportunityId: 4211, candidateId: 5530 },
  },
  'interview.booked': { type: 'interview.booked', timestamp: at, data: interviewExample },
  'interview.changed': { type: 'interview.changed', timestamp: at, data: interviewExample },
  'interview.cancelled': {
    type: 'interview.cancelled',
    timestamp: at,
    data: { ...interviewExample, cancelledAt: at },
  },
  'opportunity.published': {
    type: 'opportunity.published',
    timestamp: at,
    data: {
      organizationId: 12,
      opportunityId: 4211,
      publishedAt: at,
      closesAt: '2026-12-31T21:59:59.000Z',
    },
  },
  'opportunity.closed': {
    type: 'opportunity.closed',
    timestamp: at,
    data: {
      organizationId: 12,
      opportunityId: 4211,
      closesAt: '2026-12-31T21:59:59.000Z',
      reason: 'closing_date_passed',
    },
  },
  'webhook.test': {
    type: 'webhook.test',
    timestamp: at,
    data: { organizationId: 12, endpointId: 7 },
  },
};
