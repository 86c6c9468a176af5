import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { candidateProfiles } from '../../db/schema/index.ts';
import { createUser } from '../../test/build-app.ts';
import { createTestDatabase } from '../../test/db.ts';

// Analytics looks places up by each home's point on a 5 km grid, which the database keeps with
// the profile. Whatever is written to the coordinates, the stored point must be the home rounded
// to 0.05 degrees, and no point at all once the home is removed.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let profileId: number;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

type Grid = {
  lat: string | null;
  lng: string | null;
  want_lat: string | null;
  want_lng: string | null;
};

async function grid(): Promise<Grid> {
  const result = (await database.db.execute(sql`
    select grid_latitude::text as lat, grid_longitude::text as lng,
           (round(latitude::numeric * 20) / 20)::text as want_lat,
           (round(longitude::numeric * 20) / 20)::text as want_lng
    from candidate_profiles where id = ${profileId}`)) as unknown as { rows: Grid[] };
  return result.rows[0]!;
}

describe("a home's point on the analytics grid", () => {
  it('follows the coordinates as they are written, changed and removed', async () => {
    const candidate = await createUser(database, { role: 'candidate' });
    const [row] = await database.db
      .insert(candidateProfiles)
      .values({ userId: candidate.id, latitude: -33.93, longitude: 18.42 })
      .onConflictDoUpdate({
        target: candidateProfiles.userId,
        set: { latitude: -33.93, longitude: 18.42 },
      })
      .returning({ id: candidateProfiles.id });
    profileId = row!.id;
    let now = await grid();
    expect([Number(now.lat), Number(now.lng)]).toEqual([-33.95, 18.4]);
    expect([now.lat, now.lng]).toEqual([now.want_lat, now.want_lng]);

    await database.db.execute(
      sql`update candidate_profiles set latitude = -26.2041, longitude = 28.0473 where id = ${profileId}`,
    );
    now = await grid();
    expect([Number(now.lat), Number(now.lng)]).toEqual([-26.2, 28.05]);
    expect([now.lat, now.lng]).toEqual([now.want_lat, now.want_lng]);

    await database.db.execute(
      sql`update candidate_profiles set latitude = null, longitude = null where id = ${profileId}`,
    );
    expect(await grid()).toEqual({ lat: null, lng: null, want_lat: null, want_lng: null });
  });
});
