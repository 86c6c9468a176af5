import {
  conversion,
  suppressCampaignFunnel,
  weeksEndingAt,
} from '@pathways/shared/campaign-analytics/campaign-analytics.rules';
import {
  MAX_CAMPAIGN_ANALYTICS_WEEKS,
  type CampaignAnalytics,
  type CampaignAnalyticsQuery,
  type CampaignAnalyticsRow,
} from '@pathways/shared/campaign-analytics/campaign-analytics.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/access.ts';

import * as repo from './campaign-analytics.repository.ts';
import { isOwnOrganizationView } from './visit-filter.ts';
import { clientScopeOf } from '../../access/index.ts';

const DAY_MS = 86_400_000;

/** The weeks of one measure of one campaign, as counted, by week number (0: the earlier weeks). */
type Weekly = Map<number, number>;

/**
 * The weeks of a measure of people over the longest history shown: week 0 holds the earlier
 * weeks (never shown: the total includes them, so they take part in the rule like any hidden
 * week), 1 to weeks.length the weeks shown at most; anything later (a clock set back) is
 * hidden with the earlier ones.
 */
function partsOf(counts: Weekly | undefined, weeks: string[]): number[] {
  let outside = 0;
  for (const [week, n] of counts ?? []) if (week === 0 || week > weeks.length) outside += n;
  return [outside, ...weeks.map((_, i) => counts?.get(i + 1) ?? 0)];
}

/**
 * Sign-ups and the applicants among them under the small-cell rule and the funnel rule. The
 * rules are applied to the longest history whatever the number of weeks asked for, so asking
 * for fewer weeks hides exactly the same cells and no two answers can be subtracted to read a
 * small group.
 */
function peopleSeries(measures: Record<repo.Measure, Weekly> | undefined, weeks: string[]) {
  const both = suppressCampaignFunnel(
    partsOf(measures?.signUps, weeks),
    partsOf(measures?.applicants, weeks),
  );
  const byWeek = (parts: (number | null)[]) =>
    new Map(weeks.map((w, i) => [w, parts[i + 1] ?? null]));
  return {
    signUps: { total: both.signUps.total, byWeek: byWeek(both.signUps.parts) },
    applicants: { total: both.applicants.total, byWeek: byWeek(both.applicants.parts) },
  };
}

/**
 * Campaign analytics of the client's organization: per campaign, page visits, sign-ups through
 * it and applicants among them, in total and per week. Counts of people go through the
 * small-cell rule and, sign-ups then applicants being a funnel, the funnel rule; visits are
 * page views, not people, and are shown as counted.
 */
export function createCampaignAnalyticsService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db, now } = deps;
  return {
    async campaigns(actor: Actor, query: CampaignAnalyticsQuery): Promise<CampaignAnalytics> {
      const scope = await clientScopeOf(db, actor);
      const all = weeksEndingAt(now(), MAX_CAMPAIGN_ANALYTICS_WEEKS);
      const earlier = new Date(Date.parse(`${all[0]}T00:00:00Z`) - 7 * DAY_MS)
        .toISOString()
        .slice(0, 10);
      const [campaigns, counts] = await Promise.all([
        repo.visibleCampaigns(db, scope),
        repo.weeklyCounts(db, scope, earlier),
      ]);
      const byCampaign = new Map<number, Record<repo.Measure, Weekly>>();
      for (const row of counts) {
        let measures = byCampaign.get(row.campaignId);
        if (!measures) {
          measures = { visits: new Map(), signUps: new Map(), applicants: new Map() };
          byCampaign.set(row.campaignId, measures);
        }
        measures[row.measure].set(Number(row.week), Number(row.n));
      }
      const shown = all.slice(-query.weeks);
      const weekNumber = new Map(all.map((week, i) => [week, i + 1]));
      const rows = campaigns.map((campaign): CampaignAnalyticsRow => {
        const measures = byCampaign.get(campaign.id);
        const visits = [...(measures?.visits.values() ?? [])].reduce((a, b) => a + b, 0);
        const { signUps, applicants } = peopleSeries(measures, all);
        return {
          id: campaign.id,
          slug: campaign.slug,
          name: campaign.name,
          kind: campaign.kind,
          opportunity:
            campaign.opportunityId !== null && campaign.opportunityName !== null
              ? { id: campaign.opportunityId, name: campaign.opportunityName }
              : null,
          path: paths.campaign(campaign.slug),
          visits,
          signUps: signUps.total,
          applicants: applicants.total,
          signUpRate: conversion(signUps.total, visits),
          applicationRate: conversion(applicants.total, signUps.total),
          weeks: shown.map((week) => ({
            week,
            visits: measures?.visits.get(weekNumber.get(week)!) ?? 0,
            signUps: signUps.byWeek.get(week) ?? null,
            applicants: applicants.byWeek.get(week) ?? null,
          })),
        };
      });
      return {
        from: shown[0]!,
        to: shown[shown.length - 1]!,
        scope: scope.primary ? 'organization' : 'workspaces',
        campaigns: rows,
      };
    },
  };
}

/**
 * Counts one view of a campaign's public page on `deps.now()`'s day (UTC), unless the viewer is
 * a client user of the campaign's own organization. Nothing about the visitor is stored. An
 * unknown campaign is not found.
 */
export function createCampaignVisitsService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  return {
    /** `viewer`: the signed-in user whose browser reported the view, or null for a guest. */
    async count(campaignId: number, viewer: Pick<Actor, 'userId' | 'role'> | null): Promise<void> {
      if (viewer?.role === 'client') {
        const organizations = await repo.organizationsOfView(deps.db, campaignId, viewer.userId);
        if (!organizations) throw notFound('Campaign not found');
        const own = isOwnOrganizationView(
          { role: viewer.role, organizationId: organizations.viewer },
          organizations.campaign,
        );
        if (own) return;
      }
      const day = deps.now().toISOString().slice(0, 10);
      // One statement: atomic on its own.
      const added = await repo.addVisit(deps.db, campaignId, day);
      if (!added) throw notFound('Campaign not found');
    },
  };
}
