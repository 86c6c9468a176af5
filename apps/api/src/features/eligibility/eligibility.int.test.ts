import {
  campaignEligibilityList,
  eligibilityDetail,
  eligibilityList,
} from '@pathways/shared/eligibility/eligibility.schemas';
import { ageOn } from '@pathways/shared/eligibility/snapshot';
import { isoDay } from '@pathways/shared/profile/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eligibilities, opportunities } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  DAY,
  addRequirement,
  capeTown,
  createCampaign,
  createOpportunity,
  createOrganization,
  sandton,
  setProfile,
  signedIn,
  type Client,
} from './eligibility.factories.ts';

// The candidate's eligibility endpoints (the stored list, one opportunity's check, a campaign's
// eligibilities) over HTTP on a real database.

let t: TestApp;
let candidate: Client;
const now = () => t.clock.now;

beforeAll(async () => {
  t = await createTestApp();
  candidate = await signedIn(t);
  // Lives in Rondebosch, born 14 March 2000, says nothing else.
  await setProfile(t.database, candidate.userId, {
    bornAt: '2000-03-14',
    latitude: -33.9588,
    longitude: 18.4719,
  });
});
afterAll(async () => {
  await t?.close();
});

async function stored(candidateId: number, opportunityId: number) {
  const [row] = await t.database.db
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

describe('GET /api/candidate/opportunities/:id/eligibility', () => {
  it('checks now, stores the result and answers every criterion with its reason', async () => {
    const opportunity = await createOpportunity(t.database, now(), {
      places: [sandton, capeTown],
      criteria: [
        { kind: 'distance', maximumKm: 25 },
        { kind: 'age', maximum: 22 },
        { kind: 'drivers_license' },
      ],
    });
    const res = await candidate.get(`/api/candidate/opportunities/${opportunity.id}/eligibility`);
    expect(res.statusCode, res.body).toBe(200);
    const body = eligibilityDetail.parse(res.json());
    const age = ageOn('2000-03-14', isoDay(now()));
    expect(body).toEqual({
      id: expect.any(Number),
      eligible: false,
      opportunity: { id: opportunity.id, name: opportunity.name },
      checkedAt: now().toISOString(),
      criteria: [
        {
          requirementId: opportunity.requirementIds[0],
          kind: 'distance',
          status: 'met',
          description: 'Needs you to live within 25 km of a location',
          reason: '5.8 km from the nearest location (Cape Town), within 25 km',
        },
        {
          requirementId: opportunity.requirementIds[1],
          kind: 'age',
          status: age <= 22 ? 'met' : 'unmet',
          description: 'Needs an age of 22 or younger',
          reason: `${age} years old, needs 22 or younger`,
        },
        {
          requirementId: opportunity.requirementIds[2],
          kind: 'drivers_license',
          status: 'unknown',
          description: "Needs a driver's licence",
          reason: "Say whether you have a driver's licence",
          action: {
            type: 'profile.drivers_license',
            label: "Say whether you have a driver's licence",
            resolutionPath: '/candidate/profile#driversLicense',
          },
        },
      ],
    });
    const row = await stored(candidate.userId, opportunity.id);
    expect(row).toMatchObject({ id: body.id, eligible: false, checkedAt: now() });
    expect(row!.criteria).toEqual(body.criteria);
  });

  it('stores a new answer over the old one, keeping the referral', async () => {
    const opportunity = await createOpportunity(t.database, now(), {
      criteria: [{ kind: 'drivers_license' }],
    });
    const url = `/api/candidate/opportunities/${opportunity.id}/eligibility`;
    const first = (await candidate.get(url)).json();
    await t.database.db
      .update(eligibilities)
      .set({ referredAt: now() })
      .where(eq(eligibilities.id, first.id));
    await setProfile(t.database, candidate.userId, { driversLicense: true });
    t.clock.advance(60_000);
    const second = (await candidate.get(url)).json();
    expect(second).toMatchObject({ id: first.id, eligible: true, checkedAt: now().toISOString() });
    expect(await stored(candidate.userId, opportunity.id)).toMatchObject({
      eligible: true,
      referredAt: new Date(now().getTime() - 60_000),
    });
    await setProfile(t.database, candidate.userId, { driversLicense: null });
  });

  it('is eligible for an opportunity without requirements', async () => {
    const opportunity = await createOpportunity(t.database, now());
    const res = await candidate.get(`/api/candidate/opportunities/${opportunity.id}/eligibility`);
    expect(res.json()).toMatchObject({ eligible: true, criteria: [] });
  });

  it('answers a requirement it cannot read as unknown, never as met', async () => {
    const opportunity = await createOpportunity(t.database, now());
    await addRequirement(t.database, opportunity.id, { kind: 'qualification_level', minimum: 7 });
    const res = await candidate.get(`/api/candidate/opportunities/${opportunity.id}/eligibility`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      eligible: false,
      criteria: [{ kind: 'qualification_level', status: 'unknown' }],
    });
  });

  it('answers 404 for an unknown, draft or not yet visible opportunity, 422 for a bad id', async () => {
    const draft = await createOpportunity(t.database, now(), { publishedAt: null });
    const scheduled = await createOpportunity(t.database, now(), {
      publishedAt: new Date(now().getTime() + DAY),
    });
    for (const id of [2_000_000_000, draft.id, scheduled.id]) {
      const res = await candidate.get(`/api/candidate/opportunities/${id}/eligibility`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Opportunity not found' });
    }
    for (const id of ['abc', '0', '99999999999']) {
      expect(
        (await candidate.get(`/api/candidate/opportunities/${id}/eligibility`)).statusCode,
      ).toBe(422);
    }
    expect(await stored(candidate.userId, draft.id)).toBeUndefined();
  });
});

describe('GET /api/candidate/eligibilities', () => {
  it('lists my checked eligibilities for visible opportunities, eligible first, by name', async () => {
    const me = await signedIn(t);
    await setProfile(t.database, me.userId, { driversLicense: true });
    const yes = await createOpportunity(t.database, now(), {
      name: 'Zebra programme',
      criteria: [{ kind: 'drivers_license' }],
    });
    const no = await createOpportunity(t.database, now(), {
      name: 'Aardvark programme',
      criteria: [{ kind: 'age', maximum: 30 }],
    });
    const hidden = await createOpportunity(t.database, now(), { name: 'Hidden programme' });
    for (const o of [yes, no, hidden]) {
      expect((await me.get(`/api/candidate/opportunities/${o.id}/eligibility`)).statusCode).toBe(
        200,
      );
    }
    // Unpublished after the check: no longer listed.
    await t.database.db
      .update(opportunities)
      .set({ publishedAt: null })
      .where(eq(opportunities.id, hidden.id));

    const res = await me.get('/api/candidate/eligibilities');
    expect(res.statusCode, res.body).toBe(200);
    const body = eligibilityList.parse(res.json());
    expect(body.items.map((i) => [i.opportunity.name, i.eligible])).toEqual([
      ['Zebra programme', true],
      ['Aardvark programme', false],
    ]);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      eligible: true,
      opportunity: { id: yes.id, name: 'Zebra programme' },
      checkedAt: now().toISOString(),
    });
    const eligibleOnly = (await me.get('/api/candidate/eligibilities?eligible=true')).json();
    expect(
      eligibleOnly.items.map((i: { opportunity: { id: number } }) => i.opportunity.id),
    ).toEqual([yes.id]);
    const notEligible = (await me.get('/api/candidate/eligibilities?eligible=false')).json();
    expect(notEligible.items.map((i: { opportunity: { id: number } }) => i.opportunity.id)).toEqual(
      [no.id],
    );
    expect((await me.get('/api/candidate/eligibilities?eligible=maybe')).statusCode).toBe(422);

    // Another candidate sees none of them.
    const other = await signedIn(t);
    expect((await other.get('/api/candidate/eligibilities')).json()).toEqual({ items: [] });
  });
});

describe('GET /api/candidate/campaigns/:id/eligibilities', () => {
  it("checks an organization campaign against the organization's active opportunities", async () => {
    const me = await signedIn(t);
    const organizationId = await createOrganization(t.database);
    const newer = await createOpportunity(t.database, now(), {
      organizationId,
      name: 'Newer',
      opensAt: new Date(now().getTime() - DAY),
      criteria: [{ kind: 'drivers_license' }],
    });
    const older = await createOpportunity(t.database, now(), {
      organizationId,
      name: 'Older',
      opensAt: new Date(now().getTime() - 5 * DAY),
      commencesAt: null,
    });
    await createOpportunity(t.database, now(), {
      organizationId,
      name: 'Draft',
      publishedAt: null,
    });
    await createOpportunity(t.database, now(), {
      organizationId,
      name: 'Commenced',
      commencesAt: new Date(now().getTime() - DAY),
    });
    await createOpportunity(t.database, now(), { name: 'Elsewhere' });
    const campaign = await createCampaign(t.database, { organizationId });

    for (const id of [String(campaign.id), campaign.slug]) {
      const res = await me.get(`/api/candidate/campaigns/${id}/eligibilities`);
      expect(res.statusCode, res.body).toBe(200);
      const body = campaignEligibilityList.parse(res.json());
      expect(body.items.map((i) => [i.opportunity.name, i.eligible])).toEqual([
        ['Newer', false],
        ['Older', true],
      ]);
      expect(body.items[0]!.criteria[0]).toMatchObject({
        kind: 'drivers_license',
        status: 'unknown',
      });
    }
    // Came through the campaign: referred.
    for (const o of [newer, older]) {
      expect((await stored(me.userId, o.id))?.referredAt).toEqual(now());
    }
  });

  it('checks an opportunity campaign against its opportunity only, while it is visible', async () => {
    const me = await signedIn(t);
    const opportunity = await createOpportunity(t.database, now(), { name: 'The one' });
    await createOpportunity(t.database, now(), {
      organizationId: opportunity.organizationId,
      name: 'Another',
    });
    const campaign = await createCampaign(t.database, {
      organizationId: opportunity.organizationId,
      opportunityId: opportunity.id,
    });
    const res = await me.get(`/api/candidate/campaigns/${campaign.slug}/eligibilities`);
    expect(
      res.json().items.map((i: { opportunity: { name: string } }) => i.opportunity.name),
    ).toEqual(['The one']);
    const draft = await createOpportunity(t.database, now(), { publishedAt: null });
    const draftCampaign = await createCampaign(t.database, {
      organizationId: draft.organizationId,
      opportunityId: draft.id,
    });
    expect(
      (await me.get(`/api/candidate/campaigns/${draftCampaign.id}/eligibilities`)).json(),
    ).toEqual({
      items: [],
    });
  });

  it('answers 404 for an unknown campaign and 422 for a malformed one', async () => {
    for (const id of ['no-such-campaign', '2000000000', '99999999999']) {
      const res = await candidate.get(`/api/candidate/campaigns/${id}/eligibilities`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Campaign not found');
    }
    expect((await candidate.get('/api/candidate/campaigns/a%20b/eligibilities')).statusCode).toBe(
      422,
    );
  });
});

describe('access', () => {
  it('lets only candidates in: guests 401, clients and admins 403', async () => {
    const opportunity = await createOpportunity(t.database, now());
    const campaign = await createCampaign(t.database, {
      organizationId: opportunity.organizationId,
    });
    const urls = [
      '/api/candidate/eligibilities',
      `/api/candidate/opportunities/${opportunity.id}/eligibility`,
      `/api/candidate/campaigns/${campaign.id}/eligibilities`,
    ];
    const client = await signedIn(t, 'client', { primary: true });
    const admin = await signedIn(t, 'admin');
    for (const url of urls) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await client.get(url)).statusCode).toBe(403);
      expect((await admin.get(url)).statusCode).toBe(403);
    }
  });
});
