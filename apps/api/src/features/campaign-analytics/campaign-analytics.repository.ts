import { and, desc, eq, sql, type SQL } from 'drizzle-orm';

import { managedOpportunitiesSql, type ClientScope } from '../../access/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  campaignVisits,
  campaigns,
  clientUsers,
  opportunities,
  users,
} from '../../db/schema/index.ts';

/** Who reads: the organization, and for a user who is not primary, the workspaces they manage. */
export type AnalyticsReader = ClientScope;

/**
 * Adds one view to the campaign's row of `day` (created at 1). False when there is no such
 * campaign. One statement, so concurrent views never lose a count.
 */
export async function addVisit(db: DbOrTx, campaignId: number, day: string): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into ${campaignVisits} (campaign_id, day, visits)
    select ${campaigns.id}, ${day}::date, 1 from ${campaigns} where ${campaigns.id} = ${campaignId}
    on conflict (campaign_id, day) do update set visits = ${campaignVisits.visits} + 1
    returning campaign_id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * The organization that runs a campaign, and the organization of a user when they are a client
 * user (null otherwise); undefined when there is no such campaign.
 */
export async function organizationsOfView(
  db: DbOrTx,
  campaignId: number,
  userId: number,
): Promise<{ campaign: number; viewer: number | null } | undefined> {
  const [row] = await db
    .select({
      campaign: campaigns.organizationId,
      viewer: sql<
        number | null
      >`(select ${clientUsers.organizationId} from ${clientUsers} where ${clientUsers.userId} = ${userId})`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return row
    ? { campaign: row.campaign, viewer: row.viewer === null ? null : Number(row.viewer) }
    : undefined;
}

/**
 * The campaigns whose numbers the reader sees: every campaign of the organization for a
 * primary user; for any other user, the campaigns of the opportunities (workspaces) they
 * manage, as access finds them. An organization's own campaign (no opportunity) speaks for the
 * whole organization, so only a primary user sees its numbers.
 */
function visibleTo(reader: AnalyticsReader): SQL {
  const ofOrganization = eq(campaigns.organizationId, reader.organizationId);
  if (reader.primary) return ofOrganization;
  return and(
    ofOrganization,
    sql`${campaigns.opportunityId} in (${managedOpportunitiesSql(reader)})`,
  )!;
}

export interface AnalyticsCampaignRow {
  id: number;
  slug: string;
  name: string;
  kind: 'organization' | 'opportunity';
  opportunityId: number | null;
  opportunityName: string | null;
}

/** The campaigns the reader sees, newest first. */
export async function visibleCampaigns(
  db: DbOrTx,
  reader: AnalyticsReader,
): Promise<AnalyticsCampaignRow[]> {
  return db
    .select({
      id: campaigns.id,
      slug: campaigns.slug,
      name: campaigns.name,
      kind: campaigns.kind,
      opportunityId: campaigns.opportunityId,
      opportunityName: opportunities.name,
    })
    .from(campaigns)
    .leftJoin(opportunities, eq(opportunities.id, campaigns.opportunityId))
    .where(visibleTo(reader))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
}

export type Measure = 'visits' | 'signUps' | 'applicants';

export interface WeeklyCount {
  measure: Measure;
  campaignId: number;
  /** Whole weeks since `earliest` (a Monday): 0 is that week and every week before it. */
  week: number;
  n: number;
}

/**
 * Per campaign the reader sees and per week (Monday to Sunday, UTC), in one statement:
 * - visits: the page views counted;
 * - signUps: candidates who signed up through the campaign, by the week of their sign-up;
 * - applicants: of those, the people who applied to the campaign's opportunity (for an
 *   organization's campaign, to any opportunity of the organization), by the week of their
 *   first such application. Applications elsewhere are not the organization's to see. The
 *   database keeps that first application's time on the user (`signup_campaign_applied_at`),
 *   so the statement reads the sign-ups' rows and nothing of their applications.
 * Weeks are counted from `earliest` (a Monday); weeks before it are added up in its week 0, so
 * the rows are bounded however old the campaign is. Weeks without any count have no row.
 */
export async function weeklyCounts(
  db: DbOrTx,
  reader: AnalyticsReader,
  earliest: string,
): Promise<WeeklyCount[]> {
  const result = (await db.execute(weeklyCountsQuery(reader, earliest).sql)) as unknown as {
    rows: WeeklyCount[];
  };
  return result.rows;
}

/** The statement of `weeklyCounts` (the benchmark explains it). */
export function weeklyCountsQuery(reader: AnalyticsReader, earliest: string): { sql: SQL } {
  // Integer arithmetic on days, cheaper than formatting a date per row.
  const weekOf = (day: SQL) => sql`greatest(0, (${day} - ${earliest}::date) / 7)`;
  // The candidates who signed up through a visible campaign. Written out in each part rather
  // than shared: each part then reads the sign-ups index alone, with no copy of 60 000 rows.
  const signUps = sql`visible v join ${users} u on u.signup_campaign_id = v.id and u.role = 'candidate'`;
  return {
    sql: sql`
    with visible as (
      select ${campaigns.id} as id from ${campaigns} where ${visibleTo(reader)}
    )
    select 'visits' as measure, cv.campaign_id as "campaignId",
      ${weekOf(sql`cv.day`)} as week, sum(cv.visits)::int as n
    from campaign_visits cv join visible v on v.id = cv.campaign_id
    group by 1, 2, 3
    union all
    select 'signUps', u.signup_campaign_id, ${weekOf(sql`(u.created_at at time zone 'UTC')::date`)}, count(*)::int
    from ${signUps}
    group by 1, 2, 3
    union all
    select 'applicants', u.signup_campaign_id, ${weekOf(sql`(u.signup_campaign_applied_at at time zone 'UTC')::date`)}, count(*)::int
    from ${signUps}
    where u.signup_campaign_applied_at is not null
    group by 1, 2, 3
  `,
  };
}
