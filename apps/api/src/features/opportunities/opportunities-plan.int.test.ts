import { opportunitySearchQuery } from '@pathways/shared/opportunities/opportunities.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DbOrTx } from '../../db/client.ts';
import { createTestDatabase } from '../../test/db.ts';
import {
  columnPageSql,
  countMatching,
  nearestLocationsWalkSql,
  newestFirstPageSql,
  nearestMatchingSql,
  nearestWalkSql,
  pageNearest,
  type Point,
  type SearchScope,
} from './search.repository.ts';
import { listRowsSql } from './opportunities.repository.ts';
import { createOpportunitiesService } from './opportunities.service.ts';

// The query plans of the distance search at a volume where plans matter: 20 000 locations of
// 10 000 opportunities. A page must come from the GiST index, walked from the point outwards,
// reading a few hundred locations rather than the table. (Plans are facts; timings are not
// asserted here: bench/search.ts measures them.)

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const LOCATIONS = 20_000;
const capeTown: Point = { latitude: -33.9249, longitude: 18.4241 };
const now = new Date('2026-11-20T08:00:00.000Z');
const everything: SearchScope = { now, filters: {} };

let database: TestDatabase;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function explain(query: SQL, analyze = false, db: DbOrTx = database.db): Promise<string> {
  const plan = await rows<Record<string, string>>(
    db,
    analyze ? sql`explain (analyze, costs off) ${query}` : sql`explain ${query}`,
  );
  return plan.map((r) => Object.values(r)[0]).join('\n');
}

/**
 * A walk outwards from the point may read either GiST index on the locations' earth points: the
 * one on the point alone, or the one on the opportunity and the point (its second column orders
 * by distance too). Either reads the same nearest locations in the same order.
 */
const DISTANCE_INDEX = /using opportunity_locations_(opportunity_)?earth_idx/;

/** Rows the GiST index scan produced, from EXPLAIN ANALYZE ("rows=26" or "rows=26.00"). */
function indexRows(plan: string): number {
  const line = plan.split('\n').find((l) => DISTANCE_INDEX.test(l));
  const match = line && /actual [^)]*rows=([\d.]+)/.exec(line);
  if (!match) throw new Error(`no GiST index scan in:\n${plan}`);
  return Number(match[1]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Spread over South Africa by fixed arithmetic, so both engines get the same points.
  await database.db.execute(sql`
    insert into organizations (name, slug)
    select 'Organization ' || g, 'plan-org-' || g from generate_series(1, 50) g`);
  await database.db.execute(sql`
    insert into opportunities (organization_id, kind, name, published_at, opens_at, closes_at)
    select (select min(id) from organizations) + g % 50,
      (array['job', 'bursary', 'scholarship'])[1 + g % 3]::opportunity_kind,
      'Opportunity ' || g,
      ${now.toISOString()}::timestamptz - interval '30 days',
      ${now.toISOString()}::timestamptz - (g % 40) * interval '1 day',
      ${now.toISOString()}::timestamptz + (g % 50 - g % 40 + 5) * interval '1 day'
    from generate_series(1, ${LOCATIONS / 2}) g`);
  await database.db.execute(sql`
    insert into opportunity_locations (opportunity_id, address, latitude, longitude)
    select (select min(id) from opportunities) + (g * 7) % ${LOCATIONS / 2},
      g || ' Main Road',
      -34.6 + ((g::bigint * 7919) % 12000) / 1000.0,
      17 + ((g::bigint * 104729) % 15500) / 1000.0
    from generate_series(1, ${LOCATIONS}) g`);
  await database.db.execute(sql`analyze`);
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('distance search plans', () => {
  it('walks the GiST index for a page, reading one bounded batch', async () => {
    const page = nearestWalkSql(everything, capeTown, { limit: 25, offset: 0 }, 160);
    const plan = await explain(page);
    expect(plan).toMatch(DISTANCE_INDEX);
    expect(plan).toMatch(/Order By: .*<->/);
    expect(plan).not.toMatch(/Seq Scan on opportunity_locations/);
    expect(indexRows(await explain(page, true))).toBeLessThanOrEqual(160);
  });

  it('walks the index the same way with filters, a later page and a text search', async () => {
    const scope: SearchScope = {
      now,
      filters: { kinds: ['bursary'], open: true, search: 'Opportunity 1' },
    };
    const page = nearestWalkSql(scope, capeTown, { limit: 10, offset: 30 }, 4000);
    const plan = await explain(page, true);
    expect(plan).toMatch(DISTANCE_INDEX);
    expect(plan).not.toMatch(/Seq Scan on opportunity_locations/);
    expect(indexRows(plan)).toBeLessThanOrEqual(4000);
  });

  it('answers the map from the index too', async () => {
    const plan = await explain(nearestLocationsWalkSql(everything, capeTown, 500, 750), true);
    expect(plan).toMatch(DISTANCE_INDEX);
    expect(plan).not.toMatch(/Seq Scan on opportunity_locations/);
    expect(indexRows(plan)).toBeLessThanOrEqual(750);
  });

  it("measures a narrow filter's matches by a nearest-first lookup in each one's own places", async () => {
    const scope: SearchScope = { now, filters: { search: 'Opportunity 123' } };
    const plan = await explain(
      nearestMatchingSql(scope, capeTown, 'ASC', { limit: 25, offset: 0 }),
    );
    // The opportunity's places only (Index Cond), read nearest first (Order By): never a walk
    // of every location that throws away other opportunities' places.
    expect(plan).toMatch(
      /using opportunity_locations_opportunity_earth_idx[^\n]*\n\s*Index Cond: \(opportunity_id = o\.id\)\n\s*Order By: .*<->/,
    );
    expect(plan).not.toMatch(/Seq Scan on opportunity_locations/);
    expect(plan).not.toMatch(/Filter: \(opportunity_id = /);
  });

  it("reads a page's nearest places from each opportunity's own places, nearest first", async () => {
    const ids = await rows<{ id: number }>(
      database.db,
      sql`select id from opportunities order by id limit 10`,
    );
    const plan = await explain(
      listRowsSql(
        ids.map((r) => Number(r.id)),
        { now, center: capeTown },
      ),
      true,
    );
    expect(plan).toMatch(
      /using opportunity_locations_opportunity_earth_idx[^\n]*\n\s*Index Cond: \(opportunity_id = o\.id\)\n\s*Order By: .*<->/,
    );
    expect(plan).not.toMatch(/Seq Scan on opportunity_locations/);
  });

  it('reads a newest-first page from the opening-date index, not every match', async () => {
    for (const paging of [
      { limit: 25, offset: 0 },
      { limit: 10, offset: 40 },
    ]) {
      const plan = await explain(newestFirstPageSql(everything, paging));
      expect(plan).toContain('opportunities_newest_idx');
      expect(plan).not.toMatch(/Seq Scan on opportunities/);
    }
  });

  it('reaches what is not closed through the closing index once most are closed', async () => {
    // Years of opportunities: 40 000 closed ones beside the 10 000 of this file, rolled back after.
    let plan = '';
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into opportunities (organization_id, kind, name, published_at, opens_at, closes_at)
          select (select min(id) from organizations), 'job', 'Closed ' || g,
            ${now.toISOString()}::timestamptz - interval '400 days',
            ${now.toISOString()}::timestamptz - interval '300 days',
            ${now.toISOString()}::timestamptz - (1 + g % 200) * interval '1 day'
          from generate_series(1, 40000) g`);
        await tx.execute(sql`analyze opportunities`);
        const stillListed = await countMatching(tx, everything);
        expect(stillListed.published - stillListed.total).toBeGreaterThanOrEqual(40_000);
        // Closing soonest, the order the closing filter serves best.
        plan = await explain(
          columnPageSql(everything, 'closes_at', 'ASC', { limit: 25, offset: 0 }),
          false,
          tx,
        );
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
      });
    expect(plan).toContain('opportunities_closes_idx');
    expect(plan).not.toMatch(/Seq Scan on opportunities/);
  });

  it('gives the same pages by either strategy, in haversine order', async () => {
    const points = await rows<{ opportunity_id: number; latitude: number; longitude: number }>(
      database.db,
      sql`select opportunity_id, latitude, longitude from opportunity_locations`,
    );
    const opportunityRows = await rows<{ id: number; kind: string; closed: boolean }>(
      database.db,
      sql`select id, kind, closes_at <= ${now.toISOString()}::timestamptz as closed
        from opportunities`,
    );
    const kinds = new Map(opportunityRows.map((r) => [Number(r.id), r.kind]));
    // Closed ones are not listed (unless asked for), so they take no place in the order.
    const closed = new Set(opportunityRows.filter((r) => r.closed).map((r) => Number(r.id)));
    expect(closed.size).toBeGreaterThan(0);
    const rad = Math.PI / 180;
    const haversine = (p: Point) => {
      const s1 = Math.sin(((p.latitude - capeTown.latitude) * rad) / 2);
      const s2 = Math.sin(((p.longitude - capeTown.longitude) * rad) / 2);
      const h = s1 * s1 + Math.cos(capeTown.latitude * rad) * Math.cos(p.latitude * rad) * s2 * s2;
      return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
    };
    const nearest = new Map<number, number>();
    for (const p of points) {
      const id = Number(p.opportunity_id);
      const d = haversine({ latitude: Number(p.latitude), longitude: Number(p.longitude) });
      if (!nearest.has(id) || d < nearest.get(id)!) nearest.set(id, d);
    }
    const ranked = [...nearest]
      .filter(([id]) => !closed.has(id))
      .sort((a, b) => a[1] - b[1] || a[0] - b[0])
      .map(([id]) => id);

    // The repository's two strategies, the walk starting from its smallest batch.
    for (const strategy of ['walk', 'matching'] as const) {
      const ids: number[] = [];
      for (let page = 0; page < 3; page += 1) {
        const paging = { limit: 25, offset: page * 25 };
        ids.push(
          ...(await pageNearest(database.db, everything, capeTown, 'ASC', paging, { strategy })),
        );
      }
      expect(ids).toEqual(ranked.slice(0, 75));
    }

    // The service at this volume walks (10 000 matches), with and without a filter.
    const service = createOpportunitiesService({
      db: database.db,
      now: () => now,
      config: { appUrl: 'http://pathways.test' },
    });
    const bursaries = ranked.filter((id) => kinds.get(id) === 'bursary');
    for (const [kind, expected] of [
      [undefined, ranked],
      ['bursary', bursaries],
    ] as const) {
      const third = await service.search(
        opportunitySearchQuery.parse({ ...capeTown, kind, per: 20, page: 3 }),
      );
      expect(third.total).toBe(expected.length);
      expect(third.items.map((i) => i.id)).toEqual(expected.slice(40, 60));
    }
  });
});
