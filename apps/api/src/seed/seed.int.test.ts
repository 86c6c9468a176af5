import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { verifyPassword } from '../lib/password.ts';
import { createTestDatabase } from '../test/db.ts';
import type { Db } from '../db/client.ts';
import {
  applicationPhaseEvents,
  applications,
  campaignAliases,
  campaigns,
  candidateProfiles,
  eligibilities,
  clientUsers,
  opportunities,
  opportunityManagers,
  institutions,
  organizations,
  profileQualificationComponents,
  profileQualifications,
  users,
} from '../db/schema/index.ts';
import {
  DEMO_PASSWORD,
  demoAccounts,
  luhnValid,
  seedDemoData,
  seedReferenceData,
} from './index.ts';
import { TRACKER_APPLICANTS } from './demo/tracker.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const now = new Date('2026-11-20T08:00:00.000Z');
const candidates = 40;

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  const result = await seedDemoData(first.db, { now, candidates });
  expect(result).toEqual({ seeded: true });
});

afterAll(async () => {
  await Promise.all([first?.drop(), second?.drop()]);
});

async function counts(db: Db) {
  const tables = [
    users,
    organizations,
    opportunities,
    applications,
    candidateProfiles,
    campaignAliases,
  ] as const;
  return Promise.all(tables.map((t) => db.$count(t)));
}

async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

describe('seedDemoData', () => {
  it('creates the seven demo accounts with the right roles and states', async () => {
    const db = first.db;
    expect(demoAccounts.map((a) => a.email)).toEqual([
      'thandi@demo.test',
      'sipho@demo.test',
      'client@demo.test',
      'manager@demo.test',
      'viewer@demo.test',
      'other-client@demo.test',
      'admin@demo.test',
    ]);
    for (const account of demoAccounts) {
      const user = await userByEmail(db, account.email);
      expect(user.role).toBe(account.role);
      expect(user.firstName).toBeTruthy();
      expect(user.lastName).toBeTruthy();
      expect(user.termsAcceptedAt).not.toBeNull();
      if (account.email === 'sipho@demo.test') {
        expect(user.confirmedAt).toBeNull();
        expect(user.confirmationSentAt?.getTime()).toBe(now.getTime());
      } else {
        expect(user.confirmedAt).not.toBeNull();
      }
    }
    expect(
      await verifyPassword((await userByEmail(db, 'admin@demo.test')).passwordHash, DEMO_PASSWORD),
    ).toBe(true);

    const [firstOrganization] = await db
      .select()
      .from(organizations)
      .orderBy(asc(organizations.id))
      .limit(1);
    if (!firstOrganization) throw new Error('no organization');
    const clientRows = await db
      .select({
        email: users.email,
        primary: users.primary,
        organizationId: clientUsers.organizationId,
      })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(sql`${users.email} in ('client@demo.test', 'manager@demo.test', 'viewer@demo.test')`);
    expect(clientRows).toHaveLength(3);
    for (const row of clientRows) {
      expect(row.organizationId).toBe(firstOrganization.id);
      expect(row.primary).toBe(row.email === 'client@demo.test');
    }

    const managed = async (email: string) =>
      db
        .select({
          opportunityId: opportunityManagers.opportunityId,
          organizationId: opportunities.organizationId,
        })
        .from(opportunityManagers)
        .innerJoin(users, eq(users.id, opportunityManagers.userId))
        .innerJoin(opportunities, eq(opportunities.id, opportunityManagers.opportunityId))
        .where(eq(users.email, email));
    const managerRows = await managed('manager@demo.test');
    expect(managerRows.length).toBeGreaterThan(0);
    expect(managerRows.every((r) => r.organizationId === firstOrganization.id)).toBe(true);
    expect(await managed('viewer@demo.test')).toHaveLength(0);

    // Another organization, with its own primary user, opportunities and campaigns.
    const [other] = await db
      .select({ organizationId: clientUsers.organizationId, primary: users.primary })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(eq(users.email, 'other-client@demo.test'));
    expect(other?.primary).toBe(true);
    expect(other?.organizationId).not.toBe(firstOrganization.id);
    const otherId = other!.organizationId;
    expect(
      await db.$count(opportunities, eq(opportunities.organizationId, otherId)),
    ).toBeGreaterThan(2);
    expect(await db.$count(campaigns, eq(campaigns.organizationId, otherId))).toBeGreaterThan(0);

    const candidateCount = await db.$count(users, eq(users.role, 'candidate'));
    expect(candidateCount).toBe(candidates + 2);
  });

  it('gives the complete demo candidate qualifications with marks and applications with phase events', async () => {
    const db = first.db;
    const thandi = await userByEmail(db, 'thandi@demo.test');
    const [profile] = await db
      .select()
      .from(candidateProfiles)
      .where(eq(candidateProfiles.userId, thandi.id));
    expect(profile?.firstNames).toMatch(/^Thandi/);
    expect(profile?.countryOfBirth).toBe('ZA');
    expect(profile?.latitude).toBeCloseTo(-33.96, 1);
    expect(profile?.longitude).toBeCloseTo(18.47, 1);
    const qualifications = await db
      .select()
      .from(profileQualifications)
      .where(eq(profileQualifications.profileId, profile?.id ?? -1));
    expect(qualifications.length).toBeGreaterThanOrEqual(2);
    const components = await db
      .select({ mark: profileQualificationComponents.mark })
      .from(profileQualificationComponents)
      .innerJoin(
        profileQualifications,
        eq(profileQualifications.id, profileQualificationComponents.profileQualificationId),
      )
      .where(eq(profileQualifications.profileId, profile?.id ?? -1));
    expect(components.length).toBeGreaterThanOrEqual(7);
    const apps = await db
      .select()
      .from(applications)
      .where(eq(applications.candidateId, thandi.id));
    expect(apps.length).toBeGreaterThanOrEqual(3);
    const events = await db
      .select()
      .from(applicationPhaseEvents)
      .innerJoin(applications, eq(applications.id, applicationPhaseEvents.applicationId))
      .where(eq(applications.candidateId, thandi.id));
    expect(events.length).toBeGreaterThan(apps.length);

    const sipho = await userByEmail(db, 'sipho@demo.test');
    expect(await db.$count(applications, eq(applications.candidateId, sipho.id))).toBe(0);
  });

  it("gives the demo client's newest open workspace a tracker full of applicants over its phases", async () => {
    const db = first.db;
    const client = await userByEmail(db, 'client@demo.test');
    const [membership] = await db
      .select({ organizationId: clientUsers.organizationId })
      .from(clientUsers)
      .where(eq(clientUsers.userId, client.id));
    const [workspace] = await db
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(
        sql`${opportunities.organizationId} = ${membership!.organizationId}
          and ${opportunities.opensAt} < ${now.toISOString()}::timestamptz
          and ${opportunities.closesAt} > ${now.toISOString()}::timestamptz`,
      )
      .orderBy(desc(opportunities.opensAt))
      .limit(1);
    const rows = await db
      .select({
        phaseId: applications.phaseId,
        complete: applications.complete,
        eligible: eligibilities.eligible,
        referredAt: eligibilities.referredAt,
      })
      .from(applications)
      .leftJoin(
        eligibilities,
        sql`${eligibilities.candidateId} = ${applications.candidateId}
          and ${eligibilities.opportunityId} = ${applications.opportunityId}`,
      )
      .where(eq(applications.opportunityId, workspace!.id));
    // 40, or every generated candidate but the suspended one when fewer are generated.
    expect(rows.length).toBeGreaterThanOrEqual(Math.min(TRACKER_APPLICANTS, candidates - 1));
    expect(new Set(rows.map((r) => r.phaseId)).size).toBeGreaterThan(1);
    expect(rows.some((r) => r.complete && r.eligible === true)).toBe(true);
    expect(rows.some((r) => !(r.complete && r.eligible === true))).toBe(true);
    expect(rows.every((r) => r.referredAt !== null)).toBe(true);
  });

  it('only creates valid South African identity numbers', async () => {
    const rows = await first.db
      .select({
        identification: candidateProfiles.identification,
        bornAt: candidateProfiles.bornAt,
      })
      .from(candidateProfiles)
      .where(
        sql`${candidateProfiles.countryOfBirth} = 'ZA' and ${candidateProfiles.identification} is not null`,
      );
    expect(rows.length).toBeGreaterThan(10);
    for (const { identification, bornAt } of rows) {
      expect(identification).toMatch(/^\d{13}$/);
      expect(luhnValid(identification ?? '')).toBe(true);
      expect(identification?.slice(0, 6)).toBe(bornAt?.slice(2).replaceAll('-', ''));
    }
  });

  it('refuses a second run and changes nothing', async () => {
    const before = await counts(first.db);
    const result = await seedDemoData(first.db, { now, candidates });
    expect(result.seeded).toBe(false);
    expect(result.reason).toMatch(/users/);
    expect(await counts(first.db)).toEqual(before);
  });

  it('refuses in production, touching nothing', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const result = await seedDemoData(second.db, { now, candidates });
      expect(result.seeded).toBe(false);
      expect(result.reason).toMatch(/production/);
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
    expect(await counts(second.db)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('produces the same data from the same now', async () => {
    expect(await seedDemoData(second.db, { now, candidates })).toEqual({ seeded: true });
    const names = (db: Db) =>
      db
        .select({ name: organizations.name })
        .from(organizations)
        .orderBy(asc(organizations.id))
        .then((r) => r.map((o) => o.name));
    const perOrganization = (db: Db) =>
      db
        .select({ name: organizations.name, count: sql<number>`count(${opportunities.id})::int` })
        .from(organizations)
        .leftJoin(opportunities, eq(opportunities.organizationId, organizations.id))
        .groupBy(organizations.id)
        .orderBy(asc(organizations.id));
    const identities = (db: Db) =>
      db
        .select({ email: users.email, identification: candidateProfiles.identification })
        .from(users)
        .leftJoin(candidateProfiles, eq(candidateProfiles.userId, users.id))
        .orderBy(asc(users.id));
    const organizationNames = await names(first.db);
    expect(organizationNames.length).toBeGreaterThanOrEqual(8);
    expect(organizationNames.length).toBeLessThanOrEqual(12);
    expect(await names(second.db)).toEqual(organizationNames);
    expect(await perOrganization(second.db)).toEqual(await perOrganization(first.db));
    expect(await identities(second.db)).toEqual(await identities(first.db));
    expect(await counts(second.db)).toEqual(await counts(first.db));
  });

  it('inserts reference data idempotently, before or without the demo', async () => {
    const third = await createTestDatabase();
    try {
      await seedReferenceData(third.db);
      const once = await third.db.$count(institutions);
      expect(once).toBeGreaterThanOrEqual(26);
      await seedReferenceData(third.db);
      expect(await third.db.$count(institutions)).toBe(once);
      expect(await seedDemoData(third.db, { now, candidates: 5 })).toEqual({ seeded: true });
      expect(await third.db.$count(institutions)).toBe(once);
    } finally {
      await third.drop();
    }
  });
});
