import type { PublicListing } from '@pathways/shared/listings/listings.schemas';

import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { findCards, findLocations, toListItem } from '../opportunities/index.ts';
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
      const [cards, locations] = await Promise.all([findCards(db, ids), findLocations(db, ids)]);
      const cardById = new Map(cards.map((c) => [c.id, c]));
      const locationsOf = Map.groupBy(locations, (l) => l.opportunityId);
      const items = ids.flatMap((opportunityId) => {
        const card = cardById.get(opportunityId);
        return card
          ? [toListItem(card, locationsOf.get(opportunityId) ?? [], now, { measured: false })]
          : [];
      });
      return { ...row, items };
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
