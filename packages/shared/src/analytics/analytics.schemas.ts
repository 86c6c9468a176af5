import { z } from 'zod';

import { ethnicities, genders } from '../profile/profile.schemas.ts';
import { reportedCountSchema } from './suppression.ts';

// Analytics for client users: counts of people, never people. Every count is reported through the
// small-cell rule of `suppression.ts` (a group of 1 to 4 reads "fewer than 5").
//
//   GET client/organization/analytics/applicants   the overview of /client/analytics
//   GET client/organization/analytics/explore      one measure by one dimension, with filters
//   GET client/organization/analytics/criteria     the criterion funnel of one opportunity
//
// A primary user sees the whole organization; any other client user sees the opportunities they
// manage (their workspaces).

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);

export const analyticsMessages = {
  date: 'must be a date (YYYY-MM-DD)',
  range: 'must not be before the start date',
  ids: 'must be a comma-separated list of ids',
  dimension: 'cannot break this measure down',
  boolean: 'must be true or false',
  list: 'has a value that is not allowed',
} as const;

/** How many opportunities a query may name. */
export const MAX_ANALYTICS_OPPORTUNITIES = 50;

const day = z
  .string({ error: analyticsMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: analyticsMessages.date })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: analyticsMessages.date });

/** `1,2,3` in a query string: a list of ids, at most `max`. */
const idList = (max: number) =>
  z
    .string({ error: analyticsMessages.ids })
    .regex(/^\s*\d{1,10}\s*(,\s*\d{1,10}\s*)*$/, { error: analyticsMessages.ids })
    .transform((s) => s.split(',').map(Number))
    .refine((list) => list.length <= max && list.every((n) => n >= 1 && n <= MAX_ID), {
      error: analyticsMessages.ids,
    })
    .optional();

/** `a,b` in a query string: members of `allowed`. */
const memberList = <T extends string>(allowed: readonly [T, ...T[]]) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? undefined
          : value.split(',').map((s) => s.trim())
        : value,
    z.array(z.enum(allowed, { error: analyticsMessages.list })).optional(),
  );

const flag = z
  .enum(['true', 'false'], { error: analyticsMessages.boolean })
  .transform((v) => v === 'true')
  .optional();

/** The period and opportunities every analytics call may be narrowed to. */
const rangeShape = {
  /** First day counted (UTC), inclusive. */
  from: day.optional(),
  /** Last day counted (UTC), inclusive. */
  to: day.optional(),
  /** Only these opportunities (of those the user sees). */
  opportunities: idList(MAX_ANALYTICS_OPPORTUNITIES),
};

const rangeIsOrdered = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;

export const applicantsAnalyticsQuery = z
  .object(rangeShape)
  .refine(rangeIsOrdered, { path: ['to'], error: analyticsMessages.range });
export type ApplicantsAnalyticsQuery = z.infer<typeof applicantsAnalyticsQuery>;

/** What the explorer counts. */
export const analyticsMeasures = [
  'applicants',
  'eligible',
  'invites',
  'regrets',
  'timeInPhase',
] as const;
export type AnalyticsMeasure = (typeof analyticsMeasures)[number];

export const measureLabels: Record<AnalyticsMeasure, string> = {
  applicants: 'Applicants',
  eligible: 'Eligible candidates',
  invites: 'Invitations to apply',
  regrets: 'Regrets',
  timeInPhase: 'Time in phase (median days)',
};

/** What the explorer breaks a measure down by. */
export const analyticsDimensions = [
  'week',
  'opportunity',
  'phase',
  'province',
  'city',
  'institution',
  'qualificationType',
  'gender',
  'ethnicity',
  'disability',
] as const;
export type AnalyticsDimension = (typeof analyticsDimensions)[number];

export const dimensionLabels: Record<AnalyticsDimension, string> = {
  week: 'Week',
  opportunity: 'Opportunity',
  phase: 'Phase',
  province: 'Province',
  city: 'City or town',
  institution: 'Institution',
  qualificationType: 'Qualification type',
  gender: 'Gender',
  ethnicity: 'Ethnicity',
  disability: 'Disability',
};

/** Eligible candidates and invitations are not in a phase: they have not applied. */
export function dimensionsOf(measure: AnalyticsMeasure): readonly AnalyticsDimension[] {
  return measure === 'eligible' || measure === 'invites'
    ? analyticsDimensions.filter((d) => d !== 'phase')
    : analyticsDimensions;
}

/**
 * The tracker's filters that describe groups rather than people: a name or a distance around a
 * point could single one person out, so the explorer does not take them.
 */
const filterShape = {
  genders: memberList(genders),
  ethnicities: memberList(ethnicities),
  institutions: idList(100),
  types: idList(100),
  categories: idList(100),
  disciplines: idList(100),
  complete: flag,
  eligible: flag,
  referred: flag,
};
export const explorerFilterKeys = Object.keys(filterShape) as (keyof typeof filterShape)[];

export const explorerQuery = z
  .object({
    measure: z.enum(analyticsMeasures).default('applicants'),
    dimension: z.enum(analyticsDimensions).default('week'),
    ...rangeShape,
    ...filterShape,
  })
  .refine(rangeIsOrdered, { path: ['to'], error: analyticsMessages.range })
  .refine((q) => dimensionsOf(q.measure).includes(q.dimension), {
    path: ['dimension'],
    error: analyticsMessages.dimension,
  });
export type ExplorerQuery = z.infer<typeof explorerQuery>;
export type ExplorerFilters = Pick<ExplorerQuery, (typeof explorerFilterKeys)[number]>;

/** One bar of a breakdown: a group, how many people are in it (or null: fewer than 5). */
export const analyticsCell = z.object({
  key: z.string(),
  label: z.string(),
  count: reportedCountSchema,
});
export type AnalyticsCell = z.infer<typeof analyticsCell>;

/** One phase of a workspace's pipeline, in pipeline order. */
export const phaseFunnelStep = z.object({
  phaseId: id,
  name: z.string(),
  /** Applicants who ever reached the phase. */
  reached: reportedCountSchema,
  /** Median days an applicant spent in the phase (still there: until now); null when suppressed. */
  medianDays: z.number().nullable(),
});
export const phaseFunnel = z.object({
  opportunityId: id,
  name: z.string(),
  steps: z.array(phaseFunnelStep),
});
export type PhaseFunnel = z.infer<typeof phaseFunnel>;

/**
 * Why a whole answer is withheld: the filters leave fewer than 5 people, or they leave out
 * fewer than 5 people compared with the same filters less one of them, with one value more or
 * less in a list, or with the dates a week wider or narrower at either end (a difference of two
 * answers would then tell the size of a small group).
 */
export const withheldReasons = ['small_group', 'small_difference'] as const;
export type WithheldReason = (typeof withheldReasons)[number];

export const withheldMessages: Record<WithheldReason, string> = {
  small_group: 'These filters leave fewer than 5 people, so nothing is shown.',
  small_difference:
    'One of these filters leaves out fewer than 5 people, so nothing is shown: remove a filter or widen the dates.',
};

export const applicantsAnalytics = z.object({
  /** The whole organization (primary) or the user's workspaces. */
  scope: z.enum(['organization', 'workspaces']),
  withheld: z.enum(withheldReasons).nullable(),
  /** Distinct people who applied in the period. */
  total: reportedCountSchema,
  /** Applicants per week (weeks start on Monday, UTC). */
  weekly: z.array(analyticsCell),
  funnels: z.array(phaseFunnel),
  opportunities: z.array(analyticsCell),
  provinces: z.array(analyticsCell),
  cities: z.array(analyticsCell),
  institutions: z.array(analyticsCell),
  qualificationTypes: z.array(analyticsCell),
  genders: z.array(analyticsCell),
  ethnicities: z.array(analyticsCell),
  disability: z.array(analyticsCell),
});
export type ApplicantsAnalytics = z.infer<typeof applicantsAnalytics>;

export const explorerRow = analyticsCell.extend({
  /** For time in phase: the median days of the group; null when suppressed. */
  value: z.number().nullable().optional(),
});
export type ExplorerRow = z.infer<typeof explorerRow>;

export const explorerResult = z.object({
  measure: z.enum(analyticsMeasures),
  dimension: z.enum(analyticsDimensions),
  withheld: z.enum(withheldReasons).nullable(),
  total: reportedCountSchema,
  rows: z.array(explorerRow),
});
export type ExplorerResult = z.infer<typeof explorerResult>;

export const criteriaAnalyticsQuery = z.object({
  opportunity: z.coerce.number({ error: 'must be an opportunity id' }).int().positive().max(MAX_ID),
});

/** The criterion funnel of one opportunity, with every count suppressed below 5. */
export const criteriaAnalytics = z.object({
  candidates: reportedCountSchema,
  steps: z.array(
    z.object({
      id,
      description: z.string(),
      removed: reportedCountSchema,
      remaining: reportedCountSchema,
    }),
  ),
});
export type CriteriaAnalytics = z.infer<typeof criteriaAnalytics>;
