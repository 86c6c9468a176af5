import { publicListing } from '@pathways/shared/listings/listings.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  listingOpportunities,
  listings,
  opportunities,
  opportunityLocations,
  organizations,
} from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';

// GET /api/listings/{id}: a published listing, its published opportunities in curated order.

let t: TestApp;
const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(t.clock.now.getTime() + days * DAY);

let organizationId: number;
let opportunityIds: { first: number; second: number; third: number; draft: number };
let listingIds: { published: number; draft: number; scheduled: number; empty: number };

async function insertOpportunity(name: string, publishedAt: Date | null, extra = {}) {
  const [row] = await t.database.db
    .insert(opportunities)
    .values({
      organizationId,
      kind: 'bursary',
      name,
      summary: `${name} summary`,
      publishedAt,
      opensAt: daysFromNow(-5),
      closesAt: daysFromNow(30),
      ...extra,
    })
    .returning({ id: opportunities.id });
  return row!.id;
}

async function insertListing(values: { name: string; publishedAt: Date | null }, items: number[]) {
  const [row] = await t.database.db
    .insert(listings)
    .values({ organizationId, description: 'Curated for you.', ...values })
    .returning({ id: listings.id });
  if (items.length > 0) {
    await t.database.db
      .insert(listingOpportunities)
      .values(
        items.map((opportunityId, position) => ({ listingId: row!.id, opportunityId, position })),
      );
  }
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const [organization] = await t.database.db
    .insert(organizations)
    .values({ name: 'Listing Bank', slug: 'listing-bank', logo: 'https://cdn.example/bank.png' })
    .returning({ id: organizations.id });
  organizationId = organization!.id;
  opportunityIds = {
    first: await insertOpportunity('Alpha Bursary', daysFromNow(-10)),
    second: await insertOpportunity('Beta Bursary', daysFromNow(-9), {
      kind: 'job',
      logo: 'https://cdn.example/beta.png',
      opensAt: daysFromNow(-40),
      closesAt: daysFromNow(-1),
    }),
    third: await insertOpportunity('Gamma Scholarship', daysFromNow(-8), { kind: 'scholarship' }),
    draft: await insertOpportunity('Draft Bursary', null),
  };
  await t.database.db.insert(opportunityLocations).values([
    {
      opportunityId: opportunityIds.third,
      address: '1 Long Street, Cape Town',
      city: 'Cape Town',
      latitude: -33.92,
      longitude: 18.42,
    },
  ]);
  // Curated order differs from the order of ids; the draft opportunity is never shown.
  listingIds = {
    published: await insertListing({ name: 'Our intake', publishedAt: daysFromNow(-1) }, [
      opportunityIds.third,
      opportunityIds.draft,
      opportunityIds.first,
      opportunityIds.second,
    ]),
    draft: await insertListing({ name: 'Draft list', publishedAt: null }, [opportunityIds.first]),
    scheduled: await insertListing({ name: 'Next week', publishedAt: daysFromNow(7) }, [
      opportunityIds.first,
    ]),
    empty: await insertListing({ name: 'Nothing yet', publishedAt: daysFromNow(-1) }, []),
  };
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/listings/{id}', () => {
  it('answers a published listing with its organization and its opportunities in curated order', async () => {
    const res = await get(`/api/listings/${listingIds.published}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = publicListing.parse(res.json());
    expect(body).toMatchObject({
      id: listingIds.published,
      name: 'Our intake',
      description: 'Curated for you.',
      organization: {
        id: organizationId,
        name: 'Listing Bank',
        logo: 'https://cdn.example/bank.png',
      },
    });
    expect(body.items.map((i) => i.name)).toEqual([
      'Gamma Scholarship',
      'Alpha Bursary',
      'Beta Bursary',
    ]);
    const [gamma, alpha, beta] = body.items;
    expect(gamma).toMatchObject({
      id: opportunityIds.third,
      kind: 'scholarship',
      summary: 'Gamma Scholarship summary',
      isOpen: true,
      logo: 'https://cdn.example/bank.png',
      distanceInMeters: null,
      locations: [{ address: '1 Long Street, Cape Town', city: 'Cape Town', latitude: -33.92 }],
      organization: { id: organizationId, name: 'Listing Bank' },
    });
    expect(alpha?.locations).toEqual([]);
    // Its own logo wins; a closed opportunity is listed, and says it is closed.
    expect(beta).toMatchObject({ logo: 'https://cdn.example/beta.png', isOpen: false });
    // Guests get no eligibility field.
    expect(gamma).not.toHaveProperty('eligible');
  });

  it('answers a published listing without opportunities with no items', async () => {
    const res = await get(`/api/listings/${listingIds.empty}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nothing yet', items: [] });
  });

  it('follows the organization: an opportunity taken off the site leaves the list', async () => {
    await t.database.db
      .update(opportunities)
      .set({ publishedAt: null })
      .where(eq(opportunities.id, opportunityIds.first));
    try {
      const res = await get(`/api/listings/${listingIds.published}`);
      expect(res.json().items.map((i: { name: string }) => i.name)).toEqual([
        'Gamma Scholarship',
        'Beta Bursary',
      ]);
    } finally {
      await t.database.db
        .update(opportunities)
        .set({ publishedAt: daysFromNow(-10) })
        .where(eq(opportunities.id, opportunityIds.first));
    }
  });

  it('is 404 for a draft, for a listing published later, and for an unknown id', async () => {
    for (const id of [listingIds.draft, listingIds.scheduled, 987_654, 2_147_483_647]) {
      const res = await get(`/api/listings/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('shows a scheduled listing once its moment has come', async () => {
    t.clock.advance(8 * DAY);
    try {
      expect((await get(`/api/listings/${listingIds.scheduled}`)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-8 * DAY);
    }
  });

  it('refuses a malformed id with a 4xx, never a 500', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%27%3B--', ' ']) {
      const res = await get(`/api/listings/${id}`);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    expect((await get('/api/listings/abc')).statusCode).toBe(422);
  });

  it('is public: a stale bearer token does not matter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/listings/${listingIds.published}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the demo listings', () => {
  it('are seeded for the demo organizations, one of them a draft', async () => {
    const demo = await createTestApp();
    try {
      expect(await seedDemoData(demo.database.db, { candidates: 0, now: demo.clock.now })).toEqual({
        seeded: true,
      });
      const rows = await demo.database.db.select().from(listings).orderBy(listings.id);
      expect(rows.map((r) => [r.name, r.publishedAt !== null])).toEqual([
        [expect.stringMatching(/^Graduate and bursary intake \d{4}$/), true],
        ['Engineering and technology careers fair', true],
        ['Vacation work (in preparation)', false],
      ]);
      const bank = await demo.app.inject({ method: 'GET', url: `/api/listings/${rows[0]!.id}` });
      expect(bank.statusCode).toBe(200);
      expect(bank.json()).toMatchObject({ organization: { name: 'Indlovu Bank' } });
      expect(bank.json().items.map((i: { name: string }) => i.name)).toEqual([
        'Graduate Programme: Technology',
        'Graduate Programme: Finance and Risk',
        'Indlovu Bank Actuarial Science Bursary',
        'Branch Banking Learnership',
        'Indlovu Bank Postgraduate Scholarship',
      ]);
      const draft = await demo.app.inject({ method: 'GET', url: `/api/listings/${rows[2]!.id}` });
      expect(draft.statusCode).toBe(404);
    } finally {
      await demo.close();
    }
  });
});
