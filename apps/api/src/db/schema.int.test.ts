import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../test/db.ts';
import type { DbOrTx } from './client.ts';
import {
  applications,
  campaigns,
  candidateProfiles,
  opportunities,
  organizations,
  phases,
  users,
} from './schema/index.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The SQLSTATE of the error a statement fails with (drizzle wraps the driver's error). */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    let e: unknown = error;
    while (e && typeof e === 'object') {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
      e = (e as { cause?: unknown }).cause;
    }
    throw error;
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const CHECK_VIOLATION = '23514';

let counter = 0;
async function createUser(role: 'candidate' | 'client' | 'admin' = 'candidate') {
  counter += 1;
  const [user] = await database.db
    .insert(users)
    .values({ email: `user${counter}@schema.test`, role })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

async function createOrganization(name = `Organization ${++counter}`) {
  const [organization] = await database.db
    .insert(organizations)
    .values({ name, slug: `org-${++counter}` })
    .returning();
  if (!organization) throw new Error('no organization');
  return organization;
}

async function createOpportunity(organizationId: number, name = `Opportunity ${++counter}`) {
  const [opportunity] = await database.db
    .insert(opportunities)
    .values({ organizationId, kind: 'job', name })
    .returning();
  if (!opportunity) throw new Error('no opportunity');
  return opportunity;
}

async function explain(db: DbOrTx, query: SQL): Promise<string> {
  const plan = await rows<Record<string, string>>(db, sql`explain ${query}`);
  return plan.map((row) => Object.values(row).join(' ')).join('\n');
}

describe('data model constraints', () => {
  it('refuses a second application by the same candidate to the same opportunity', async () => {
    const candidate = await createUser();
    const organization = await createOrganization();
    const opportunity = await createOpportunity(organization.id);
    const other = await createOpportunity(organization.id);
    await database.db
      .insert(applications)
      .values({ candidateId: candidate.id, opportunityId: opportunity.id });
    expect(
      await sqlState(
        database.db
          .insert(applications)
          .values({ candidateId: candidate.id, opportunityId: opportunity.id }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    // Another opportunity is fine.
    await database.db
      .insert(applications)
      .values({ candidateId: candidate.id, opportunityId: other.id });
    const count = await database.db.$count(
      applications,
      eq(applications.candidateId, candidate.id),
    );
    expect(count).toBe(2);
  });

  it('allows one identification per country of birth', async () => {
    const [a, b, c, d] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    if (!a || !b || !c || !d) throw new Error('no users');
    await database.db
      .insert(candidateProfiles)
      .values({ userId: a.id, countryOfBirth: 'ZA', identification: '9001015009087' });
    // The same number in another country is another person.
    await database.db
      .insert(candidateProfiles)
      .values({ userId: b.id, countryOfBirth: 'ZW', identification: '9001015009087' });
    expect(
      await sqlState(
        database.db
          .insert(candidateProfiles)
          .values({ userId: c.id, countryOfBirth: 'ZA', identification: '9001015009087' }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    // Profiles without an identification never collide.
    await database.db.insert(candidateProfiles).values({ userId: c.id, countryOfBirth: 'ZA' });
    await database.db.insert(candidateProfiles).values({ userId: d.id, countryOfBirth: 'ZA' });
  });

  it('deletes the profile with its user', async () => {
    const user = await createUser();
    await database.db.insert(candidateProfiles).values({ userId: user.id, firstNames: 'Lindiwe' });
    await database.db.delete(users).where(eq(users.id, user.id));
    const left = await database.db.$count(candidateProfiles, eq(candidateProfiles.userId, user.id));
    expect(left).toBe(0);
  });

  it('allows one initial phase per opportunity and keeps an application in its own opportunity’s phases', async () => {
    const organization = await createOrganization();
    const opportunity = await createOpportunity(organization.id);
    const other = await createOpportunity(organization.id);
    const [initial] = await database.db
      .insert(phases)
      .values({ opportunityId: opportunity.id, name: 'Applied', initial: true })
      .returning();
    expect(
      await sqlState(
        database.db
          .insert(phases)
          .values({ opportunityId: opportunity.id, name: 'Also initial', initial: true }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    await database.db
      .insert(phases)
      .values({ opportunityId: other.id, name: 'Applied', initial: true });
    const candidate = await createUser();
    expect(
      await sqlState(
        database.db
          .insert(applications)
          .values({ candidateId: candidate.id, opportunityId: other.id, phaseId: initial?.id }),
      ),
    ).toBe(FOREIGN_KEY_VIOLATION);
  });

  it('ties a campaign to an organization or to one of its opportunities', async () => {
    const organization = await createOrganization();
    const elsewhere = await createOrganization();
    const opportunity = await createOpportunity(organization.id);
    await database.db.insert(campaigns).values({
      slug: 'ORG-CAMPAIGN',
      name: 'Org',
      kind: 'organization',
      organizationId: organization.id,
    });
    // Slugs are case-insensitive.
    expect(
      await sqlState(
        database.db.insert(campaigns).values({
          slug: 'org-campaign',
          name: 'Dup',
          kind: 'organization',
          organizationId: organization.id,
        }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    expect(
      await sqlState(
        database.db.insert(campaigns).values({
          slug: 'bad-kind',
          name: 'Bad',
          kind: 'organization',
          organizationId: organization.id,
          opportunityId: opportunity.id,
        }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await sqlState(
        database.db.insert(campaigns).values({
          slug: 'wrong-org',
          name: 'Wrong',
          kind: 'opportunity',
          organizationId: elsewhere.id,
          opportunityId: opportunity.id,
        }),
      ),
    ).toBe(FOREIGN_KEY_VIOLATION);
    await database.db.insert(campaigns).values({
      slug: 'opp-campaign',
      name: 'Opp',
      kind: 'opportunity',
      organizationId: organization.id,
      opportunityId: opportunity.id,
    });
  });
});

describe('search indexes', () => {
  it('sorts opportunity locations by distance with the GiST index', async () => {
    const organization = await createOrganization();
    const opportunity = await createOpportunity(organization.id);
    // 4 000 points over South Africa, generated in the database.
    await database.db.execute(sql`
      insert into opportunity_locations (opportunity_id, address, country, latitude, longitude)
      select ${opportunity.id}, 'Point ' || g, 'ZA', -34.5 + (g % 97) * 0.125, 17 + (g % 89) * 0.17
      from generate_series(1, 4000) as g`);
    await database.db.execute(sql`analyze opportunity_locations`);
    const query = sql`select id from opportunity_locations
      order by ll_to_earth(latitude, longitude) <-> ll_to_earth(${-33.9249}::float8, ${18.4241}::float8)
      limit 20`;
    expect(await explain(database.db, query)).toContain('opportunity_locations_earth_idx');
    const nearest = await rows<{ id: number }>(database.db, query);
    expect(nearest).toHaveLength(20);
  });

  it('can answer a substring name search with the trigram index', async () => {
    const names = ['Indlovu Bank', 'Baobab Telecom', 'Karoo Platinum Mining', 'Umoya Retail Group'];
    await database.db.insert(organizations).values(
      Array.from({ length: 200 }, (_, i) => ({
        name: `${names[i % names.length]} ${i}`,
        slug: `trgm-${i}`,
      })),
    );
    await database.db.execute(sql`analyze organizations`);
    const plans = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return {
        organizations: await explain(
          tx,
          sql`select id from organizations where name::text ilike ${'%latinu%'}`,
        ),
        opportunities: await explain(
          tx,
          sql`select id from opportunities where name::text ilike ${'%pportun%'}`,
        ),
        users: await explain(tx, sql`select id from users where first_name ilike ${'%ndiw%'}`),
      };
    });
    expect(plans.organizations).toContain('organizations_name_trgm_idx');
    expect(plans.opportunities).toContain('opportunities_name_trgm_idx');
    expect(plans.users).toContain('users_first_name_trgm_idx');
    const found = await rows<{ name: string }>(
      database.db,
      sql`select name from organizations where name::text ilike ${'%latinu%'}`,
    );
    expect(found.length).toBe(50);
  });
});
