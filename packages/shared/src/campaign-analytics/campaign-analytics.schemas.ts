// The contract of campaign analytics: how a campaign's page visits, its sign-ups and the
// applications of those sign-ups are reported to the organization's client users.

import { z } from 'zod';

import { reportedCountSchema } from '../analytics/suppression.ts';

/** Weeks of history a client may ask for; the default shows about half a year. */
export const CAMPAIGN_ANALYTICS_WEEKS = [12, 26, 52, 104] as const;
export const DEFAULT_CAMPAIGN_ANALYTICS_WEEKS = 26;
/** The longest history shown, in weeks (earlier weeks are folded into one hidden bucket). */
export const MAX_CAMPAIGN_ANALYTICS_WEEKS = 104;

export const campaignAnalyticsMessages = {
  weeks: `must be one of ${CAMPAIGN_ANALYTICS_WEEKS.join(', ')}`,
} as const;

/** GET client/organization/analytics/campaigns?weeks=26 */
export const campaignAnalyticsQuery = z.object({
  weeks: z.coerce
    .number({ error: campaignAnalyticsMessages.weeks })
    .refine((n) => (CAMPAIGN_ANALYTICS_WEEKS as readonly number[]).includes(n), {
      error: campaignAnalyticsMessages.weeks,
    })
    .default(DEFAULT_CAMPAIGN_ANALYTICS_WEEKS),
});
export type CampaignAnalyticsQuery = z.infer<typeof campaignAnalyticsQuery>;

/** A conversion between two steps, 0 to 1 (or above, see `conversion`); null when unknown. */
const rate = z.number().nonnegative().nullable();

/** One week (Monday to Sunday, UTC) of a campaign. */
export const campaignWeek = z.object({
  /** The Monday that starts the week, YYYY-MM-DD. */
  week: z.iso.date(),
  /** Page views: not people, shown as counted. */
  visits: z.number().int().nonnegative(),
  /** People who signed up through the campaign that week; null is "fewer than 5". */
  signUps: reportedCountSchema,
  /** Of the campaign's sign-ups, people who first applied that week; null is "fewer than 5". */
  applicants: reportedCountSchema,
});
export type CampaignWeek = z.infer<typeof campaignWeek>;

export const campaignAnalyticsRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['organization', 'opportunity']),
  opportunity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The public page, /campaign/{slug}. */
  path: z.string(),
  /** Since the campaign began: page views. */
  visits: z.number().int().nonnegative(),
  /** Since the campaign began: people who signed up through it (null: fewer than 5). */
  signUps: reportedCountSchema,
  /** Since the campaign began: of those, people who applied to the campaign's opportunity (or,
   *  for an organization's campaign, to any of the organization's opportunities). */
  applicants: reportedCountSchema,
  /** Sign-ups per visit. */
  signUpRate: rate,
  /** Applicants per sign-up. */
  applicationRate: rate,
  /** The weeks asked for, oldest first, every week present (a quiet week is zeros). */
  weeks: z.array(campaignWeek),
});
export type CampaignAnalyticsRow = z.infer<typeof campaignAnalyticsRow>;

export const campaignAnalytics = z.object({
  /** The Monday of the first week shown and of the current week, YYYY-MM-DD. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** Whether the numbers cover the whole organization (a primary user) or the reader's workspaces. */
  scope: z.enum(['organization', 'workspaces']),
  campaigns: z.array(campaignAnalyticsRow),
});
export type CampaignAnalytics = z.infer<typeof campaignAnalytics>;

/** POST campaigns/{id}/visits: the campaign whose page was viewed. */
export const campaignVisitParam = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
