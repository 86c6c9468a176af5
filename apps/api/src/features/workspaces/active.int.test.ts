import { isActiveWorkspace } from '@pathways/shared/workspaces/active';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { opportunities, opportunityManagers } from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';
import { activeSql } from './workspaces.repository.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the active-workspace rule', () => {
  it('selects in SQL exactly the opportunities the shared rule calls active', async () => {
    const organization = await createUser(t.database, { role: 'client', primary: true });
    const now = new Date('2026-06-01T12:00:00Z');
    const at = (days: number | null) =>
      days === null ? null : new Date(now.getTime() + days * DAY);
    const offsets = [null, -30, -1, -0.0001, 0, 0.0001, 1, 30];
    const seeds = offsets.flatMap((published) =>
      offsets.map((commences) => ({
        organizationId: organization.organizationId!,
        publishedAt: at(published),
        commencesAt: at(commences),
      })),
    );
    const rows = await createOpportunities(t.database, seeds);
    const active = await t.database.db
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(and(eq(opportunities.organizationId, organization.organizationId!), activeSql(now)));
    const expected = rows
      .filter((row) => isActiveWorkspace(row, now))
      .map((row) => row.id)
      .sort((a, b) => a - b);
    expect(active.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
    // Both sides of the rule are exercised.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
  });

  it('lists a primary user every active workspace, newest opensAt first, and a manager theirs by name', async () => {
    const primary = await createUser(t.database, { role: 'client', primary: true });
    const organizationId = primary.organizationId!;
    const manager = await createUser(t.database, { role: 'client', organizationId });
    const viewer = await createUser(t.database, { role: 'client', organizationId });
    const now = Date.now();
    const [older, newer, commenced, unpublished] = await createOpportunities(t.database, [
      { organizationId, name: 'Zulu intake', opensAt: new Date(now - 10 * DAY) },
      { organizationId, name: 'Alpha intake', opensAt: new Date(now - DAY) },
      { organizationId, name: 'Commenced', commencesAt: new Date(now - DAY) },
      { organizationId, name: 'Draft', publishedAt: null },
    ]);
    await t.database.db.insert(opportunityManagers).values(
      [older!, newer!, commenced!, unpublished!].map((o) => ({
        opportunityId: o.id,
        userId: manager.id,
      })),
    );
    const me = async (user: typeof primary) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/client/me',
          headers: bearer(await loginAs(t.app, user.email, user.password)),
        })
      ).json();

    expect(await me(primary)).toMatchObject({
      primary: true,
      activeWorkspaces: [
        { id: newer!.id, name: 'Alpha intake' },
        { id: older!.id, name: 'Zulu intake' },
      ],
      managedWorkspaceCount: 0,
    });
    const managerView = await me(manager);
    expect(managerView.activeWorkspaces.map((w: { name: string }) => w.name)).toEqual([
      'Alpha intake',
      'Zulu intake',
    ]);
    expect(managerView.managedWorkspaceCount).toBe(4);
    expect(await me(viewer)).toMatchObject({ activeWorkspaces: [], managedWorkspaceCount: 0 });
  });
});
