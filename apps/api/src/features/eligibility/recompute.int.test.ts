import { criterion } from '@pathways/shared/eligibility/criteria';
import type { CriterionResult } from '@pathways/shared/eligibility/evaluate';
import { isoDay } from '@pathways/shared/profile/dates';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, seedDemoData } from '../../seed/index.ts';
import { eligibilities, opportunities, requirements, users } from '../../db/schema/index.ts';
import { inlineJobs } from '../../lib/jobs.ts';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/build-app.ts';
import { evaluateRules, loadRules } from './eligibility.engine.ts';
import { uploadDocument } from './eligibility.factories.ts';
import { eligibilityJobs, requestEligibilityRecompute } from './eligibility.jobs.ts';
import {
  eligibleOpportunityIdsQuery,
  prefilteredCandidateIds,
  publishedOpportunityIds,
  upsertEligibilities,
} from './eligibility.repository.ts';
import { prefilter } from './prefilter.ts';
import { loadSnapshots } from './snapshots.repository.ts';

// Eligibility on the demo data: realistic requirements, stored results for everyone, the SQL
// prefilter never losing an eligible candidate, and recomputation after profile and requirement
// changes.

let t: TestApp;
let thandi: { id: number; headers: { authorization: string } };
let admin: { headers: { authorization: string } };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { now: t.clock.now, candidates: 20 });
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'thandi@demo.test'));
  thandi = {
    id: row!.id,
    headers: bearer(await loginAs(t.app, 'thandi@demo.test', DEMO_PASSWORD)),
  };
  admin = { headers: bearer(await loginAs(t.app, 'admin@demo.test', DEMO_PASSWORD)) };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const jobs = () =>
  inlineJobs(eligibilityJobs({ db: db(), now: () => t.clock.now, log: t.app.log }));

async function opportunityNamed(name: string) {
  const [row] = await db().select().from(opportunities).where(eq(opportunities.name, name));
  return row!;
}

async function storedRow(candidateId: number, opportunityId: number) {
  const [row] = await db()
    .select()
    .from(eligibilities)
    .where(
      and(
        eq(eligibilities.candidateId, candidateId),
        eq(eligibilities.opportunityId, opportunityId),
      ),
    );
  return row;
}

// In order: what the demo data gives is read first, as seeded; the recomputations after it
// change profiles and requirements of the same data.
describe('eligibility over the demo data', { shuffle: false }, () => {
  describe('the demo data', () => {
    it('gives every opportunity one to four valid requirements', async () => {
      const all = await db().select({ id: opportunities.id }).from(opportunities);
      const rows = await db().select().from(requirements);
      for (const { id } of all) {
        const own = rows.filter((r) => r.opportunityId === id);
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(own.length).toBeLessThanOrEqual(4);
        for (const r of own) {
          expect(criterion.safeParse(r.criterion).success).toBe(true);
          expect(r.kind).toBe(r.criterion.kind);
          expect(r.description).toMatch(/^Needs /);
        }
      }
    });

    it('stores an eligibility for every candidate and published opportunity', async () => {
      const candidates = await db().$count(users, eq(users.role, 'candidate'));
      const published = (await publishedOpportunityIds(db())).length;
      const stored = await db().$count(
        eligibilities,
        inArray(eligibilities.opportunityId, await publishedOpportunityIds(db())),
      );
      expect(stored).toBe(candidates * published);
      // Applications refer their rows; clients invited some eligible candidates.
      expect(await db().$count(eligibilities, isNotNull(eligibilities.referredAt))).toBeGreaterThan(
        0,
      );
      const invited = await db()
        .select({ eligible: eligibilities.eligible })
        .from(eligibilities)
        .where(isNotNull(eligibilities.invitedAt));
      expect(invited.length).toBeGreaterThan(0);
      expect(invited.every((r) => r.eligible)).toBe(true);
    });

    it('makes Thandi eligible for some opportunities and not for others, saying why', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/candidate/eligibilities',
        headers: thandi.headers,
      });
      const items: { eligible: boolean; opportunity: { name: string } }[] = res.json().items;
      const eligibleFor = items.filter((i) => i.eligible).map((i) => i.opportunity.name);
      const notFor = items.filter((i) => !i.eligible).map((i) => i.opportunity.name);
      expect(eligibleFor).toEqual(
        expect.arrayContaining(['Graduate Programme: Technology', 'Software Developer Internship']),
      );
      expect(notFor).toEqual(
        expect.arrayContaining(['Candidate Attorney Programme', 'Engineering and ICT Bursary']),
      );

      const bursary = await opportunityNamed('Engineering and ICT Bursary');
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/candidate/opportunities/${bursary.id}/eligibility`,
        headers: thandi.headers,
      });
      const notMet = (check.json().criteria as CriterionResult[]).filter((c) => c.status !== 'met');
      expect(notMet).toEqual([
        expect.objectContaining({
          kind: 'documents',
          status: 'unmet',
          reason: 'Upload a transcript',
          action: {
            type: 'documents.transcript',
            label: 'Upload transcript',
            resolutionPath: '/candidate/documents?kind=transcript',
          },
        }),
      ]);
    });

    it('keeps the "I qualify" ids equal to what a fresh check says', async () => {
      const ids = (await eligibleOpportunityIdsQuery(db(), thandi.id)).map((r) => r.opportunityId);
      const published = await publishedOpportunityIds(db());
      const loaded = await loadRules(db(), published);
      const snapshot = (await loadSnapshots(db(), [thandi.id])).get(thandi.id)!;
      const fresh = published.filter(
        (id) => evaluateRules(snapshot, loaded.rules.get(id)!, loaded.names, t.clock.now).eligible,
      );
      expect(ids.sort((a, b) => a - b)).toEqual(fresh);
      expect(fresh.length).toBeGreaterThan(3);
      expect(fresh.length).toBeLessThan(published.length);
    });
  });

  describe('the SQL prefilter', () => {
    it('never leaves out a candidate the evaluation finds eligible, and leaves many out', async () => {
      const published = await publishedOpportunityIds(db());
      const loaded = await loadRules(db(), published);
      const candidateIds = (
        await db().select({ id: users.id }).from(users).where(eq(users.role, 'candidate'))
      ).map((r) => r.id);
      const snapshots = await loadSnapshots(db(), candidateIds);
      let kept = 0;
      let eligibleCount = 0;
      for (const id of published) {
        const rules = loaded.rules.get(id)!;
        const condition = prefilter(
          rules.requirements.map((r) => r.parsed!.criterion),
          id,
          isoDay(t.clock.now),
        );
        const passing = new Set(await prefilteredCandidateIds(db(), condition));
        const eligible = candidateIds.filter(
          (c) => evaluateRules(snapshots.get(c)!, rules, loaded.names, t.clock.now).eligible,
        );
        for (const c of eligible)
          expect(passing.has(c), `opportunity ${id}, candidate ${c}`).toBe(true);
        kept += passing.size;
        eligibleCount += eligible.length;
      }
      expect(eligibleCount).toBeGreaterThan(0);
      // Most pairs are ruled out in SQL (the demo's requirements are selective).
      expect(kept).toBeLessThan((candidateIds.length * published.length) / 2);
    });
  });

  describe('recomputation', () => {
    it('after a profile change: that candidate’s rows change', async () => {
      const learnership = await opportunityNamed('Branch Banking Learnership');
      const bursary = await opportunityNamed('Engineering and ICT Bursary');
      expect((await storedRow(thandi.id, learnership.id))?.eligible).toBe(true);
      expect((await storedRow(thandi.id, bursary.id))?.eligible).toBe(false);

      // Thandi moves to Polokwane (far from every branch) and uploads her transcript.
      const moved = await t.app.inject({
        method: 'PATCH',
        url: '/api/candidate/profile',
        headers: thandi.headers,
        payload: {
          profile: { location: { latitude: -23.9045, longitude: 29.4689, address: 'Polokwane' } },
        },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await uploadDocument(t.database, thandi.id, 'transcript');
      t.clock.advance(60_000);
      await requestEligibilityRecompute(jobs(), { candidateId: thandi.id });

      const after = await storedRow(thandi.id, learnership.id);
      expect(after).toMatchObject({ eligible: false, checkedAt: t.clock.now });
      expect(
        (after!.criteria as CriterionResult[]).find((c) => c.kind === 'distance'),
      ).toMatchObject({
        status: 'unmet',
        reason: expect.stringMatching(
          /km from the nearest location \(Pretoria\), needs within 50 km$/,
        ),
      });
      expect(await storedRow(thandi.id, bursary.id)).toMatchObject({
        eligible: true,
        // Her application still refers the row.
        referredAt: expect.any(Date),
      });
    });

    it('after a requirement change: the opportunity’s rows change, set-based', async () => {
      const scholarship = await opportunityNamed('Community Scholarship: Bojanala');
      const before = await db()
        .select()
        .from(eligibilities)
        .where(
          and(eq(eligibilities.opportunityId, scholarship.id), eq(eligibilities.eligible, true)),
        );
      expect(before.length).toBeGreaterThan(1);
      const snapshots = await loadSnapshots(
        db(),
        before.map((r) => r.candidateId),
      );
      const drivers = before.filter((r) => snapshots.get(r.candidateId)!.driversLicense === true);
      expect(drivers.length).toBeLessThan(before.length);

      t.clock.advance(60_000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/requirements',
        headers: admin.headers,
        payload: {
          requirement: { opportunityId: scholarship.id, criterion: { kind: 'drivers_license' } },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const after = await db()
        .select()
        .from(eligibilities)
        .where(eq(eligibilities.opportunityId, scholarship.id));
      expect(
        after
          .filter((r) => r.eligible)
          .map((r) => r.candidateId)
          .sort(),
      ).toEqual(drivers.map((r) => r.candidateId).sort());
      // Every stored row was refreshed, not only the eligible ones.
      expect(after.every((r) => r.checkedAt?.getTime() === t.clock.now.getTime())).toBe(true);
      const ids = (await eligibleOpportunityIdsQuery(db(), before[0]!.candidateId)).map(
        (r) => r.opportunityId,
      );
      expect(ids.includes(scholarship.id)).toBe(
        drivers.some((r) => r.candidateId === before[0]!.candidateId),
      );
    });

    it('never lets an older result overwrite a newer one', async () => {
      const opportunity = await opportunityNamed('Graduate Programme: Technology');
      const current = (await storedRow(thandi.id, opportunity.id))!;
      const older = new Date(current.checkedAt!.getTime() - 1000);
      const written = await upsertEligibilities(db(), [
        {
          candidateId: thandi.id,
          opportunityId: opportunity.id,
          eligible: false,
          criteria: [],
          checkedAt: older,
        },
      ]);
      expect(written).toEqual([]);
      expect(await storedRow(thandi.id, opportunity.id)).toMatchObject({
        eligible: current.eligible,
        checkedAt: current.checkedAt,
      });
    });
  });
});
