import { z } from 'zod';
import { text } from '../common/text.ts';
import { slugProblem } from './campaign-slug.ts';

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

// ---------------------------------------------------------------------------------------------
// The client's campaigns: what a client user of the organization lists, creates and changes.

/**
 * The words of a campaign page an organization may override through the campaign's `copy`,
 * with the longest each may be. A key that is absent or blank keeps the page's default;
 * stored keys outside this list (words of the sign-up conversation) are kept untouched.
 */
export const campaignCopyLimits = {
  /** The big heading; the campaign's name by default. */
  headline: 120,
  /** The line under it; the campaign's description by default. */
  tagline: 300,
  /** A longer paragraph about the programme, shown when set. */
  body: 3000,
  /** The sign-up call at the end of the page. */
  signupTitle: 120,
  signupText: 500,
  /** The label of every sign-up button on the page. */
  signupButton: 40,
} as const;
export type CampaignCopyKey = keyof typeof campaignCopyLimits;
export const campaignCopyKeys = Object.keys(campaignCopyLimits) as CampaignCopyKey[];

const copyText = (max: number) =>
  text().trim().max(max, `must be at most ${max} characters`).optional();

/** The editable words; an empty string clears an override, a missing key leaves it as it is. */
export const campaignCopyInput = z.object({
  headline: copyText(campaignCopyLimits.headline),
  tagline: copyText(campaignCopyLimits.tagline),
  body: copyText(campaignCopyLimits.body),
  signupTitle: copyText(campaignCopyLimits.signupTitle),
  signupText: copyText(campaignCopyLimits.signupText),
  signupButton: copyText(campaignCopyLimits.signupButton),
});
export type CampaignCopyInput = z.infer<typeof campaignCopyInput>;

export const CAMPAIGN_NAME_MAX_CHARS = 120;
export const CAMPAIGN_DESCRIPTION_MAX_CHARS = 500;
export const CAMPAIGN_ALIASES_MAX = 20;

/** A slug as typed: the rules of `slugProblem`, each with its own message. */
export const campaignSlug = text()
  .trim()
  .superRefine((value, ctx) => {
    const problem = slugProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const campaignFields = z.object({
  name: text()
    .trim()
    .min(1, 'must be provided')
    .max(CAMPAIGN_NAME_MAX_CHARS, `must be at most ${CAMPAIGN_NAME_MAX_CHARS} characters`),
  slug: campaignSlug,
  /** Shown under the heading unless the copy overrides it; blank means none. */
  description: text()
    .trim()
    .max(
      CAMPAIGN_DESCRIPTION_MAX_CHARS,
      `must be at most ${CAMPAIGN_DESCRIPTION_MAX_CHARS} characters`,
    )
    .nullable()
    .transform((value) => (value ? value : null)),
  /** One of the organization's opportunities, or null for a campaign of the whole organization. */
  opportunityId: z.number({ error: 'must be an opportunity' }).int().positive().nullable(),
  startsAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable(),
  endsAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable(),
  copy: campaignCopyInput,
  /**
   * Legacy short paths (`/{alias}`) that lead to the campaign: the whole list, so an alias left
   * out is removed. A new alias follows the slug rules; old codes already on the campaign stay.
   */
  aliases: z
    .array(campaignKey)
    .max(CAMPAIGN_ALIASES_MAX, `may list at most ${CAMPAIGN_ALIASES_MAX} short paths`),
});

function datesInOrder(
  value: { startsAt?: string | null; endsAt?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
  }
}

/** POST client/campaigns {campaign}. */
export const campaignInput = campaignFields
  .extend({
    description: campaignFields.shape.description.default(null),
    opportunityId: campaignFields.shape.opportunityId.default(null),
    startsAt: campaignFields.shape.startsAt.default(null),
    endsAt: campaignFields.shape.endsAt.default(null),
    copy: campaignCopyInput.default({}),
    aliases: campaignFields.shape.aliases.default([]),
  })
  .superRefine(datesInOrder);
export type CampaignInput = z.input<typeof campaignInput>;
export type CampaignValues = z.output<typeof campaignInput>;
export const createCampaignBody = z.object({ campaign: campaignInput });

/** PATCH client/campaigns/{slug} {campaign}: only the fields sent change. */
export const campaignPatch = campaignFields.partial().superRefine(datesInOrder);
export type CampaignPatch = z.output<typeof campaignPatch>;
export const patchCampaignBody = z.object({ campaign: campaignPatch });

export const campaignIdParam = z.object({
  id: z.coerce.number({ error: 'must be a campaign id' }).int().positive().max(2_147_483_647),
});
export const campaignSlugParam = z.object({ slug: campaignKey });
export const campaignImageFileParam = z.object({ file: text().max(100) });

export const CAMPAIGNS_PER_PAGE = 50;
export const campaignListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(CAMPAIGNS_PER_PAGE),
});

/** A campaign as its organization's client users see it. */
export const clientCampaign = z.object({
  id: z.number().int(),
  slug: text(),
  name: text(),
  kind: z.enum(campaignKinds),
  description: text().nullable(),
  image: text().nullable(),
  copy: z.record(text(), text()),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  opportunity: z.object({ id: z.number().int(), name: text() }).nullable(),
  aliases: z.array(text()),
  /** The public page: `/campaign/{slug}`. */
  path: text(),
  /** Whether the caller may change or delete it (primary users of the organization). */
  editable: z.boolean(),
});
export type ClientCampaign = z.infer<typeof clientCampaign>;

export const clientCampaignList = z.object({
  items: z.array(clientCampaign),
  page: z.number().int(),
  per: z.number().int(),
  total: z.number().int(),
  /**
   * The opportunities a campaign of the caller may be for: every opportunity of the
   * organization for a primary user, none for anyone else (they cannot create campaigns).
   */
  opportunities: z.array(z.object({ id: z.number().int(), name: text() })),
});
export type ClientCampaignList = z.infer<typeof clientCampaignList>;
