import { campaignAnalytics } from '@pathways/shared/campaign-analytics/campaign-analytics.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, campaignVisits, campaigns, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';
import {
  type ClientSideName,
  clientSideNames,
  createPeople,
  type People,
} from '../../test/principals.ts';

// Campaign analytics over a small hand-made data set with known answers: visits counted once
// per view and nothing about the visitor kept, sign-ups and applicants through each campaign,
// the small-cell rule at 4 and 5 (and over a series with its total), and who sees which
// campaigns.

let t: TestApp;
type Who = ClientSideName;
// The shared people: the manager is listed on the first opportunity, the viewer is a colleague
// managing nothing, and the other primary user has an organization of their own.
const principalOf = clientSideNames;
let p: People;
const headersOf = (who: Who) => p.byWho[principalOf[who]].headers;
const ids = {} as Record<'orgCampaign' | 'opp1Campaign' | 'opp2Campaign' | 'otherCampaign', number>;

const NOW = new Date('2026-11-25T10:00:00Z'); // a Wednesday: this week began on 2026-11-23
const THIS_WEEK = '2026-11-23';
const LAST_WEEK = '2026-11-16';
const WEEK_BEFORE = '2026-11-09';
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let candidates = 0;
async function signUp(campaignId: number | null, createdAt: string) {
  candidates += 1;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: `candidate-${candidates}@example.test`,
      role: 'candidate',
      signupCampaignId: campaignId,
      createdAt: new Date(createdAt),
    })
    .returning({ id: users.id });
  return row!.id;
}

async function apply(candidateId: number, opportunityId: number, createdAt: string) {
  await t.database.db
    .insert(applications)
    .values({ candidateId, opportunityId, createdAt: new Date(createdAt) });
}

async function insertCampaign(
  slug: string,
  organizationId: number,
  opportunityId: number | null,
  createdAt: string,
) {
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      slug,
      name: `Campaign ${slug}`,
      kind: opportunityId === null ? 'organization' : 'opportunity',
      organizationId,
      opportunityId,
      createdAt: new Date(createdAt),
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  p = await createPeople(t);
  const organizationId = p.a.organizationId;
  const opp1 = p.a.opportunityId;
  const elsewhere = p.b.opportunityId;
  const [opp2] = await createOpportunities(t.database, [{ organizationId }]);

  ids.orgCampaign = await insertCampaign('org-campaign', organizationId, null, '2023-01-01');
  ids.opp1Campaign = await insertCampaign('opp1-campaign', organizationId, opp1, '2026-10-01');
  ids.opp2Campaign = await insertCampaign('opp2-campaign', organizationId, opp2!.id, '2026-10-02');
  ids.otherCampaign = await insertCampaign(
    'other-campaign',
    p.b.organizationId,
    elsewhere,
    '2026-10-03',
  );

  // The organization's campaign: 8 sign-ups (1 long ago, 5 the week before last, 2 last week).
  await signUp(ids.orgCampaign, '2023-03-01T10:00:00Z');
  const early: number[] = [];
  for (let i = 0; i < 5; i += 1) early.push(await signUp(ids.orgCampaign, '2026-11-10T08:00:00Z'));
  const late = [
    await signUp(ids.orgCampaign, '2026-11-17T08:00:00Z'),
    await signUp(ids.orgCampaign, '2026-11-18T08:00:00Z'),
  ];
  // 5 applicants: one applied twice (counted once, in the week of the first), four last week;
  // an application to another organization's opportunity is not the organization's to count.
  await apply(early[0]!, opp1, '2026-11-12T09:00:00Z');
  await apply(early[0]!, opp2!.id, '2026-11-19T09:00:00Z');
  for (const id of early.slice(1)) await apply(id, opp1, '2026-11-20T09:00:00Z');
  await apply(late[0]!, elsewhere, '2026-11-20T09:00:00Z');

  // The first opportunity's campaign: 5 sign-ups last week, 4 of whom applied to it; a fifth
  // applied only to another opportunity, which is not this campaign's.
  const through: number[] = [];
  for (let i = 0; i < 5; i += 1)
    through.push(await signUp(ids.opp1Campaign, '2026-11-17T12:00:00Z'));
  for (const id of through.slice(0, 4)) await apply(id, opp1, '2026-11-18T12:00:00Z');
  await apply(through[4]!, opp2!.id, '2026-11-18T12:00:00Z');
  // 40 earlier views of its page.
  await t.database.db
    .insert(campaignVisits)
    .values({ campaignId: ids.opp1Campaign, day: '2026-11-17', visits: 40 });

  // Candidates who came without a campaign, and the other organization's sign-ups.
  for (let i = 0; i < 6; i += 1) await signUp(null, '2026-11-17T12:00:00Z');
  for (let i = 0; i < 6; i += 1) await signUp(ids.otherCampaign, '2026-11-17T12:00:00Z');
});

afterAll(async () => {
  await t?.close();
});

const visit = (campaignId: number, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaignId}/visits`,
    headers: { 'user-agent': BROWSER, 'sec-fetch-site': 'same-origin', ...headers },
  });

const visitsOf = async (campaignId: number) =>
  (
    await t.database.db
      .select({ day: campaignVisits.day, visits: campaignVisits.visits })
      .from(campaignVisits)
      .where(eq(campaignVisits.campaignId, campaignId))
      .orderBy(campaignVisits.day)
  ).map((row) => [row.day, row.visits]);

async function analytics(who: Who, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/client/organization/analytics/campaigns${query}`,
    headers: headersOf(who),
  });
  return res;
}

// Three groups in order on the same campaigns: the views counted today, then the analytics with
// known answers, which include those views (4 of the first opportunity's campaign, 1 of the
// second's), then the organization's own views, which add to the counts the analytics read.
// In the first group the views of the first opportunity's campaign add up: 3, then the one
// without personal data. The tests of the other two groups need no order among themselves.
describe('views counted, then the analytics that read them', { shuffle: false }, () => {
  describe('counting visits', () => {
    it('counts each reported view once, by day, and nothing else', async () => {
      for (let i = 0; i < 3; i += 1) expect((await visit(ids.opp1Campaign)).statusCode).toBe(204);
      // What the server renderer and the browser's own navigation read does not count.
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/campaigns/opp1-campaign' })).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/campaigns/${ids.opp1Campaign}` }))
          .statusCode,
      ).toBe(200);
      expect(await visitsOf(ids.opp1Campaign)).toEqual([
        ['2026-11-17', 40],
        ['2026-11-25', 3],
      ]);
    });

    it('ignores bots, prefetches and views reported from another site', async () => {
      const before = await visitsOf(ids.opp2Campaign);
      expect((await visit(ids.opp2Campaign, { 'user-agent': 'Googlebot/2.1' })).statusCode).toBe(
        204,
      );
      expect((await visit(ids.opp2Campaign, { 'user-agent': '' })).statusCode).toBe(204);
      expect((await visit(ids.opp2Campaign, { 'sec-purpose': 'prefetch' })).statusCode).toBe(204);
      expect((await visit(ids.opp2Campaign, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(
        204,
      );
      expect(await visitsOf(ids.opp2Campaign)).toEqual(before);
      expect((await visit(ids.opp2Campaign)).statusCode).toBe(204);
      expect(await visitsOf(ids.opp2Campaign)).toEqual([...before, ['2026-11-25', 1]]);
    });

    it('answers 404 for a campaign that does not exist and 422 for what is no id', async () => {
      expect((await visit(2_000_000_000)).statusCode).toBe(404);
      expect((await visit('abc' as unknown as number)).statusCode).toBe(422);
    });

    it('keeps no personal data: a campaign, a day and a count are all the table has', async () => {
      const result = (await t.database.db.execute(sql`
      select column_name from information_schema.columns
      where table_name = 'campaign_visits' order by ordinal_position
    `)) as unknown as { rows: { column_name: string }[] };
      expect(result.rows.map((row) => row.column_name)).toEqual(['campaign_id', 'day', 'visits']);
      const res = await visit(ids.opp1Campaign, { 'x-forwarded-for': '203.0.113.9' });
      expect(res.headers['set-cookie']).toBeUndefined();
      const stored = JSON.stringify(await t.database.db.select().from(campaignVisits));
      expect(stored).not.toContain('203.0.113');
      expect(stored).not.toContain('Android');
    });
  });

  describe('campaign analytics', { shuffle: true }, () => {
    it('reports visits, sign-ups, applicants and conversions with known answers', async () => {
      const res = await analytics('primary', '?weeks=12');
      expect(res.statusCode, res.body).toBe(200);
      const body = campaignAnalytics.parse(res.json());
      expect(body.scope).toBe('organization');
      expect(body.to).toBe(THIS_WEEK);
      expect(body.from).toBe('2026-09-07');
      // Newest first; another organization's campaign is not there.
      expect(body.campaigns.map((c) => c.id)).toEqual([
        ids.opp2Campaign,
        ids.opp1Campaign,
        ids.orgCampaign,
      ]);
      const [opp2, opp1, org] = body.campaigns;

      // 40 + 3 + 1 views (the view without personal data above): visits are not people.
      expect(opp1).toMatchObject({
        visits: 44,
        signUps: 5,
        applicants: null,
        applicationRate: null,
      });
      expect(opp1!.signUpRate).toBeCloseTo(5 / 44);
      expect(opp1!.path).toBe('/campaign/opp1-campaign');
      const week = (row: typeof opp1, w: string) => row!.weeks.find((x) => x.week === w);
      expect(opp1!.weeks).toHaveLength(12);
      expect(week(opp1, LAST_WEEK)).toEqual({
        week: LAST_WEEK,
        visits: 40,
        signUps: 5,
        applicants: null,
      });
      expect(week(opp1, THIS_WEEK)).toEqual({
        week: THIS_WEEK,
        visits: 4,
        signUps: 0,
        applicants: 0,
      });

      // 8 sign-ups: 1 long ago, 5, then 2. Showing the 5 would let 8 - 5 read the 3 hidden.
      // 5 of the 8 applied: 8 - 5 would read the 3 who did not, so the applicants are hidden.
      expect(org).toMatchObject({
        visits: 0,
        signUps: 8,
        applicants: null,
        signUpRate: null,
        applicationRate: null,
      });
      expect(week(org, WEEK_BEFORE)).toEqual({
        week: WEEK_BEFORE,
        visits: 0,
        signUps: null,
        applicants: null,
      });
      expect(week(org, LAST_WEEK)).toEqual({
        week: LAST_WEEK,
        visits: 0,
        signUps: null,
        applicants: null,
      });

      expect(opp2).toMatchObject({ visits: 1, signUps: 0, applicants: 0, signUpRate: 0 });
      expect(opp2!.applicationRate).toBeNull();
    });

    it('never lets sign-ups minus applicants read the 1 to 4 people who did not apply', async () => {
      for (const who of ['primary', 'manager'] as const) {
        const body = campaignAnalytics.parse((await analytics(who, '?weeks=104')).json());
        for (const campaign of body.campaigns) {
          const rows = [campaign, ...campaign.weeks];
          for (const { signUps, applicants } of rows) {
            if (signUps === null || applicants === null) continue;
            const difference = signUps - applicants;
            expect(difference === 0 || difference >= 5, `${campaign.name}: ${difference}`).toBe(
              true,
            );
          }
          // Nor the applicants' total, worked out from the weeks shown.
          if (campaign.applicants === null && campaign.signUps !== null) {
            const shownWeeks = campaign.weeks.every((w) => w.applicants !== null);
            expect(shownWeeks && campaign.weeks.some((w) => (w.applicants ?? 0) > 0)).toBe(false);
          }
        }
      }
    });

    it('hides the same weeks however many weeks are asked for', async () => {
      const short = campaignAnalytics.parse((await analytics('primary', '?weeks=12')).json());
      const long = campaignAnalytics.parse((await analytics('primary', '?weeks=104')).json());
      const fallback = campaignAnalytics.parse((await analytics('primary')).json());
      expect(long.campaigns[0]!.weeks).toHaveLength(104);
      expect(fallback.campaigns[0]!.weeks).toHaveLength(26);
      for (const [i, campaign] of short.campaigns.entries()) {
        expect(long.campaigns[i]!.weeks.slice(-12)).toEqual(campaign.weeks);
        expect(long.campaigns[i]!.signUps).toBe(campaign.signUps);
      }
    });

    it('refuses a number of weeks it does not offer', async () => {
      const res = await analytics('primary', '?weeks=7');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ weeks: ['must be one of 12, 26, 52, 104'] });
    });

    it.each<[Who, number]>([
      ['guest', 401],
      ['candidate', 403],
      ['otherPrimary', 200],
      ['viewer', 200],
      ['manager', 200],
    ])('as %s: %i, with only the campaigns they may see', async (who, status) => {
      const res = await analytics(who);
      expect(res.statusCode, res.body).toBe(status);
      if (status !== 200) return;
      const body = campaignAnalytics.parse(res.json());
      const expected: Partial<Record<Who, number[]>> = {
        // Another organization's client sees none of this organization's campaigns.
        otherPrimary: [ids.otherCampaign],
        // An organization's own campaign speaks for the whole organization: primary users only.
        viewer: [],
        // A user who is not primary: the campaigns of the workspaces they manage.
        manager: [ids.opp1Campaign],
      };
      expect(body.campaigns.map((c) => c.id)).toEqual(expected[who]);
      expect(body.scope).toBe(who === 'otherPrimary' ? 'organization' : 'workspaces');
      if (who === 'manager')
        expect(body.campaigns[0]).toMatchObject({ signUps: 5, applicants: null });
      if (who === 'otherPrimary')
        expect(body.campaigns[0]).toMatchObject({ signUps: 6, visits: 0 });
    });
  });

  describe("the organization's own views", { shuffle: true }, () => {
    // After the known answers above: these views change the counts they read.
    const viewAs = (who: Who) => visit(ids.opp2Campaign, headersOf(who));
    const today = async () =>
      Number((await visitsOf(ids.opp2Campaign)).find(([day]) => day === '2026-11-25')?.[1] ?? 0);

    it.each<Who>(['primary', 'manager', 'viewer'])(
      'a client user of the campaign’s organization (%s) viewing its page is not counted',
      async (who) => {
        const before = await today();
        expect((await viewAs(who)).statusCode).toBe(204);
        expect(await today()).toBe(before);
      },
    );

    it.each<[string, Who]>([
      ['a guest', 'guest'],
      ['a candidate', 'candidate'],
      ['a client user of another organization', 'otherPrimary'],
    ])('%s viewing the page is counted', async (_label, who) => {
      const before = await today();
      expect((await viewAs(who)).statusCode).toBe(204);
      expect(await today()).toBe(before + 1);
    });

    it('a token that no longer holds reports a guest’s view: counted, never refused', async () => {
      const before = await today();
      const res = await visit(ids.opp2Campaign, { authorization: 'Bearer not-a-token' });
      expect(res.statusCode).toBe(204);
      expect(await today()).toBe(before + 1);
    });

    it('a client user of the organization reporting a view of a missing campaign gets 404', async () => {
      const res = await visit(2_000_000_000, headersOf('primary'));
      expect(res.statusCode).toBe(404);
    });
  });
});
