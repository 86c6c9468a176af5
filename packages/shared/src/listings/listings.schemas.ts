import { z } from 'zod';

import { opportunityListItem } from '../opportunities/opportunities.schemas.ts';
import { text } from '../common/text.ts';

// Public listings (/listings/{id}): a shareable list of opportunities an organization
// curates. GET /api/listings/{id} answers a published listing; drafts and unknown ids are 404.

const MAX_ID = 2_147_483_647;

export const listingIdParam = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

export const listingOrganization = z.object({
  id: z.number().int(),
  name: text(),
  logo: text().nullable(),
});

export const publicListing = z.object({
  id: z.number().int(),
  name: text(),
  description: text().nullable(),
  organization: listingOrganization,
  /** The listing's published opportunities, in the order the organization chose. */
  items: z.array(opportunityListItem),
});
export type PublicListing = z.infer<typeof publicListing>;
