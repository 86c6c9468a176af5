import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { eligibilities } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOpportunity, signedIn } from './eligibility.factories.ts';

// Stored eligibility follows the profile: a candidate's own write through the API (here, the
// driver's licence on the profile) refreshes their stored rows before the answer is sent.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function storedEligible(candidateId: number, opportunityId: number) {
  const [row] = await t.database.db
    .select({ eligible: eligibilities.eligible })
    .from(eligibilities)
    .where(
      and(
        eq(eligibilities.candidateId, candidateId),
        eq(eligibilities.opportunityId, opportunityId),
      ),
    );
  return row?.eligible;
}

it("refreshes the candidate's stored eligibility after a profile write", async () => {
  const candidate = await signedIn(t, 'candidate');
  const opportunity = await createOpportunity(t.database, t.clock.now, {
    criteria: [{ kind: 'drivers_license' }],
  });
  const first = await candidate.get(`/api/candidate/opportunities/${opportunity.id}/eligibility`);
  expect(first.statusCode).toBe(200);
  expect(first.json().eligible).toBe(false);
  expect(await storedEligible(candidate.userId, opportunity.id)).toBe(false);

  const saved = await candidate.patch('/api/candidate/profile', {
    profile: { driversLicense: true },
  });
  expect(saved.statusCode).toBe(200);
  expect(await storedEligible(candidate.userId, opportunity.id)).toBe(true);

  // A refused write changes nothing.
  const refused = await candidate.patch('/api/candidate/profile', {
    profile: { bornAt: 'not a date' },
  });
  expect(refused.statusCode).toBe(422);
  expect(await storedEligible(candidate.userId, opportunity.id)).toBe(true);
});
