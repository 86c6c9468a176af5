import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  webhookDeliveriesQuery,
  webhookDeliveryList,
  webhookDeliveryParams,
  webhookDeliveryResponse,
  webhookEndpointList,
  webhookEndpointParams,
  webhookEndpointResponse,
  webhookEndpointWithSecretResponse,
} from '@pathways/shared/webhooks/webhooks.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access.ts';
import { createWebhooksService, type WebhooksDeps } from './webhooks.service.ts';

const tags = ['webhooks'];
const config = { access: 'client' } as const;
const base = '/api/client/webhook_endpoints';

/** An organization's webhook endpoints: primary users only. */
export async function webhooksRoutes(fastify: FastifyInstance, deps: WebhooksDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const webhooks = createWebhooksService(deps);

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: "My organization's webhook endpoints (primary users only)",
        response: { 200: webhookEndpointList },
      },
    },
    async (request) => webhooks.list(actorOf(request)),
  );

  app.post(
    base,
    {
      config,
      schema: {
        tags,
        summary: 'Register a webhook endpoint; answers its signing secret, shown this once',
        description:
          'The address must be https:// and reach a public network address (a private, loopback, link-local, unique-local, carrier-grade NAT, multicast or reserved one is refused with 422 on `url`), unless the server allows private addresses (WEBHOOKS_ALLOW_PRIVATE_URLS). `events` null subscribes to every event. Every message is signed as Standard Webhooks says: headers `webhook-id`, `webhook-timestamp` and `webhook-signature`; see the `webhooks` section of this document for the events.',
        body: createWebhookEndpointBody,
        response: { 201: webhookEndpointWithSecretResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.create(actorOf(request), request.body.endpoint)),
  );

  app.patch(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary:
          'Change a webhook endpoint: its address, description, events, or enable/disable it',
        params: webhookEndpointParams,
        body: updateWebhookEndpointBody,
        response: { 200: webhookEndpointResponse },
      },
    },
    async (request) => webhooks.update(actorOf(request), request.params.id, request.body.endpoint),
  );

  app.delete(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its deliveries log',
        params: webhookEndpointParams,
      },
    },
    async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/:id/rotate_secret`,
    {
      config,
      schema: {
        tags,
        summary:
          'A new signing secret, shown this once; the previous one keeps signing for 24 hours',
        params: webhookEndpointParams,
        response: { 200: webhookEndpointWithSecretResponse },
      },
    },
    async (request) => webhooks.rotate(actorOf(request), request.params.id),
  );

  app.get(
    `${base}/:id/deliveries`,
    {
      config,
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first, each with its attempts",
        params: webhookEndpointParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveryList },
      },
    },
    async (request) => webhooks.deliveries(actorOf(request), request.params.id, request.query),
  );

  app.post(
    `${base}/:id/deliveries/:deliveryId/replay`,
    {
      config,
      schema: {
        tags,
        summary:
          'Send a message again, with the same webhook-id and body, and a new round of retries',
        params: webhookDeliveryParams,
        response: { 202: webhookDeliveryResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await webhooks.replay(actorOf(request), request.params.id, request.params.deliveryId),
        ),
  );

  app.post(
    `${base}/:id/test`,
    {
      config,
      schema: {
        tags,
        summary: 'Send a `webhook.test` message to this endpoint',
        params: webhookEndpointParams,
        response: { 202: webhookDeliveryResponse },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await webhooks.sendTest(actorOf(request), request.params.id)),
  );
}
