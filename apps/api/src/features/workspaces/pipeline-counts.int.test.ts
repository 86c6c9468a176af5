import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';
import type { PhaseList } from '@pathways/shared/pipeline/pipeline.schemas';
import { countStandings } from '@pathways/shared/pipeline/standing';
import type {
  WorkspaceCounts,
  WorkspaceList,
} from '@pathways/shared/workspaces/workspaces.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, phases } from '../../db/schema/index.ts';
import { createTestApp, createUser, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, ok } from '../../test/factories.ts';
import { createPeople, type People } from '../../test/principals.ts';

// Every count of applicants per phase says the same on the same applications: the workspace
// cards, the counts (with and without the tracker's filters), the Phases tab and the tracker's
// tabs. An application is in a phase while neither regretted nor withdrawn; those two are counted
// apart, a withdrawn one as withdrawn even when it was regretted first, and one in no phase yet
// in the initial phase.

let t: TestApp;
let p: People;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t, { a: { name: 'Counted intake' } });
});
afterAll(() => t?.close());

const at = new Date('2026-11-01T08:00:00Z');

describe('applicants per phase', () => {
  it('are counted the same by the workspace card, the counts, the Phases tab and the tracker', async () => {
    const id = p.a.opportunityId;
    const [applied, screening, offer] = await t.database.db
      .insert(phases)
      .values([
        { opportunityId: id, name: 'Applied', initial: true },
        { opportunityId: id, name: 'Screening' },
        { opportunityId: id, name: 'Offer' },
      ])
      .returning();
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: screening!.id })
      .where(eq(phases.id, applied!.id));
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: offer!.id })
      .where(eq(phases.id, screening!.id));

    // [phase, withdrawn, regretted]
    const seeds: [number | null, boolean, boolean][] = [
      [applied!.id, false, false],
      [applied!.id, false, false],
      [null, false, false],
      [applied!.id, true, false],
      [screening!.id, false, false],
      [screening!.id, false, true],
      [screening!.id, false, true],
      [screening!.id, true, true],
      [offer!.id, false, false],
      [null, true, false],
    ];
    for (const [phaseId, withdrawn, regretted] of seeds) {
      const candidate = await createUser(t.database, { role: 'candidate' });
      await t.database.db.insert(applications).values({
        candidateId: candidate.id,
        opportunityId: id,
        phaseId,
        complete: true,
        archivedAt: withdrawn ? at : null,
        regrettedAt: regretted ? at : null,
      });
    }
    // Another workspace of the organization with a pipeline of its own: each application counts
    // in its own opportunity's phases only.
    const [other] = await createOpportunities(t.database, [
      { organizationId: p.a.organizationId, name: 'Other intake' },
    ]);
    const [otherApplied] = await t.database.db
      .insert(phases)
      .values({ opportunityId: other!.id, name: 'Applied', initial: true })
      .returning();
    for (const phaseId of [null, otherApplied!.id]) {
      const candidate = await createUser(t.database, { role: 'candidate' });
      await t.database.db
        .insert(applications)
        .values({ candidateId: candidate.id, opportunityId: other!.id, phaseId });
    }

    const expected: WorkspaceCounts = {
      phases: [
        { id: applied!.id, name: 'Applied', order: 1, count: 3 },
        { id: screening!.id, name: 'Screening', order: 2, count: 1 },
        { id: offer!.id, name: 'Offer', order: 3, count: 1 },
      ],
      regretted: 2,
      withdrawn: 3,
    };

    const base = `/api/client/opportunities/${id}`;
    const cards = ok<WorkspaceList>(await p.call('primary', 'GET', '/api/client/opportunities'));
    const card = cards.items.find((i) => i.id === id)!;
    expect(cards.items.find((i) => i.id === other!.id)).toMatchObject({
      phases: [{ id: otherApplied!.id, name: 'Applied', order: 1, count: 2 }],
      regretted: 0,
      withdrawn: 0,
    });
    expect({ phases: card.phases, regretted: card.regretted, withdrawn: card.withdrawn }).toEqual(
      expected,
    );

    expect(ok<WorkspaceCounts>(await p.call('manager', 'GET', `${base}/counts`))).toEqual(expected);
    // With the tracker's filters the counts come from the rows the filter keeps (all here).
    expect(
      ok<WorkspaceCounts>(await p.call('manager', 'GET', `${base}/counts?complete=true`)),
    ).toEqual(expected);

    const phaseList = ok<PhaseList>(await p.call('manager', 'GET', `${base}/phases`));
    expect({
      phases: phaseList.items.map((ph) => ({
        id: ph.id,
        name: ph.name,
        order: ph.order,
        count: ph.applications,
      })),
      regretted: phaseList.regretted,
      withdrawn: phaseList.withdrawn,
    }).toEqual(expected);

    // The tracker counts its tabs from the rows it lists, by the shared rule.
    const rows = ok<{ items: ApplicantRow[] }>(
      await p.call('manager', 'GET', `${base}/applications?per=250`),
    ).items;
    expect(rows).toHaveLength(seeds.length);
    const tabs = countStandings(rows, phaseList.items[0]!.id);
    expect({
      phases: expected.phases.map((ph) => ({ ...ph, count: tabs.phases.get(ph.id) ?? 0 })),
      regretted: tabs.regretted,
      withdrawn: tabs.withdrawn,
    }).toEqual(expected);
  });
});
