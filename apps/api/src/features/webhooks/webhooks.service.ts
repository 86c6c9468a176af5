import { PREVIOUS_SECRET_VALID_MS } from '@pathways/shared/webhooks/webhooks.rules';
import {
  webhookMessages as m,
  type newWebhookEndpoint,
  type webhookEndpointChanges,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
} from '@pathways/shared/webhooks/webhooks.schemas';
import type { z } from 'zod';

import { clientScopeOf, requirePrimary, type ClientScope } from '../../access/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { Actor } from '../../plugins/access.ts';
import { RefusedAddressError, resolveAllowed } from './addresses.ts';
import { webhookQueues, type DeliverJob, type DeliveryDeps } from './webhooks.delivery.ts';
import { enqueueMessage } from './webhooks.outbox.ts';
import * as repo from './webhooks.repository.ts';
import { newSecret } from './webhooks.sender.ts';

export interface WebhooksDeps extends DeliveryDeps {
  jobs: Jobs;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const ATTEMPTS_SHOWN = 20;

function toEndpoint(row: repo.EndpointRow, now: Date): WebhookEndpoint {
  const previousValid =
    row.previousSecret !== null &&
    row.previousSecretExpiresAt !== null &&
    row.previousSecretExpiresAt.getTime() > now.getTime();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'failing' ? 'failing' : null,
    disabledAt: iso(row.disabledAt),
    previousSecretExpiresAt: previousValid ? iso(row.previousSecretExpiresAt) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The webhook endpoints of an organization, their deliveries, replays and test events. Only
 * its primary users manage them; another organization's endpoint is not found.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { db, now, config } = deps;

  async function primaryScope(actor: Actor): Promise<ClientScope> {
    const scope = await clientScopeOf(db, actor);
    requirePrimary(scope, 'manage webhooks');
    return scope;
  }

  async function endpointOf(db: DbOrTx, scope: ClientScope, id: number, lock = false) {
    const row = await repo.findEndpoint(db, scope.organizationId, id, lock);
    if (!row) throw notFound(m.endpointNotFound);
    return row;
  }

  /** Refuses an address the product will not send to (422 on `url`). */
  async function checkUrl(text: string): Promise<string> {
    const url = new URL(text);
    const allowPrivate = config.webhooks.allowPrivateUrls;
    if (url.protocol !== 'https:' && !allowPrivate) throw fieldError('url', m.https);
    if (url.username || url.password) throw fieldError('url', m.credentials);
    try {
      await resolveAllowed(url.hostname, allowPrivate);
    } catch (error) {
      if (error instanceof RefusedAddressError) {
        throw fieldError('url', error.reason === 'private' ? m.privateAddress : m.unknownHost);
      }
      throw error;
    }
    return url.toString();
  }

  /** Queues an attempt of a delivery asked for by a user, with the same `webhook-id`. */
  async function attemptNow(deliveryId: number) {
    const job: DeliverJob = { deliveryId, attempts: 0, manual: true };
    await deps.jobs.enqueue(webhookQueues.deliver, job);
  }

  async function deliveriesOf(ids: number[]): Promise<WebhookDelivery[]> {
    const [rows, attempts] = await Promise.all([
      repo.findDeliveriesByIds(db, ids),
      repo.attemptsOf(db, ids, ATTEMPTS_SHOWN),
    ]);
    const byId = new Map(rows.map((r) => [r.delivery.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const { delivery, message } = row;
      return [
        {
          id: delivery.id,
          messageId: message.messageId,
          type: message.type,
          status: delivery.status as WebhookDelivery['status'],
          attempts: delivery.attempts,
          nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
          createdAt: delivery.createdAt.toISOString(),
          payload: message.payload,
          attemptLog: attempts
            .filter((a) => a.deliveryId === id)
            .map((a) => ({
              attemptedAt: a.attemptedAt.toISOString(),
              statusCode: a.statusCode,
              responseMs: a.responseMs,
              error: a.error,
              responseBody: a.responseBody,
              manual: a.manual,
            })),
        },
      ];
    });
  }

  return {
    async list(actor: Actor): Promise<{ items: WebhookEndpoint[] }> {
      const scope = await primaryScope(actor);
      const rows = await repo.listEndpoints(db, scope.organizationId);
      return { items: rows.map((r) => toEndpoint(r, now())) };
    },

    async create(actor: Actor, input: z.output<typeof newWebhookEndpoint>) {
      const scope = await primaryScope(actor);
      const url = await checkUrl(input.url);
      const secret = newSecret();
      const row = await db.transaction((tx) =>
        repo.insertEndpoint(tx, {
          organizationId: scope.organizationId,
          url,
          description: input.description,
          events: input.events,
          enabled: input.enabled,
          secret,
        }),
      );
      return { endpoint: toEndpoint(row, now()), secret };
    },

    async update(actor: Actor, id: number, input: z.output<typeof webhookEndpointChanges>) {
      const scope = await primaryScope(actor);
      const url = input.url === undefined ? undefined : await checkUrl(input.url);
      const row = await db.transaction(async (tx) => {
        const current = await endpointOf(tx, scope, id, true);
        const values: repo.EndpointValues = {};
        if (url !== undefined) values.url = url;
        if (input.description !== undefined) values.description = input.description;
        if (input.events !== undefined) values.events = input.events;
        if (input.enabled !== undefined && input.enabled !== current.enabled) {
          values.enabled = input.enabled;
          values.disabledReason = null;
          values.disabledAt = input.enabled ? null : now();
          // Enabled again: its count of failed messages starts over.
          if (input.enabled) values.exhaustedInARow = 0;
        }
        return Object.keys(values).length === 0
          ? current
          : repo.updateEndpoint(tx, current.id, values);
      });
      return { endpoint: toEndpoint(row, now()) };
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const scope = await primaryScope(actor);
      if (!(await repo.deleteEndpoint(db, scope.organizationId, id))) {
        throw notFound(m.endpointNotFound);
      }
    },

    /** A new secret; the one before keeps signing beside it for 24 hours. */
    async rotate(actor: Actor, id: number) {
      const scope = await primaryScope(actor);
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        const current = await endpointOf(tx, scope, id, true);
        return repo.updateEndpoint(tx, current.id, {
          secret,
          previousSecret: current.secret,
          previousSecretExpiresAt: new Date(now().getTime() + PREVIOUS_SECRET_VALID_MS),
        });
      });
      return { endpoint: toEndpoint(row, now()), secret };
    },

    async deliveries(
      actor: Actor,
      id: number,
      query: { page: number; per: number },
    ): Promise<WebhookDeliveryList> {
      const scope = await primaryScope(actor);
      const endpoint = await endpointOf(db, scope, id);
      const { rows, total } = await repo.listDeliveries(db, endpoint.id, query);
      return {
        items: await deliveriesOf(rows.map((r) => r.delivery.id)),
        page: query.page,
        per: query.per,
        total,
      };
    },

    /** Sends a message again as it was (same `webhook-id` and body), with a fresh retry round. */
    async replay(actor: Actor, id: number, deliveryId: number) {
      const scope = await primaryScope(actor);
      await db.transaction(async (tx) => {
        const endpoint = await endpointOf(tx, scope, id, true);
        const found = await repo.findDeliveryOfEndpoint(tx, endpoint.id, deliveryId);
        if (!found) throw notFound(m.deliveryNotFound);
        if (!endpoint.enabled) throw new AppError('conflict', m.replayDisabled);
        await repo.lockDelivery(tx, found.id);
        await repo.updateDelivery(tx, found.id, {
          status: 'pending',
          attempts: 0,
          nextAttemptAt: null,
          leasedUntil: new Date(now().getTime() + config.webhooks.timeoutMs + 60_000),
        });
      });
      await attemptNow(deliveryId);
      const [delivery] = await deliveriesOf([deliveryId]);
      return { delivery: delivery! };
    },

    /** A `webhook.test` message to this endpoint alone. */
    async sendTest(actor: Actor, id: number) {
      const scope = await primaryScope(actor);
      const deliveryId = await db.transaction(async (tx) => {
        const endpoint = await endpointOf(tx, scope, id);
        if (!endpoint.enabled) throw new AppError('conflict', m.testDisabled);
        const [created] = await enqueueMessage(
          tx,
          scope.organizationId,
          'webhook.test',
          { organizationId: scope.organizationId, endpointId: endpoint.id },
          [endpoint.id],
        );
        await repo.updateDelivery(tx, created!, {
          leasedUntil: new Date(now().getTime() + config.webhooks.timeoutMs + 60_000),
        });
        return created!;
      });
      await attemptNow(deliveryId);
      const [delivery] = await deliveriesOf([deliveryId]);
      return { delivery: delivery! };
    },
  };
}
