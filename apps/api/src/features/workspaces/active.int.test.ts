import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { opportunityManagers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';
import { createPeople, type Who } from '../../test/principals.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the active-workspace rule', () => {
  it('lists a primary user every active workspace, newest opensAt first, and a manager theirs by name', async () => {
    const now = Date.now();
    // The manager is listed on the older intake by the shared people, and here on the others.
    const p = await createPeople(t, {
      a: { name: 'Zulu intake', opensAt: new Date(now - 10 * DAY) },
    });
    const organizationId = p.a.organizationId;
    const [newer, commenced, unpublished] = await createOpportunities(t.database, [
      { organizationId, name: 'Alpha intake', opensAt: new Date(now - DAY) },
      { organizationId, name: 'Commenced', commencesAt: new Date(now - DAY) },
      { organizationId, name: 'Draft', publishedAt: null },
    ]);
    await t.database.db.insert(opportunityManagers).values(
      [newer!, commenced!, unpublished!].map((o) => ({
        opportunityId: o.id,
        userId: p.users.manager.id,
      })),
    );
    const me = async (who: Who) => (await p.call(who, 'GET', '/api/client/me')).json();

    expect(await me('primary')).toMatchObject({
      primary: true,
      activeWorkspaces: [
        { id: newer!.id, name: 'Alpha intake' },
        { id: p.a.opportunityId, name: 'Zulu intake' },
      ],
      managedWorkspaceCount: 0,
    });
    const managerView = await me('manager');
    expect(managerView.activeWorkspaces.map((w: { name: string }) => w.name)).toEqual([
      'Alpha intake',
      'Zulu intake',
    ]);
    expect(managerView.managedWorkspaceCount).toBe(4);
    expect(await me('bystander')).toMatchObject({ activeWorkspaces: [], managedWorkspaceCount: 0 });
  });
});
