import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eligibilities, opportunities, requirements, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/index.ts';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/build-app.ts';
import { ok } from '../../test/factories.ts';

// The search over the seeded South African demo data, as Thandi (a complete candidate) and
// a guest see it.

let t: TestApp;
let token: string;
let thandiId: number;
const capeTown = 'latitude=-33.9249&longitude=18.4241';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { candidates: 20, now: t.clock.now });
  token = await loginAs(t.app, 'thandi@demo.test', DEMO_PASSWORD);
  const [thandi] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'thandi@demo.test'));
  thandiId = thandi!.id;
});

afterAll(async () => {
  await t?.close();
});

async function all(query: string, auth?: string): Promise<OpportunityListItem[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/${auth ? 'candidate/' : ''}opportunities?${query}&per=100`,
    headers: auth ? bearer(auth) : {},
  });
  return ok(res).items;
}

describe('search over the demo data', () => {
  it('lists every published opportunity not closed, Cape Town ones first', async () => {
    const published = and(
      isNotNull(opportunities.publishedAt),
      lte(opportunities.publishedAt, t.clock.now),
    );
    const idsWhere = async (where: ReturnType<typeof and>) =>
      (await t.database.db.select({ id: opportunities.id }).from(opportunities).where(where))
        .map((p) => p.id)
        .sort((a, b) => a - b);
    const listed = await idsWhere(
      and(published, or(isNull(opportunities.closesAt), gt(opportunities.closesAt, t.clock.now))),
    );
    const everyPublished = await idsWhere(published);
    // The demo has closed ones: they show only when asked for.
    expect(everyPublished.length).toBeGreaterThan(listed.length);
    const items = await all(capeTown);
    expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual(listed);
    const withClosed = await all(`${capeTown}&include_closed=true`);
    expect(withClosed.map((i) => i.id).sort((a, b) => a - b)).toEqual(everyPublished);
    const distances = items.map((i) => i.distanceInMeters!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(items[0]!.locations.some((l) => l.city === 'Cape Town')).toBe(true);
    expect(distances[0]).toBeLessThan(10_000);
  });

  it('shows Thandi her stored eligibilities, and filters to the ones she qualifies for', async () => {
    const stored = new Map(
      (
        await t.database.db
          .select({ opportunityId: eligibilities.opportunityId, eligible: eligibilities.eligible })
          .from(eligibilities)
          .where(eq(eligibilities.candidateId, thandiId))
      ).map((e) => [e.opportunityId, e.eligible]),
    );
    const items = await all(capeTown, token);
    for (const item of items) expect(item.eligible).toBe(stored.get(item.id) ?? null);
    const qualifying = await all(`${capeTown}&eligible=true`, token);
    expect(qualifying.length).toBeGreaterThan(0);
    expect(qualifying.map((i) => i.id)).toEqual(
      items.filter((i) => i.eligible === true).map((i) => i.id),
    );
  });

  it('filters by a seeded discipline requirement', async () => {
    const rows = await t.database.db
      .select({ opportunityId: requirements.opportunityId, criterion: requirements.criterion })
      .from(requirements)
      .where(eq(requirements.kind, 'qualification'));
    const fields = (r: (typeof rows)[number]) => (r.criterion.disciplineIds ?? []) as number[];
    const disciplineId = fields(rows.find((r) => fields(r).length > 0)!)[0]!;
    const expected = new Set(
      rows.filter((r) => fields(r).includes(disciplineId)).map((r) => r.opportunityId),
    );
    const items = await all(`${capeTown}&discipline=${disciplineId}`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => expected.has(i.id))).toBe(true);
  });

  it('gives a seeded job its JobPosting and shows its requirements in plain words', async () => {
    const job = (await all(`${capeTown}&kind=job`))[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/opportunities/${job.id}` });
    const detail = ok(res);
    expect(detail.jobPosting).toMatchObject({ '@type': 'JobPosting', title: job.name });
    expect(detail.jobPosting.hiringOrganization.name).toBe(job.organization.name);
    for (const r of detail.requirements) expect(typeof r.description).toBe('string');
  });

  it('draws the map around Thandi', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/opportunity_locations?geoCenter=-26.2041,28.0473&limit=20',
      headers: bearer(token),
    });
    const body = ok(res);
    expect(body.items).toHaveLength(20);
    const d = body.items.map((i: { distanceInMeters: number }) => i.distanceInMeters);
    expect(d).toEqual([...d].sort((a: number, b: number) => a - b));
  });
});
