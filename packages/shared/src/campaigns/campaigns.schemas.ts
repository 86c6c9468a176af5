import { z } from 'zod';
import { text } from '../common/text.ts';

// Public campaign pages (/campaign/{slug}) and the legacy short paths that redirect
// to them. GET /api/campaigns/{id} takes the numeric id, the slug, or a legacy alias.

export const CAMPAIGN_KEY_MAX_CHARS = 100;

/** A campaign's id, slug or alias: letters, digits, `-` and `_`. */
export const campaignKey = text()
  .trim()
  .min(1, 'must be provided')
  .max(CAMPAIGN_KEY_MAX_CHARS)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a campaign id or code');

export const campaignParam = z.object({ id: campaignKey });
export const campaignAliasParam = z.object({ alias: campaignKey });

export const campaignKinds = ['organization', 'opportunity'] as const;

export const publicCampaign = z.object({
  id: z.number().int(),
  slug: text(),
  name: text(),
  kind: z.enum(campaignKinds),
  description: text().nullable(),
  image: text().nullable(),
  /** Copy overrides for the campaign page and the sign-up conversation, by key. */
  copy: z.record(text(), text()),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  organization: z.object({ id: z.number().int(), name: text(), logo: text().nullable() }),
  /** Set for an opportunity campaign (the opportunity belongs to the organization). */
  opportunity: z.object({ id: z.number().int(), name: text() }).nullable(),
});
export type PublicCampaign = z.infer<typeof publicCampaign>;

/** A legacy short path and where it leads: the web app redirects `/{alias}` to `path`. */
export const campaignAlias = z.object({
  alias: text(),
  campaign: z.object({ id: z.number().int(), slug: text() }),
  /** `/campaign/{slug}`. */
  path: text(),
});
export type CampaignAlias = z.infer<typeof campaignAlias>;
