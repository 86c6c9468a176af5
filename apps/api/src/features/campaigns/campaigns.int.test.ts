import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { campaignAliases, campaigns, opportunities, organizations } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';

// Campaign pages and legacy short paths over the seeded demo data (aliases are data).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.database.db, { candidates: 2, now: t.clock.now })).toEqual({
    seeded: true,
  });
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function campaignBySlug(slug: string) {
  const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.slug, slug));
  return row!;
}

describe('GET /api/campaigns/{id}', () => {
  it('finds an opportunity campaign by slug, with its organization and opportunity', async () => {
    const row = await campaignBySlug('ibtech');
    const [opportunity] = await t.database.db
      .select()
      .from(opportunities)
      .where(eq(opportunities.id, row.opportunityId!));
    const [organization] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, row.organizationId));
    const res = await get('/api/campaigns/ibtech');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: row.id,
      slug: 'ibtech',
      name: row.name,
      kind: 'opportunity',
      description: row.description,
      image: null,
      copy: {},
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      organization: { id: organization!.id, name: 'Indlovu Bank', logo: organization!.logo },
      opportunity: { id: opportunity!.id, name: opportunity!.name },
    });
  });

  it('finds the same campaign by numeric id, and by slug in any case', async () => {
    const row = await campaignBySlug('ibtech');
    const byId = await get(`/api/campaigns/${row.id}`);
    const upper = await get('/api/campaigns/IBTech');
    expect(byId.json()).toEqual((await get('/api/campaigns/ibtech')).json());
    expect(upper.json()).toEqual(byId.json());
  });

  it('gives an organization campaign without an opportunity', async () => {
    const res = await get('/api/campaigns/indlovu');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      slug: 'indlovu',
      kind: 'organization',
      organization: { name: 'Indlovu Bank' },
      opportunity: null,
    });
  });

  it('follows a legacy code to its campaign, so /campaign/{old code} works too', async () => {
    const res = await get('/api/campaigns/ibgt');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'ibtech', kind: 'opportunity' });
  });

  it('is 404 for unknown campaigns and 422 for malformed keys, never 500', async () => {
    for (const key of ['no-such-campaign', '987654', '99999999999']) {
      const res = await get(`/api/campaigns/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    for (const key of ['bad%20code', 'a.b', '%27%3B--']) {
      expect((await get(`/api/campaigns/${key}`)).statusCode, key).toBe(422);
    }
    // Fastify refuses path parameters over 100 characters before routing.
    expect((await get(`/api/campaigns/${'x'.repeat(101)}`)).statusCode).toBe(414);
  });
});

describe('GET /api/campaign_aliases/{alias}', () => {
  it('says where a legacy short path leads', async () => {
    const row = await campaignBySlug('ibtech');
    const res = await get('/api/campaign_aliases/ibgt');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      alias: 'ibgt',
      campaign: { id: row.id, slug: 'ibtech' },
      path: '/campaign/ibgt',
    });
    expect((await get('/api/campaign_aliases/IB-TECH-GRAD')).json()).toMatchObject({
      alias: 'ib-tech-grad',
      path: '/campaign/ib-tech-grad',
    });
  });

  it('resolves every seeded alias to a campaign page that exists', async () => {
    const aliases = await t.database.db
      .select({ alias: campaignAliases.alias, slug: campaigns.slug })
      .from(campaignAliases)
      .innerJoin(campaigns, eq(campaigns.id, campaignAliases.campaignId))
      .orderBy(asc(campaignAliases.alias));
    expect(aliases.length).toBeGreaterThanOrEqual(40);
    for (const { alias, slug } of aliases) {
      const res = await get(`/api/campaign_aliases/${alias}`);
      expect(res.statusCode, alias).toBe(200);
      expect(res.json().path).toBe(`/campaign/${alias}`);
      // The page at /campaign/{code} shows the campaign the code belongs to.
      const page = await get(`/api/campaigns/${alias}`);
      expect(page.statusCode, alias).toBe(200);
      expect(page.json().slug, alias).toBe(slug);
    }
  });

  it('is 404 for paths that are not aliases, slugs included', async () => {
    for (const path of ['employers', 'opportunities', 'ibtech', 'nothing-here']) {
      expect((await get(`/api/campaign_aliases/${path}`)).statusCode, path).toBe(404);
    }
    expect((await get('/api/campaign_aliases/a%2Fb')).statusCode).toBe(422);
  });
});
