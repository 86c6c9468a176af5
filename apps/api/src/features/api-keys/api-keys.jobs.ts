import type { JobDefinition } from '../../lib/jobs.ts';
import { createApiKeysService, type ApiKeysDeps } from './api-keys.service.ts';

/** Every night, the calls made with keys more than 90 days ago are deleted. */
export function apiKeysJobs(deps: ApiKeysDeps): JobDefinition<never>[] {
  const apiKeys = createApiKeysService(deps);
  const purge: JobDefinition<Record<string, never>> = {
    name: 'api-keys-purge-requests',
    key: () => 'all',
    schedule: '43 3 * * *',
    async handler() {
      const deleted = await apiKeys.purgeOldRequests();
      if (deleted > 0) deps.log.info({ deleted }, 'old API key calls deleted');
    },
  };
  return [purge] as unknown as JobDefinition<never>[];
}
