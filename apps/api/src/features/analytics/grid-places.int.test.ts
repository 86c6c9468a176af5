import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureReferenceData } from '../../seed/reference.ts';
import { createTestDatabase } from '../../test/db.ts';

// Analytics names where applicants come from by the gazetteer place nearest each point of the
// 5 km grid their homes are on, which the database keeps per point (`grid_places`). Whatever is
// written to the places (added, moved, removed, two at the same spot, the reference seed) and to
// the homes (added, moved, removed), every home's point must be kept, and every kept point must
// name the place its definition gives: the nearest by distance, the lower id of two at the same
// distance, worked out here over every place without the index.

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const run = (query: SQL) => database.db.execute(query);

/** Kept points whose place is not the one the definition gives, as "point: kept / defined". */
async function wrongPoints(): Promise<string[]> {
  return (
    await rows<{ line: string }>(sql`
      with places as materialized (select id, latitude, longitude from locations),
      defined as (
        select g.grid_latitude, g.grid_longitude, g.location_id, (
          select d.id from (
            select pl.id, ll_to_earth(pl.latitude, pl.longitude)
                          <-> ll_to_earth(g.grid_latitude::float8, g.grid_longitude::float8) as distance
            from places pl) d
          order by d.distance, d.id limit 1) as nearest
        from grid_places g
      )
      select grid_latitude || ',' || grid_longitude || ': ' || location_id || ' / ' ||
             coalesce(nearest::text, 'none') as line
      from defined where location_id is distinct from nearest
      order by 1`)
  ).map((r) => r.line);
}

/** Homes whose point is not kept. */
async function missingPoints(): Promise<string[]> {
  return (
    await rows<{ line: string }>(sql`
      select distinct p.grid_latitude || ',' || p.grid_longitude as line
      from candidate_profiles p
      where p.grid_latitude is not null and exists (select 1 from locations)
        and not exists (select 1 from grid_places g
          where g.grid_latitude = p.grid_latitude and g.grid_longitude = p.grid_longitude)
      order by 1`)
  ).map((r) => r.line);
}

async function expectKeptAsDefined(): Promise<void> {
  expect(await missingPoints()).toEqual([]);
  expect(await wrongPoints()).toEqual([]);
}

let placesMade = 0;
async function addPlace(lat: number, lng: number): Promise<number> {
  placesMade += 1;
  const [row] = await rows<{ id: number }>(sql`
    insert into locations (address, city, province, latitude, longitude)
    values (${`Grid place ${placesMade}`}, ${`Town ${placesMade}`}, ${`Province ${placesMade % 9}`}, ${lat}, ${lng})
    returning id`);
  return row!.id;
}

let homesMade = 0;
async function addHome(lat: number, lng: number): Promise<number> {
  homesMade += 1;
  const [user] = await rows<{ id: number }>(sql`
    insert into users (email, role) values (${`grid-home-${homesMade}@example.test`}, 'candidate')
    returning id`);
  const [profile] = await rows<{ id: number }>(sql`
    insert into candidate_profiles (user_id, latitude, longitude) values (${user!.id}, ${lat}, ${lng})
    returning id`);
  return profile!.id;
}

const latitude = fc.double({ min: -35, max: -22, noNaN: true });
const longitude = fc.double({ min: 16, max: 33, noNaN: true });

type Step =
  | { kind: 'place'; lat: number; lng: number }
  | { kind: 'twin'; of: number }
  | { kind: 'movePlace'; which: number; lat: number; lng: number }
  | { kind: 'removePlace'; which: number }
  | { kind: 'home'; lat: number; lng: number }
  | { kind: 'moveHome'; which: number; lat: number; lng: number }
  | { kind: 'removeHome'; which: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('place' as const), lat: latitude, lng: longitude }),
  // A second place on the very spot of another: the lower id is the nearer.
  fc.record({ kind: fc.constant('twin' as const), of: fc.nat() }),
  fc.record({
    kind: fc.constant('movePlace' as const),
    which: fc.nat(),
    lat: latitude,
    lng: longitude,
  }),
  fc.record({ kind: fc.constant('removePlace' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('home' as const), lat: latitude, lng: longitude }),
  fc.record({
    kind: fc.constant('moveHome' as const),
    which: fc.nat(),
    lat: latitude,
    lng: longitude,
  }),
  fc.record({ kind: fc.constant('removeHome' as const), which: fc.nat() }),
);

describe('the place of each grid point', () => {
  it('is the nearest place for every home, whatever is written to places and homes', async () => {
    const places: number[] = [];
    const homes: number[] = [];
    const pick = (list: number[], n: number) => list[n % list.length]!;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'place') {
            places.push(await addPlace(s.lat, s.lng));
          } else if (s.kind === 'twin' && places.length > 0) {
            const [at] = await rows<{ lat: number; lng: number }>(
              sql`select latitude as lat, longitude as lng from locations where id = ${pick(places, s.of)}`,
            );
            places.push(await addPlace(Number(at!.lat), Number(at!.lng)));
          } else if (s.kind === 'movePlace' && places.length > 0) {
            await run(sql`update locations set latitude = ${s.lat}, longitude = ${s.lng}
              where id = ${pick(places, s.which)}`);
          } else if (s.kind === 'removePlace' && places.length > 0) {
            const id = pick(places, s.which);
            places.splice(places.indexOf(id), 1);
            await run(sql`delete from locations where id = ${id}`);
          } else if (s.kind === 'home') {
            homes.push(await addHome(s.lat, s.lng));
          } else if (s.kind === 'moveHome' && homes.length > 0) {
            await run(sql`update candidate_profiles set latitude = ${s.lat}, longitude = ${s.lng}
              where id = ${pick(homes, s.which)}`);
          } else if (s.kind === 'removeHome' && homes.length > 0) {
            await run(sql`update candidate_profiles set latitude = null, longitude = null
              where id = ${pick(homes, s.which)}`);
          }
        }
        await expectKeptAsDefined();
      }),
      { numRuns: 25 },
    );
  });

  it('names, for random points, the place the lookup of one point gives', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(latitude, longitude), { maxLength: 20 }), async (at) => {
        for (const [lat, lng] of at) await addHome(lat, lng);
        const differing = await rows<{ line: string }>(sql`
          select g.grid_latitude || ',' || g.grid_longitude as line
          from grid_places g
          cross join lateral nearest_place(g.grid_latitude::float8, g.grid_longitude::float8) n
          where n.location_id <> g.location_id`);
        expect(differing).toEqual([]);
      }),
      { numRuns: 10 },
    );
  });

  it('follows places written together, as the reference seed and a geocoder write them', async () => {
    await addHome(-33.92, 18.42);
    await addHome(-26.2, 28.05);
    await addHome(-29.86, 31.02);
    // Several places in one statement, then one of them again with new coordinates.
    await run(sql`
      insert into locations (address, city, province, latitude, longitude)
      select 'Bulk place ' || g, 'Bulk town ' || g, 'Bulk province', -34 + g * 0.7, 18 + g * 0.8
      from generate_series(0, 15) g`);
    await expectKeptAsDefined();
    await run(sql`
      insert into locations (address, city, province, latitude, longitude)
      values ('Bulk place 3', null, null, -26.21, 28.04)
      on conflict (address, country) do update
        set latitude = excluded.latitude, longitude = excluded.longitude`);
    await expectKeptAsDefined();
    await ensureReferenceData(database.db);
    await expectKeptAsDefined();
    const [kept] = await rows<{ n: number }>(sql`select count(*)::int as n from grid_places`);
    expect(kept!.n).toBeGreaterThan(0);
  });

  it('keeps no point while the gazetteer is empty, and every home again as places return', async () => {
    await run(sql`delete from locations`);
    const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from grid_places`);
    expect(left!.n).toBe(0);
    const home = await addHome(-33.92, 18.42);
    const place = await addPlace(-33.9, 18.4);
    await expectKeptAsDefined();
    await run(
      sql`update candidate_profiles set latitude = -26.2, longitude = 28.05 where id = ${home}`,
    );
    await expectKeptAsDefined();
    const [named] = await rows<{ id: number }>(sql`
      select location_id as id from grid_places where grid_latitude = -26.2 and grid_longitude = 28.05`);
    expect(named!.id).toBe(place);
  });
});
