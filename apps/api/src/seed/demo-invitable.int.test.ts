import { clientEligibilitiesQuery } from '@pathways/shared/eligibility/client-eligibilities.schemas';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { opportunities, organizations } from '../db/schema/index.ts';
import { listVisible } from '../features/eligibility/client-eligibilities.repository.ts';
import { createTestDatabase } from '../test/db.ts';
import { seedDemoData } from './index.ts';

// The demo's primary client can try inviting at once: an Indlovu Bank workspace still taking
// applications has candidates who qualify, whom the client sees, and who have neither applied
// nor been invited.

const now = new Date('2026-11-20T08:00:00.000Z');
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedDemoData(database.db, { now, candidates: 40 })).toEqual({ seeded: true });
});
afterAll(async () => {
  await database?.drop();
});

it('has candidates the primary client can invite to an open Indlovu Bank workspace', async () => {
  const open = await database.db
    .select({ id: opportunities.id })
    .from(opportunities)
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .where(and(eq(organizations.name, 'Indlovu Bank'), gt(opportunities.closesAt, now)));
  expect(open.length).toBeGreaterThan(0);
  const query = clientEligibilitiesQuery.parse({
    eligible: 'true',
    applied: 'false',
    invited: 'false',
  });
  const { total } = await listVisible(
    database.db,
    open.map((o) => o.id),
    query,
  );
  // Two at least: the browser test and a person trying the demo may each invite one.
  expect(total).toBeGreaterThanOrEqual(2);
});
