import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '../lib/app-error.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { createOpportunities } from '../test/factories.ts';
import { createPrincipals, type User } from '../test/principals.ts';
import { clientScopeOf } from './client-scope.ts';
import { managedOpportunity } from './managed-opportunity.ts';

// Who manages which workspace: a primary user every opportunity of their organization, any
// other client user only those listing them; everything else is "not found".

let t: TestApp;
let primary: User;
let manager: User;
let otherPrimary: User;
let candidate: User;
let listed: number;
let unlisted: number;
let elsewhere: number;

const actor = (user: { id: number; role: 'candidate' | 'client' | 'admin' }) => ({
  userId: user.id,
  role: user.role,
  primary: false,
  sessionId: 'test',
  sessionExpiresAt: new Date(Date.now() + 60_000),
});

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPrincipals(t);
  ({ primary, manager, otherClient: otherPrimary, candidate } = p.users);
  // The manager is listed on side A's opportunity, not on a second one; side B is elsewhere.
  listed = p.a.opportunityId;
  const [second] = await createOpportunities(t.database, [
    { organizationId: primary.organizationId! },
  ]);
  unlisted = second!.id;
  elsewhere = p.b.opportunityId;
});

afterAll(() => t.close());

describe('clientScopeOf', () => {
  it('reads the organization and the primary flag from the database', async () => {
    expect(await clientScopeOf(t.database.db, actor(primary))).toEqual({
      userId: primary.id,
      organizationId: primary.organizationId,
      primary: true,
    });
    expect(await clientScopeOf(t.database.db, actor(manager))).toMatchObject({ primary: false });
  });

  it('refuses a candidate with 403', async () => {
    expect(await status(clientScopeOf(t.database.db, actor(candidate)))).toBe(403);
  });
});

describe('managedOpportunity', () => {
  it.each([
    ['primary', 'listed', 200],
    ['primary', 'unlisted', 200],
    ['primary', 'elsewhere', 404],
    ['manager', 'listed', 200],
    ['manager', 'unlisted', 404],
    ['manager', 'elsewhere', 404],
    ['otherPrimary', 'listed', 404],
    ['otherPrimary', 'elsewhere', 200],
  ] as const)('%s on the %s opportunity answers %i', async (who, which, expected) => {
    const user = { primary, manager, otherPrimary }[who];
    const id = { listed, unlisted, elsewhere }[which];
    const scope = await clientScopeOf(t.database.db, actor(user));
    expect(await status(managedOpportunity(t.database.db, scope, id))).toBe(expected);
  });

  it('answers 404 for an id that does not exist', async () => {
    const scope = await clientScopeOf(t.database.db, actor(primary));
    expect(await status(managedOpportunity(t.database.db, scope, 2_000_000_000))).toBe(404);
  });
});
