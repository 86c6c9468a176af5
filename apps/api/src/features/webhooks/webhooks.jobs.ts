import type { JobDefinition } from '../../lib/jobs.ts';
import { isOpenSql } from '../opportunities/index.ts';
import {
  attemptDelivery,
  webhookQueues,
  type DeliverJob,
  type DeliveryDeps,
} from './webhooks.delivery.ts';
import { emitClosed } from './webhooks.outbox.ts';
import * as repo from './webhooks.repository.ts';

/** The first sweep looks this far back. */
const FIRST_SWEEP_MS = 10 * 60_000;

/**
 * Announces the opportunities whose closing moment passed since the last sweep (answers their ids): those that were
 * open then, by the open-now rule of the opportunities, and whose closing moment has come. A
 * closing a user made by hand was announced already and is not again.
 */
export async function sweepClosings(deps: Pick<DeliveryDeps, 'db' | 'now'>): Promise<number[]> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const since =
      (await repo.advanceSweep(tx, 'closings', now)) ?? new Date(now.getTime() - FIRST_SWEEP_MS);
    const announced: number[] = [];
    for (const row of await repo.closedBetween(tx, isOpenSql, since, now)) {
      if (await emitClosed(tx, row.id, 'closing_date_passed')) announced.push(row.id);
    }
    return announced;
  });
}

/** The webhook jobs, to start with `startJobs` (app.ts, worker.ts). */
export function webhooksJobs(deps: DeliveryDeps): JobDefinition<never>[] {
  const deliver: JobDefinition<DeliverJob> = {
    name: webhookQueues.deliver,
    key: (data) => `delivery:${data.deliveryId}`,
    handler: (data) => attemptDelivery(deps, data),
  };
  const closings: JobDefinition<Record<string, never>> = {
    name: webhookQueues.closings,
    schedule: '* * * * *',
    key: () => 'closings',
    async handler() {
      const ids = await sweepClosings(deps);
      if (ids.length > 0) deps.log.debug({ ids }, 'closed opportunities announced');
    },
  };
  return [deliver, closings] as unknown as JobDefinition<never>[];
}
