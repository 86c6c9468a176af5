import { and, asc, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  listingOpportunities,
  listings,
  opportunities,
  organizations,
} from '../../db/schema/index.ts';

const publishedBy = (column: typeof listings.publishedAt, now: Date) =>
  sql`${column} <= ${now.toISOString()}::timestamptz`;

export interface ListingRow {
  id: number;
  name: string;
  description: string | null;
  organization: { id: number; name: string; logo: string | null };
}

/** A listing published at or before `now`, with its organization; drafts are undefined. */
export async function findPublishedListing(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<ListingRow | undefined> {
  const [row] = await db
    .select({
      id: listings.id,
      name: listings.name,
      description: listings.description,
      organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
    })
    .from(listings)
    .innerJoin(organizations, eq(organizations.id, listings.organizationId))
    .where(and(eq(listings.id, id), publishedBy(listings.publishedAt, now)));
  return row;
}

/** The listing's published opportunities, in the curated order. */
export async function findListedOpportunityIds(
  db: DbOrTx,
  listingId: number,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: listingOpportunities.opportunityId })
    .from(listingOpportunities)
    .innerJoin(opportunities, eq(opportunities.id, listingOpportunities.opportunityId))
    .where(
      and(
        eq(listingOpportunities.listingId, listingId),
        sql`${opportunities.publishedAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(listingOpportunities.position), asc(listingOpportunities.opportunityId));
  return rows.map((r) => r.id);
}
