import { z } from 'zod';

import { idParam } from '../applications/applications.schemas.ts';
import { text } from '../common/text.ts';
import { webhookEventType } from './webhooks.events.ts';

/** Messages of the webhooks section, the same in the browser and from the API. */
export const webhookMessages = {
  url: 'Enter the full address, e.g. https://hr.example.com/pathways/webhooks',
  urlTooLong: 'Must be at most 2000 characters',
  https: 'Must be an https:// address',
  credentials: 'Must not contain a user name or password',
  privateAddress:
    'This address leads to a private, local or reserved network; use an address the internet can reach',
  unknownHost: 'This host name could not be found',
  events: 'Choose at least one event, or all events',
  descriptionTooLong: 'Must be at most 500 characters',
  nothingToChange: 'Nothing to change',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  replayDisabled: 'Enable the endpoint before replaying a message to it',
  testDisabled: 'Enable the endpoint before sending it a test event',
} as const;

const url = text()
  .trim()
  .max(2000, { error: webhookMessages.urlTooLong })
  .refine(
    (value) => {
      try {
        const parsed = new URL(value);
        return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !!parsed.hostname;
      } catch {
        return false;
      }
    },
    { error: webhookMessages.url },
  );

const description = text().trim().max(500, { error: webhookMessages.descriptionTooLong });

/** null: every event, including those added later. */
const events = z.array(webhookEventType).min(1, { error: webhookMessages.events }).nullable();

/** The fields of the "Add endpoint" form. */
export const newWebhookEndpoint = z.object({
  url,
  description: description.default(''),
  events: events.default(null),
  enabled: z.boolean().default(true),
});
export type NewWebhookEndpoint = z.input<typeof newWebhookEndpoint>;

export const createWebhookEndpointBody = z.object({ endpoint: newWebhookEndpoint });

/** PATCH: any of the fields; at least one. */
export const webhookEndpointChanges = z
  .object({
    url: url.optional(),
    description: description.optional(),
    events: events.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: webhookMessages.nothingToChange,
  });
export const updateWebhookEndpointBody = z.object({ endpoint: webhookEndpointChanges });

const moment = z.iso.datetime({ offset: true });

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  /** null: every event. */
  events: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  /** `failing`: the product disabled it after messages kept failing; null otherwise. */
  disabledReason: z.enum(['failing']).nullable(),
  disabledAt: moment.nullable(),
  /** Until when the secret before the last rotation still signs, if it does. */
  previousSecretExpiresAt: moment.nullable(),
  createdAt: moment,
  updatedAt: moment,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointResponse = z.object({ endpoint: webhookEndpoint });

/** On creation and rotation only: the signing secret, `whsec_` and base64. */
export const webhookEndpointWithSecretResponse = z.object({
  endpoint: webhookEndpoint,
  secret: z.string(),
});

export const webhookEndpointList = z.object({ items: z.array(webhookEndpoint) });

export const webhookDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(20),
});

export const webhookAttempt = z.object({
  attemptedAt: moment,
  /** null: no answer came (timeout, connection refused, address refused). */
  statusCode: z.number().int().nullable(),
  responseMs: z.number().int(),
  error: z.string().nullable(),
  /** The start of the answer's body, at most 1 KB. */
  responseBody: z.string().nullable(),
  manual: z.boolean(),
});

export const webhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header of the message: the same on every attempt and on a replay. */
  messageId: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** Attempts in the current round (a replay starts a new one). */
  attempts: z.number().int(),
  nextAttemptAt: moment.nullable(),
  createdAt: moment,
  payload: z.record(z.string(), z.unknown()),
  /** Newest first, at most 20. */
  attemptLog: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryList = z.object({
  items: z.array(webhookDelivery),
  page: z.number().int(),
  per: z.number().int(),
  total: z.number().int(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

export const webhookDeliveryResponse = z.object({ delivery: webhookDelivery });

export { idParam as webhookEndpointParams };
export const webhookDeliveryParams = idParam.extend({ deliveryId: idParam.shape.id });
