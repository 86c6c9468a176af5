import {
  webhookEventData,
  webhookEventDescriptions,
  webhookExamples,
  webhookMessageSchema,
  type WebhookEventType,
} from '@pathways/shared/webhooks/webhooks.events';
import { z } from 'zod';

// The `webhooks` section of the OpenAPI 3.1 document: each event as the POST a receiver gets,
// its body generated from the shared schema, with an example and the signature headers.

const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'The message id (`msg_…`): the same on every retry and on a replay, so a receiver can ignore a message it has already handled.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was signed, in seconds since the Unix epoch. Refuse messages more than 5 minutes old or ahead.',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64-decoded part of the endpoint secret after `whsec_`. Two appear for 24 hours after the secret is rotated; one valid signature is enough.',
    schema: { type: 'string' },
  },
];

export function webhooksOpenApi(): Record<string, unknown> {
  const types = Object.keys(webhookEventData) as WebhookEventType[];
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        post: {
          tags: ['webhooks'],
          summary: webhookEventDescriptions[type],
          operationId: `webhook-${type}`,
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: withoutDialect(
                  z.toJSONSchema(webhookMessageSchema(type), { io: 'output' }),
                ),
                example: webhookExamples[type],
              },
            },
          },
          responses: {
            '2XX': { description: 'Received. Any other answer, or none within 15 s, is retried.' },
          },
        },
      },
    ]),
  );
}

/** The document states its dialect once; a schema inside it does not repeat it. */
function withoutDialect(schema: Record<string, unknown>) {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
