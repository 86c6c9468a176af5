import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, opportunities } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { createOpportunities } from '../test/factories.ts';
import { createPrincipals, type User } from '../test/principals.ts';
import {
  applicationsManagedBy,
  findManagedOpportunityId,
  managedOpportunitiesSql,
} from './access.repository.ts';
import { clientScopeOf, type ClientScope } from './client-scope.ts';

// The managed opportunities as plain SQL (for statements written in SQL) are the same as those
// the built conditions find: for a primary user, a manager, a colleague managing nothing and the
// primary user of another organization, over every opportunity and application there is.

let t: TestApp;
let users: Record<'primary' | 'manager' | 'bystander' | 'otherPrimary', User>;

const actor = (user: User) => ({
  userId: user.id,
  role: user.role,
  primary: false,
  sessionId: 'test',
  sessionExpiresAt: new Date(Date.now() + 60_000),
});

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPrincipals(t);
  users = {
    primary: p.users.primary,
    manager: p.users.manager,
    bystander: p.users.bystander,
    otherPrimary: p.users.otherClient,
  };
  // One more opportunity of organization A that lists nobody.
  await createOpportunities(t.database, [{ organizationId: p.users.primary.organizationId! }]);
});

afterAll(() => t.close());

async function idsOf(statement: ReturnType<typeof sql>): Promise<number[]> {
  const result = (await t.database.db.execute(statement)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

describe('managedOpportunitiesSql', () => {
  it.each(['primary', 'manager', 'bystander', 'otherPrimary'] as const)(
    'finds the opportunities and applications of the %s the built conditions find',
    async (who) => {
      const db = t.database.db;
      const scope: ClientScope = await clientScopeOf(db, actor(users[who]));
      const everyOpportunity = await idsOf(
        sql`select ${opportunities.id} as id from ${opportunities}`,
      );
      const managed: number[] = [];
      for (const id of everyOpportunity) {
        if ((await findManagedOpportunityId(db, scope, id)) !== undefined) managed.push(id);
      }
      const fromSql = await idsOf(
        sql`select o.id from opportunities o where o.id in (${managedOpportunitiesSql(scope)}) order by o.id`,
      );
      expect(fromSql).toEqual(managed);

      const built = (
        await db
          .select({ id: applications.id })
          .from(applications)
          .where(applicationsManagedBy(db, scope))
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const plain = await idsOf(
        sql`select a.id from applications a where a.opportunity_id in (${managedOpportunitiesSql(scope)})`,
      );
      expect(plain).toEqual(built);
      // Nobody is left out by both: each user sees something, or (the colleague) nothing at all.
      expect(managed.length > 0).toBe(who !== 'bystander');
    },
  );
});
