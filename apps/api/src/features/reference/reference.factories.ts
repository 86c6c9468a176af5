import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';

let counter = 0;

/** Organizations with the given names, inserted straight into the database. */
export async function createOrganizations(database: Database, names: string[]) {
  return database.db
    .insert(organizations)
    .values(
      names.map((name) => {
        counter += 1;
        return {
          name,
          slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${counter}-${Date.now()}`,
          industry: 'Banking',
          website: 'https://example.test',
        };
      }),
    )
    .returning();
}
