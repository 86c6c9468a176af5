import { isDelivered, retryDelayMs, shouldDisable } from '@pathways/shared/webhooks/webhooks.rules';

import type { FeatureDeps } from '../../lib/deps.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { endpointDisabledMail } from './webhooks.mails.ts';
import * as repo from './webhooks.repository.ts';
import { sendSigned, type AttemptOutcome } from './webhooks.sender.ts';

// Delivering the outbox. A working process looks for due deliveries every WEBHOOKS_POLL_MS,
// leases them and queues one job per attempt; the job sends, records the attempt and either
// marks the delivery delivered, schedules its next retry, or marks it failed when the schedule
// is used up. An endpoint whose messages fail in a row WEBHOOKS_DISABLE_AFTER times is
// disabled and its organization's primary users are told by e-mail.

export const webhookQueues = {
  deliver: 'webhooks.deliver',
  closings: 'webhooks.closings',
} as const;

export interface DeliverJob {
  deliveryId: number;
  /** The attempts made before this one: a stale job (the delivery moved on) does nothing. */
  attempts: number;
  manual?: boolean;
}

export type DeliveryDeps = Pick<FeatureDeps, 'db' | 'config' | 'mailer' | 'now' | 'log'>;

/** How long a leased delivery is left to its worker before another may take it. */
const leaseMs = (deps: DeliveryDeps) => deps.config.webhooks.timeoutMs + 60_000;

/** The secrets that sign now: the current one, and the previous one until it expires. */
export function signingSecrets(
  endpoint: Pick<repo.EndpointRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now: Date,
): string[] {
  const previous =
    endpoint.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt.getTime() > now.getTime()
      ? [endpoint.previousSecret]
      : [];
  return [endpoint.secret, ...previous];
}

/** One attempt of a delivery, recorded with its outcome. */
export async function attemptDelivery(deps: DeliveryDeps, job: DeliverJob): Promise<void> {
  const { db, config } = deps;
  const found = await repo.findDelivery(db, job.deliveryId);
  // A disabled endpoint's messages wait until it is enabled again.
  if (
    !found ||
    !found.endpoint.enabled ||
    found.delivery.status !== 'pending' ||
    found.delivery.attempts !== job.attempts
  ) {
    return;
  }
  const { delivery, message, endpoint } = found;
  const startedAt = deps.now();
  const outcome: AttemptOutcome = await sendSigned({
    url: endpoint.url,
    messageId: message.messageId,
    body: JSON.stringify(message.payload),
    secrets: signingSecrets(endpoint, deps.now()),
    timeoutMs: config.webhooks.timeoutMs,
    allowPrivate: config.webhooks.allowPrivateUrls,
  });

  let disabled: repo.EndpointRow | undefined;
  await db.transaction(async (tx) => {
    const locked = await repo.lockDelivery(tx, delivery.id);
    if (!locked || locked.status !== 'pending' || locked.attempts !== job.attempts) return;
    const attempts = locked.attempts + 1;
    await repo.insertAttempt(tx, {
      deliveryId: delivery.id,
      attemptedAt: startedAt,
      statusCode: outcome.statusCode,
      responseMs: outcome.responseMs,
      error: outcome.error,
      responseBody: outcome.responseBody,
      manual: job.manual ?? false,
    });
    const at = deps.now();
    if (isDelivered(outcome.statusCode)) {
      await repo.updateDelivery(tx, delivery.id, {
        status: 'succeeded',
        attempts,
        nextAttemptAt: null,
        leasedUntil: null,
        lastAttemptAt: at,
      });
      await repo.countExhausted(tx, endpoint.id, false);
      return;
    }
    const wait = retryDelayMs(attempts, config.webhooks.retryScheduleMs);
    if (wait !== null) {
      await repo.updateDelivery(tx, delivery.id, {
        attempts,
        nextAttemptAt: new Date(at.getTime() + wait),
        leasedUntil: null,
        lastAttemptAt: at,
      });
      return;
    }
    await repo.updateDelivery(tx, delivery.id, {
      status: 'failed',
      attempts,
      nextAttemptAt: null,
      leasedUntil: null,
      lastAttemptAt: at,
    });
    const counted = await repo.countExhausted(tx, endpoint.id, true);
    if (counted.enabled && shouldDisable(counted.exhaustedInARow, config.webhooks.disableAfter)) {
      disabled = await repo.updateEndpoint(tx, endpoint.id, {
        enabled: false,
        disabledReason: 'failing',
        disabledAt: at,
      });
    }
  });
  if (disabled) await tellDisabled(deps, disabled);
}

async function tellDisabled(deps: DeliveryDeps, endpoint: repo.EndpointRow) {
  const [people, organization] = await Promise.all([
    repo.primaryEmails(deps.db, endpoint.organizationId),
    repo.organizationName(deps.db, endpoint.organizationId),
  ]);
  for (const person of people) {
    const mail = endpointDisabledMail(person.email, {
      firstName: person.firstName,
      organization,
      url: endpoint.url,
      failedMessages: endpoint.exhaustedInARow,
      settingsUrl: `${deps.config.appUrl}/client/integrations`,
    });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error, to: mail.to }, 'e-mail delivery failed');
    }
  }
  deps.log.warn({ endpointId: endpoint.id }, 'webhook endpoint disabled after failing messages');
}

/** Leases the due deliveries and queues an attempt of each; answers how many. */
export async function dispatchDue(deps: DeliveryDeps, jobs: Jobs, limit = 50): Promise<number> {
  const now = deps.now();
  const due = await repo.leaseDue(deps.db, now, new Date(now.getTime() + leaseMs(deps)), limit);
  await Promise.all(
    due.map((d) =>
      jobs
        .enqueue(webhookQueues.deliver, {
          deliveryId: d.id,
          attempts: d.attempts,
        } satisfies DeliverJob)
        .catch((error: unknown) =>
          deps.log.error({ err: error, delivery: d.id }, 'webhook job failed'),
        ),
    ),
  );
  return due.length;
}

export interface Dispatcher {
  /** Looks for due deliveries now (after a replay or a test event), besides the polling. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Polls for due deliveries every `pollMs` in a process that works jobs. One round at a time;
 * `stop` waits for the round under way.
 */
export function startDispatcher(deps: DeliveryDeps, jobs: Jobs): Dispatcher {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await dispatchDue(deps, jobs)) > 0) {
            // Until nothing is due.
          }
        } while (again && !stopped);
      } catch (error) {
        if (!stopped) deps.log.error({ err: error }, 'webhook dispatch failed');
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(round, deps.config.webhooks.pollMs);
  timer.unref();
  return {
    wake: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
