import { organizationSeeds } from '../data/organizations.ts';
import { findPlace } from '../data/places.ts';
import * as s from '../../db/schema/index.ts';
import { insertAll, insertIds } from '../insert.ts';
import { must, streets, type DemoContext } from './context.ts';

/** The organizations and their offices; returns their ids in the order of the seeds. */
export async function insertOrganizations(ctx: DemoContext): Promise<number[]> {
  const { db, rng, at, jitter } = ctx;
  const organizationIds = await insertIds(
    db,
    s.organizations,
    organizationSeeds.map((o, i) => ({
      name: o.name,
      slug: o.slug,
      description: o.description,
      website: o.website,
      industry: o.industry,
      logo: null,
      createdAt: at(-720 + i * 7),
      updatedAt: at(-30),
    })),
  );
  await insertAll(
    db,
    s.organizationLocations,
    organizationSeeds.flatMap((o, i) =>
      o.offices.map((city, j) => {
        const place = findPlace(city);
        return {
          organizationId: must(organizationIds[i], 'organization'),
          name: j === 0 ? 'Head office' : `${city} office`,
          address: `${rng.int(1, 250)} ${rng.pick(streets)}, ${city}`,
          city,
          province: place.province,
          country: 'ZA',
          ...jitter(place, 0.01),
        };
      }),
    ),
  );
  return organizationIds;
}
