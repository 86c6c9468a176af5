import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { opportunityManagers } from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the active-workspace rule', () => {
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
