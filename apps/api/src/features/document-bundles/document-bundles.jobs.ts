import type { JobDefinition } from '../../lib/jobs.ts';
import {
  createDocumentBundlesService,
  documentBundleQueue,
  type DocumentBundlesDeps,
} from './document-bundles.service.ts';

// A bundle is built in the background: one job per bundle, and every night the zips whose
// links have expired are removed from storage.

export const documentBundleQueues = {
  build: documentBundleQueue,
  removeExpired: 'document-bundles.remove-expired',
} as const;

/** The document bundle jobs, to start with `startJobs` (app.ts, worker.ts). */
export function documentBundleJobs(
  deps: Omit<DocumentBundlesDeps, 'jobs'>,
): JobDefinition<never>[] {
  // Building never queues a job, so the service these jobs use needs no queue of its own.
  const service = createDocumentBundlesService({
    ...deps,
    jobs: {
      enqueue: () => Promise.reject(new Error('document bundle jobs queue nothing')),
    },
  });
  const build: JobDefinition<{ bundleId: number }> = {
    name: documentBundleQueues.build,
    key: (data) => `bundle:${data.bundleId}`,
    async handler({ bundleId }) {
      await service.build(bundleId);
    },
  };
  const removeExpired: JobDefinition<Record<string, never>> = {
    name: documentBundleQueues.removeExpired,
    key: () => 'all',
    schedule: '43 3 * * *',
    async handler() {
      const removed = await service.removeExpired();
      if (removed > 0) deps.log.info({ removed }, 'expired document bundles removed');
    },
  };
  return [build, removeExpired] as unknown as JobDefinition<never>[];
}
