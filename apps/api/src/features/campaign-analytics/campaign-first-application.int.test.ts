import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, campaigns, opportunities, users } from '../../db/schema/index.ts';
import { meet } from '../../test/concurrency.ts';
import { createTestDatabase } from '../../test/db.ts';
import { createOpportunities, createOrganization } from '../../test/factories.ts';

// users.signup_campaign_applied_at is kept by the database: after every kind of write that can
// move it, it equals its definition worked out straight from the applications (the earliest
// application of the user to their sign-up campaign's opportunity, or for an organization's
// campaign to any opportunity of that organization; null otherwise).

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let organizationId: number;
let otherOrganizationId: number;
let opp1: number;
let opp2: number;
let elsewhere: number;

let users_ = 0;
async function signUp(campaignId: number | null) {
  users_ += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      email: `first-application-${users_}@example.test`,
      role: 'candidate',
      signupCampaignId: campaignId,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function apply(candidateId: number, opportunityId: number, createdAt: string) {
  const [row] = await database.db
    .insert(applications)
    .values({ candidateId, opportunityId, createdAt: new Date(createdAt) })
    .returning({ id: applications.id });
  return row!.id;
}

async function insertCampaign(slug: string, organization: number, opportunityId: number | null) {
  const [row] = await database.db
    .insert(campaigns)
    .values({
      slug,
      name: `Campaign ${slug}`,
      kind: opportunityId === null ? 'organization' : 'opportunity',
      organizationId: organization,
      opportunityId,
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

/** The stored column of one user. */
async function stored(userId: number): Promise<string | null> {
  const [row] = await database.db
    .select({ at: users.signupCampaignAppliedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row!.at?.toISOString() ?? null;
}

/** Users whose stored column differs from the definition worked out from the applications. */
async function mismatches() {
  const result = (await database.db.execute(sql`
    with reference as (
      select u.id, (
        select min(a.created_at)
        from campaigns c
        join applications a on a.candidate_id = u.id
        join opportunities o on o.id = a.opportunity_id
        where c.id = u.signup_campaign_id
          and (a.opportunity_id = c.opportunity_id
            or (c.opportunity_id is null and o.organization_id = c.organization_id))
      ) as applied_at
      from users u
    )
    select u.id, u.signup_campaign_applied_at as stored, r.applied_at as expected
    from users u join reference r on r.id = u.id
    where u.signup_campaign_applied_at is distinct from r.applied_at
  `)) as unknown as { rows: unknown[] };
  return result.rows;
}

beforeAll(async () => {
  database = await createTestDatabase();
  organizationId = (await createOrganization(database)).id;
  otherOrganizationId = (await createOrganization(database)).id;
  [opp1, opp2] = (
    await createOpportunities(database, [{ organizationId }, { organizationId }])
  ).map((o) => o.id) as [number, number];
  [elsewhere] = (
    await createOpportunities(database, [{ organizationId: otherOrganizationId }])
  ).map((o) => o.id) as [number];
});

afterAll(async () => {
  await database?.drop();
});

describe('first application through the sign-up campaign', () => {
  it('follows applications to an opportunity campaign: only its opportunity counts', async () => {
    const campaign = await insertCampaign('first-opp', organizationId, opp1);
    const user = await signUp(campaign);
    expect(await stored(user)).toBeNull();

    await apply(user, opp2, '2026-03-01T10:00:00Z');
    expect(await stored(user)).toBeNull();
    expect(await mismatches()).toEqual([]);

    const application = await apply(user, opp1, '2026-03-10T10:00:00Z');
    expect(await stored(user)).toBe('2026-03-10T10:00:00.000Z');
    expect(await mismatches()).toEqual([]);

    // The application's date and opportunity changed: the column follows.
    await database.db
      .update(applications)
      .set({ createdAt: new Date('2026-03-05T10:00:00Z') })
      .where(eq(applications.id, application));
    expect(await stored(user)).toBe('2026-03-05T10:00:00.000Z');
    const [opp3] = await createOpportunities(database, [{ organizationId }]);
    await database.db
      .update(applications)
      .set({ opportunityId: opp3!.id })
      .where(eq(applications.id, application));
    expect(await stored(user)).toBeNull();
    await database.db
      .update(applications)
      .set({ opportunityId: opp1 })
      .where(eq(applications.id, application));
    expect(await stored(user)).toBe('2026-03-05T10:00:00.000Z');
    // Other changes of an application leave it be.
    await database.db
      .update(applications)
      .set({ status: 'in_review' })
      .where(eq(applications.id, application));
    expect(await stored(user)).toBe('2026-03-05T10:00:00.000Z');
    expect(await mismatches()).toEqual([]);
  });

  it('moves earlier when an earlier-dated application is recorded later, and on deletion to the next or to null', async () => {
    const campaign = await insertCampaign('moves', organizationId, null);
    const user = await signUp(campaign);
    const later = await apply(user, opp1, '2026-05-20T10:00:00Z');
    expect(await stored(user)).toBe('2026-05-20T10:00:00.000Z');
    const earlier = await apply(user, opp2, '2026-05-02T10:00:00Z');
    expect(await stored(user)).toBe('2026-05-02T10:00:00.000Z');
    expect(await mismatches()).toEqual([]);

    await database.db.delete(applications).where(eq(applications.id, earlier));
    expect(await stored(user)).toBe('2026-05-20T10:00:00.000Z');
    await database.db.delete(applications).where(eq(applications.id, later));
    expect(await stored(user)).toBeNull();
    expect(await mismatches()).toEqual([]);
  });

  it("counts any opportunity of an organization's campaign's organization, not another organization's", async () => {
    const campaign = await insertCampaign('whole-organization', organizationId, null);
    const user = await signUp(campaign);
    await apply(user, elsewhere, '2026-06-01T10:00:00Z');
    expect(await stored(user)).toBeNull();
    await apply(user, opp2, '2026-06-15T10:00:00Z');
    expect(await stored(user)).toBe('2026-06-15T10:00:00.000Z');
    expect(await mismatches()).toEqual([]);

    // Should the other organization's opportunity pass to this organization, it counts.
    await database.db
      .update(opportunities)
      .set({ organizationId })
      .where(eq(opportunities.id, elsewhere));
    expect(await stored(user)).toBe('2026-06-01T10:00:00.000Z');
    await database.db
      .update(opportunities)
      .set({ organizationId: otherOrganizationId })
      .where(eq(opportunities.id, elsewhere));
    expect(await stored(user)).toBe('2026-06-15T10:00:00.000Z');
    expect(await mismatches()).toEqual([]);
  });

  it('is set from existing applications when a campaign is attached to a user later, and follows the campaign to another target', async () => {
    const user = await signUp(null);
    await apply(user, opp1, '2026-07-01T10:00:00Z');
    await apply(user, opp2, '2026-07-09T10:00:00Z');
    expect(await stored(user)).toBeNull();

    const campaign = await insertCampaign('attached-later', organizationId, opp2);
    await database.db.update(users).set({ signupCampaignId: campaign }).where(eq(users.id, user));
    expect(await stored(user)).toBe('2026-07-09T10:00:00.000Z');
    expect(await mismatches()).toEqual([]);

    // The campaign leads to another opportunity, then to the whole organization.
    await database.db
      .update(campaigns)
      .set({ opportunityId: opp1 })
      .where(eq(campaigns.id, campaign));
    expect(await stored(user)).toBe('2026-07-01T10:00:00.000Z');
    await database.db
      .update(campaigns)
      .set({ opportunityId: null, kind: 'organization' })
      .where(eq(campaigns.id, campaign));
    expect(await stored(user)).toBe('2026-07-01T10:00:00.000Z');
    expect(await mismatches()).toEqual([]);

    // Written by hand, the column is worked out again all the same when the campaign is written.
    await database.db
      .update(users)
      .set({ signupCampaignId: campaign, signupCampaignAppliedAt: new Date('2020-01-01') })
      .where(eq(users.id, user));
    expect(await stored(user)).toBe('2026-07-01T10:00:00.000Z');
  });

  it('is cleared when the campaign is deleted', async () => {
    const campaign = await insertCampaign('deleted', organizationId, opp1);
    const user = await signUp(campaign);
    await apply(user, opp1, '2026-08-01T10:00:00Z');
    expect(await stored(user)).toBe('2026-08-01T10:00:00.000Z');

    await database.db.delete(campaigns).where(eq(campaigns.id, campaign));
    const [row] = await database.db
      .select({ campaign: users.signupCampaignId })
      .from(users)
      .where(eq(users.id, user));
    expect(row!.campaign).toBeNull();
    expect(await stored(user)).toBeNull();
    expect(await mismatches()).toEqual([]);
  });

  it('lets a user with applications be deleted', async () => {
    const campaign = await insertCampaign('user-deleted', organizationId, opp1);
    const user = await signUp(campaign);
    await apply(user, opp1, '2026-09-01T10:00:00Z');
    await apply(user, opp2, '2026-09-02T10:00:00Z');

    await database.db.delete(users).where(eq(users.id, user));
    expect(await database.db.select().from(users).where(eq(users.id, user))).toEqual([]);
    expect(
      await database.db.select().from(applications).where(eq(applications.candidateId, user)),
    ).toEqual([]);
    expect(await mismatches()).toEqual([]);
  });

  it('follows many applications written in one statement', async () => {
    const campaign = await insertCampaign('bulk', organizationId, null);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await signUp(i % 2 === 0 ? campaign : null));
    await database.db.insert(applications).values(
      ids.flatMap((candidateId, i) => [
        { candidateId, opportunityId: opp1, createdAt: new Date(`2026-10-1${i}T10:00:00Z`) },
        {
          candidateId,
          opportunityId: elsewhere,
          createdAt: new Date(`2026-10-0${i + 1}T10:00:00Z`),
        },
      ]),
    );
    expect(await stored(ids[0]!)).toBe('2026-10-10T10:00:00.000Z');
    expect(await stored(ids[1]!)).toBeNull();
    expect(await mismatches()).toEqual([]);
    await database.db.delete(applications).where(eq(applications.opportunityId, opp1));
    expect(await stored(ids[0]!)).toBeNull();
    expect(await mismatches()).toEqual([]);
  });

  it('is right when an application is made while another is withdrawn', async () => {
    const campaign = await insertCampaign('meeting', organizationId, null);
    const user = await signUp(campaign);
    await apply(user, opp1, '2026-05-10T10:00:00Z');
    // An earlier-dated application is written and held open while the first is withdrawn: the
    // withdrawal waits for it and finds it.
    await meet(
      database.db,
      sql`insert into applications (candidate_id, opportunity_id, created_at)
          values (${user}, ${opp2}, '2026-05-01T10:00:00Z')`,
      sql`delete from applications where candidate_id = ${user} and opportunity_id = ${opp1}`,
    );
    expect(await stored(user)).toBe('2026-05-01T10:00:00.000Z');
    // The other way round: withdrawn first and held, a new application meanwhile.
    await meet(
      database.db,
      sql`delete from applications where candidate_id = ${user} and opportunity_id = ${opp2}`,
      sql`insert into applications (candidate_id, opportunity_id, created_at)
          values (${user}, ${opp1}, '2026-05-20T10:00:00Z')`,
    );
    expect(await stored(user)).toBe('2026-05-20T10:00:00.000Z');
    expect(await mismatches()).toEqual([]);
  });
});
