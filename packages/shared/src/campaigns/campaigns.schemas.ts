import { z } from 'zod';

// Public campaign pages (/campaign/{slug}) and the legacy short paths that redirect
// to them. GET /api/campaigns/{id} takes the numeric id, the slug, or a legacy alias.

export const CAMPAIGN_KEY_MAX_CHARS = 100;

/** A campaign's id, slug or alias: letters, digits, `-` and `_`. */
export const campaignKey = z
  .string()
  .trim()
  .min(1, 'must be provided')
  .max(CAMPAIGN_KEY_MAX_CHARS)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a campaign id or code');

export const campaignParam = z.object({ id: campaignKey });
export const campaignAliasParam = z.object({ alias: campaignKey });

export const campaignKinds = ['organization', 'opportunity'] as const;

export const publicCampaign = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(campaignKinds),
  description: z.string().nullable(),
  image: z.string().nullable(),
  /** Copy overrides for the campaign page and the sign-up conversation, by key. */
  copy: z.record(z.string(), z.string()),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  organization: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  /** Set for an opportunity campaign (the opportunity belongs to the organization). */
  opportunity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PublicCampaign = z.infer<typeof publicCampaign>;

/** A legacy short path and where it leads: the web app redirects `/{alias}` to `path`. */
export const campaignAlias = z.object({
  alias: z.string(),
  campaign: z.object({ id: z.number().int(), slug: z.string() }),
  /** `/campaign/{slug}`. */
  path: z.string(),
});
export type CampaignAlias = z.infer<typeof campaignAlias>;
