import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationPhaseEvents, applications, phases } from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';

// The phase stays analytics reads are kept by the database as the pipeline's events are
// recorded. Whatever happens to applications (moves one by one and in bulk, a move undone by
// moving back, regrets, a withdrawal), the stays must say exactly what the events say: each
// stay begins with an `applied` or `moved` event and ends at the application's next event, and
// carries the candidate and opportunity of its application.

let t: TestApp;
let clientToken: string;
let opportunityId: number;
let organizationId: number;
let applied: number;
let interview: number;
let offer: number;

type Stay = {
  event_id: number;
  application_id: number;
  candidate_id: number;
  opportunity_id: number;
  phase_id: number | null;
  entered_at: string;
  left_at: string | null;
};

/** The stays as the events say they are, worked out from scratch. */
async function staysFromEvents(): Promise<Stay[]> {
  const result = (await t.database.db.execute(sql`
    select e.id as event_id, e.application_id, a.candidate_id, a.opportunity_id, e.phase_id,
           e.created_at::text as entered_at, e.left_at::text as left_at
    from (
      select ev.id, ev.application_id, ev.kind, ev.phase_id, ev.created_at,
             lead(ev.created_at) over (partition by ev.application_id order by ev.created_at, ev.id) as left_at
      from application_phase_events ev
    ) e
    join applications a on a.id = e.application_id
    where e.kind in ('applied', 'moved')
    order by e.id`)) as unknown as { rows: Stay[] };
  return result.rows;
}

async function storedStays(): Promise<Stay[]> {
  const result = (await t.database.db.execute(sql`
    select event_id, application_id, candidate_id, opportunity_id, phase_id,
           entered_at::text as entered_at, left_at::text as left_at
    from application_phase_stays order by event_id`)) as unknown as { rows: Stay[] };
  return result.rows;
}

const client = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(clientToken), ...(payload ? { payload } : {}) });

const base = () => `/api/client/opportunities/${opportunityId}/applications`;

/** Where each application stayed, in order: [phase, still there]. */
async function staysOf(applicationId: number) {
  const result = (await t.database.db.execute(sql`
    select phase_id, left_at is null as open from application_phase_stays
    where application_id = ${applicationId} order by entered_at, event_id`)) as unknown as {
    rows: { phase_id: number; open: boolean }[];
  };
  return result.rows.map((r) => [r.phase_id, r.open]);
}

beforeAll(async () => {
  t = await createTestApp();
  const primary = await createUser(t.database, { role: 'client', primary: true });
  clientToken = await loginAs(t.app, primary.email, primary.password);
  organizationId = primary.organizationId!;
  const [opportunity] = await createOpportunities(t.database, [
    { organizationId: primary.organizationId!, name: 'Pipeline' },
  ]);
  opportunityId = opportunity!.id;
  const rows = await t.database.db
    .insert(phases)
    .values(
      ['Applied', 'Interview', 'Offer'].map((name, i) => ({
        opportunityId,
        name,
        initial: i === 0,
      })),
    )
    .returning({ id: phases.id });
  [applied, interview, offer] = rows.map((r) => r.id) as [number, number, number];
  await t.database.db.execute(
    sql`update phases set next_phase_id = ${interview} where id = ${applied}`,
  );
  await t.database.db.execute(
    sql`update phases set next_phase_id = ${offer} where id = ${interview}`,
  );
});

/**
 * Candidates of a test's own, each with an application recorded in the first phase some days
 * ago, as the pipeline records one.
 */
async function applicants(count: number) {
  const candidates: { id: number; email: string; password: string }[] = [];
  const applicationIds: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const candidate = await createUser(t.database, { role: 'candidate' });
    candidates.push(candidate);
    const created = new Date(Date.now() - (10 - i) * 86_400_000);
    const [row] = await t.database.db
      .insert(applications)
      .values({ candidateId: candidate.id, opportunityId, phaseId: applied, createdAt: created })
      .returning({ id: applications.id });
    applicationIds.push(row!.id);
    await t.database.db
      .insert(applicationPhaseEvents)
      .values({ applicationId: row!.id, kind: 'applied', phaseId: applied, createdAt: created });
  }
  return { candidates, applicationIds };
}

/** Moves an application to the interview, then regrets it there. */
async function regretAtInterview(applicationId: number) {
  expect(
    (await client('POST', `${base()}/${applicationId}/events`, { phaseId: interview })).statusCode,
  ).toBe(200);
  expect((await client('PATCH', `${base()}/${applicationId}/regret`)).statusCode).toBe(200);
}

afterAll(async () => {
  await t?.close();
});

describe('phase stays', () => {
  it('begin open when an application is recorded in its first phase', async () => {
    const { applicationIds } = await applicants(1);
    expect(await storedStays()).toEqual(await staysFromEvents());
    expect(await staysOf(applicationIds[0]!)).toEqual([[applied, true]]);
  });

  it('follow moves one by one and in bulk, and a move undone by moving back', async () => {
    const { applicationIds } = await applicants(3);
    const [a, b, c] = applicationIds as [number, number, number];
    expect((await client('POST', `${base()}/${a}/events`, { phaseId: interview })).statusCode).toBe(
      200,
    );
    expect(
      (
        await client('POST', `${base()}/assign`, {
          phaseId: offer,
          opportunityApplicationIds: [a, b, c],
        })
      ).statusCode,
    ).toBe(200);
    // Undone: back where they were.
    expect(
      (
        await client('POST', `${base()}/assign`, {
          phaseId: interview,
          opportunityApplicationIds: [a],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await client('POST', `${base()}/assign`, {
          phaseId: applied,
          opportunityApplicationIds: [b, c],
        })
      ).statusCode,
    ).toBe(200);
    expect(await storedStays()).toEqual(await staysFromEvents());
    expect(await staysOf(a)).toEqual([
      [applied, false],
      [interview, false],
      [offer, false],
      [interview, true],
    ]);
    expect(await staysOf(b)).toEqual([
      [applied, false],
      [offer, false],
      [applied, true],
    ]);
  });

  it('end with a regret and with a withdrawal', async () => {
    const { candidates, applicationIds } = await applicants(4);
    const [a, , c, d] = applicationIds as [number, number, number, number];
    // The first is at the interview when it is regretted.
    expect((await client('POST', `${base()}/${a}/events`, { phaseId: interview })).statusCode).toBe(
      200,
    );
    expect((await client('PATCH', `${base()}/${a}/regret`)).statusCode).toBe(200);
    expect((await client('PATCH', `${base()}/regret`, { applicationIds: [c] })).statusCode).toBe(
      200,
    );
    const candidate = candidates[3]!;
    const token = await loginAs(t.app, candidate.email, candidate.password);
    const withdrawn = await t.app.inject({
      method: 'PATCH',
      url: `/api/candidate/applications/${d}/archive`,
      headers: bearer(token),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await storedStays()).toEqual(await staysFromEvents());
    expect((await staysOf(a)).at(-1)).toEqual([interview, false]);
    expect(await staysOf(d)).toEqual([[applied, false]]);
  });

  it('are worked out again when an event is removed, and go with their application', async () => {
    const { applicationIds } = await applicants(2);
    const [a, b] = applicationIds as [number, number];
    // The last event of the first is its regret at the interview.
    await regretAtInterview(a);
    await t.database.db.execute(sql`
      delete from application_phase_events
      where id = (select max(id) from application_phase_events where application_id = ${a})`);
    expect(await storedStays()).toEqual(await staysFromEvents());
    expect((await staysOf(a)).at(-1)).toEqual([interview, true]);
    await t.database.db.execute(sql`delete from applications where id = ${b}`);
    expect(await staysOf(b)).toEqual([]);
    expect(await storedStays()).toEqual(await staysFromEvents());
  });

  it('follow their application to another candidate or opportunity', async () => {
    const { candidates, applicationIds } = await applicants(3);
    const [, , c] = applicationIds as [number, number, number];
    const [other] = await createOpportunities(t.database, [{ organizationId, name: 'Elsewhere' }]);
    await t.database.db.execute(
      sql`update applications set candidate_id = ${candidates[1]!.id}, opportunity_id = ${other!.id}, phase_id = null
          where id = ${c}`,
    );
    expect(await storedStays()).toEqual(await staysFromEvents());
    const moved = (await storedStays()).filter((s) => s.application_id === c);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((s) => s.opportunity_id === other!.id)).toBe(true);
  });
});
