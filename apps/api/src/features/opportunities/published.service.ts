import type { OpportunityKind } from '@pathways/shared/opportunities/search';

import type { FeatureDeps } from '../../lib/deps.ts';
import * as repo from './published.repository.ts';

export type { HiringRow, PublishedRow } from './published.repository.ts';

/** How many open opportunities are read from the database at a time. */
const BATCH = 500;

/**
 * The opportunities open now and the organizations that have one, for the sitemap and the job
 * feeds. Each walk reads a bounded batch at a time, all of it as of one moment.
 */
export function createPublishedService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db } = deps;
  return {
    /**
     * The open opportunities in id order, a batch at a time: of one organization, of some kinds,
     * in an id range.
     */
    async *open(options: {
      organizationId?: number | undefined;
      kinds?: OpportunityKind[] | undefined;
      fromId?: number | undefined;
      untilId?: number | undefined;
    }): AsyncGenerator<repo.PublishedRow[]> {
      const now = deps.now();
      let afterId = (options.fromId ?? 1) - 1;
      for (;;) {
        const rows = await repo.findOpenPage(db, {
          now,
          afterId,
          untilId: options.untilId,
          limit: BATCH,
          organizationId: options.organizationId,
          kinds: options.kinds,
        });
        if (rows.length > 0) yield rows;
        const last = rows.at(-1);
        if (!last || rows.length < BATCH) return;
        afterId = last.id;
      }
    },

    /** Whether an organization has an open opportunity now. */
    hasOpen: (organizationId: number) => repo.hasOpen(db, organizationId, deps.now()),

    /** The groups of `size` ids holding an open opportunity, or an organization with one. */
    openGroups: (size: number, of: 'opportunities' | 'organizations') =>
      repo.findOpenGroups(db, { now: deps.now(), size, of }),

    /** The organizations with ids from `fromId` to `untilId` that have an open opportunity. */
    hiring: (fromId: number, untilId: number) =>
      repo.findHiring(db, { now: deps.now(), fromId, untilId }),
  };
}

export type PublishedService = ReturnType<typeof createPublishedService>;
