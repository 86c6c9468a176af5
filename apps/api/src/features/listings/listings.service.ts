import type { PublicListing } from '@pathways/shared/listings/listings.schemas';

import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { listItems } from '../opportunities/index.ts';
import * as repo from './listings.repository.ts';

export function createListingsService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db } = deps;
  return {
    /**
     * GET listings/{id}: a published listing with its published opportunities, as the search
     * shows them, in the organization's order. Drafts and unknown ids are 404.
     */
    async listing(id: number): Promise<PublicListing> {
      const now = deps.now();
      const row = await repo.findPublishedListing(db, id, now);
      if (!row) throw notFound('Listing not found');
      const ids = await repo.findListedOpportunityIds(db, id, now);
      const items = await listItems(db, ids, { now });
      return { ...row, items };
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
