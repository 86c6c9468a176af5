import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applicationPhaseEvents,
  applications,
  candidateProfiles,
  flags,
  notifications,
  opportunities,
  phases,
  users,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createEligibility, createOpportunities } from '../../test/factories.ts';
import { clientSideNames, createPeople } from '../../test/principals.ts';
import { isReportedSql, reportedCandidateIds } from './index.ts';

// Screening over HTTP: who may move, regret, rate, read the history of and flag applications;
// bulk actions being all or nothing; what the candidate sees and is told afterwards.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

const DAY = 86_400_000;
let t: TestApp;
const as: Record<string, Caller> = {};
let organizationId: number;
let opportunityId: number;
let siblingId: number;
let elsewhereId: number;
/** The phases of the workspace under test, in chain order. */
let applied: number;
let interview: number;
let offer: number;
let siblingPhase: number;
let elsewherePhase: number;
let primaryId: number;

// The callers of the matrix below, as the shared people: the manager is listed on the workspace,
// the viewer is a colleague managing nothing, the other primary user has an organization of
// their own.
const callerOf = clientSideNames;

/** The signed-in caller of an applicant of the tests below. */
async function caller(user: { email: string; password: string }): Promise<Caller> {
  const token = await loginAs(t.app, user.email, user.password);
  return (method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** A chain of phases for an opportunity, the first initial; their ids in order. */
async function chain(id: number, names: string[]): Promise<number[]> {
  const rows = await t.database.db
    .insert(phases)
    .values(names.map((name, i) => ({ opportunityId: id, name, initial: i === 0 })))
    .returning();
  for (let i = 0; i < rows.length - 1; i += 1) {
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: rows[i + 1]!.id })
      .where(eq(phases.id, rows[i]!.id));
  }
  return rows.map((r) => r.id);
}

interface Applicant {
  id: number;
  candidateId: number;
  email: string;
  password: string;
}

/** A new candidate's application in a phase (the initial one unless said). */
async function apply(
  options: { opportunity?: number; phaseId?: number | null; firstName?: string } = {},
): Promise<Applicant> {
  const candidate = await createUser(t.database, { role: 'candidate' });
  if (options.firstName) {
    await t.database.db
      .update(users)
      .set({ firstName: options.firstName })
      .where(eq(users.id, candidate.id));
  }
  const [row] = await t.database.db
    .insert(applications)
    .values({
      candidateId: candidate.id,
      opportunityId: options.opportunity ?? opportunityId,
      phaseId: options.phaseId === undefined ? applied : options.phaseId,
    })
    .returning();
  return {
    id: row!.id,
    candidateId: candidate.id,
    email: candidate.email,
    password: candidate.password,
  };
}

async function stored(ids: number[]) {
  return t.database.db
    .select({
      id: applications.id,
      phaseId: applications.phaseId,
      regrettedAt: applications.regrettedAt,
      applicationRating: applications.applicationRating,
    })
    .from(applications)
    .where(inArray(applications.id, ids))
    .orderBy(applications.id);
}

async function eventsOf(ids: number[]) {
  return t.database.db
    .select()
    .from(applicationPhaseEvents)
    .where(inArray(applicationPhaseEvents.applicationId, ids))
    .orderBy(applicationPhaseEvents.id);
}

const base = (id = opportunityId) => `/api/client/opportunities/${id}/applications`;

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t, { a: { name: 'Data Analyst Graduate Programme' } });
  primaryId = p.users.primary.id;
  await t.database.db
    .update(users)
    .set({ firstName: 'Thandi', lastName: 'Mokoena' })
    .where(eq(users.id, primaryId));
  organizationId = p.a.organizationId;
  opportunityId = p.a.opportunityId;
  elsewhereId = p.b.opportunityId;
  const [sibling] = await createOpportunities(t.database, [{ organizationId }]);
  siblingId = sibling!.id;
  [applied, interview, offer] = (await chain(opportunityId, ['Applied', 'Interview', 'Offer'])) as [
    number,
    number,
    number,
  ];
  [siblingPhase] = (await chain(siblingId, ['Sibling applied'])) as [number];
  [elsewherePhase] = (await chain(elsewhereId, ['Elsewhere applied'])) as [number];
  for (const [name, who] of Object.entries(callerOf)) {
    as[name] = (method, url, payload) => p.call(who, method, url, payload);
  }
});
afterAll(() => t?.close());

// ---------------------------------------------------------------- authorization matrix

interface Route {
  name: string;
  method: Method;
  /** A fresh target for each caller, so a call that succeeds does not spoil the next one. */
  prepare: () => Promise<{ url: string; payload?: unknown }>;
  success: number;
}

const routes: Route[] = [
  {
    name: 'move one',
    method: 'POST',
    prepare: async () => ({
      url: `${base()}/${(await apply()).id}/events`,
      payload: { phaseId: interview },
    }),
    success: 200,
  },
  {
    name: 'history',
    method: 'GET',
    prepare: async () => ({ url: `${base()}/${(await apply()).id}/events` }),
    success: 200,
  },
  {
    name: 'move many',
    method: 'POST',
    prepare: async () => ({
      url: `${base()}/assign`,
      payload: { phaseId: offer, opportunityApplicationIds: [(await apply()).id] },
    }),
    success: 200,
  },
  {
    name: 'regret one',
    method: 'PATCH',
    prepare: async () => ({ url: `${base()}/${(await apply()).id}/regret` }),
    success: 200,
  },
  {
    name: 'regret many',
    method: 'PATCH',
    prepare: async () => ({
      url: `${base()}/regret`,
      payload: { applicationIds: [(await apply()).id] },
    }),
    success: 200,
  },
  {
    name: 'rate',
    method: 'PATCH',
    prepare: async () => ({
      url: `${base()}/${(await apply()).id}/rating`,
      payload: { rating: 4 },
    }),
    success: 200,
  },
  {
    name: 'flag',
    method: 'POST',
    prepare: async () => ({
      url: '/api/client/flags',
      payload: {
        flag: { applicationId: (await apply()).id, section: 'documents', reason: 'Unreadable' },
      },
    }),
    success: 201,
  },
];

const callers: [string, (success: number) => number][] = [
  ['guest', () => 401],
  ['candidate', () => 403],
  ['otherPrimary', () => 404],
  ['viewer', () => 404],
  ['manager', (success) => success],
  ['primary', (success) => success],
];

describe.each(routes)('$method $name', (route) => {
  it.each(callers)('as %s', async (who, expected) => {
    const { url, payload } = await route.prepare();
    const res = await as[who]!(route.method, url, payload);
    expect(res.statusCode, res.body).toBe(expected(route.success));
  });
});

describe("another organization's workspace", () => {
  it('answers 404 to a primary user for every action, changing nothing', async () => {
    const theirs = await apply({ opportunity: elsewhereId, phaseId: elsewherePhase });
    const url = base(elsewhereId);
    const calls: [Method, string, unknown?][] = [
      ['POST', `${url}/${theirs.id}/events`, { phaseId: elsewherePhase }],
      ['GET', `${url}/${theirs.id}/events`],
      [
        'POST',
        `${url}/assign`,
        { phaseId: elsewherePhase, opportunityApplicationIds: [theirs.id] },
      ],
      ['PATCH', `${url}/${theirs.id}/regret`],
      ['PATCH', `${url}/regret`, { applicationIds: [theirs.id] }],
      ['PATCH', `${url}/${theirs.id}/rating`, { rating: 1 }],
    ];
    for (const [method, at, payload] of calls) {
      expect((await as.primary!(method, at, payload)).statusCode).toBe(404);
    }
    // Through its own workspace's address, another opportunity's application is not found.
    expect((await as.primary!('PATCH', `${base()}/${theirs.id}/regret`)).statusCode).toBe(404);
    expect(await stored([theirs.id])).toEqual([
      { id: theirs.id, phaseId: elsewherePhase, regrettedAt: null, applicationRating: null },
    ]);
    expect(await eventsOf([theirs.id])).toEqual([]);
  });
});

// ---------------------------------------------------------------- moves

describe('moving applications', () => {
  it('moves one, records who did it, and the candidate sees the new phase', async () => {
    const a = await apply();
    const res = await as.primary!('POST', `${base()}/${a.id}/events`, { phaseId: interview });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [{ id: a.id, phaseId: interview, previousPhaseId: applied, regrettedAt: null }],
      events: [
        {
          id: expect.any(Number),
          applicationId: a.id,
          kind: 'moved',
          fromPhaseId: applied,
          phaseId: interview,
          actor: { id: primaryId, name: 'Thandi Mokoena' },
          createdAt: expect.any(String),
        },
      ],
    });
    expect(await eventsOf([a.id])).toEqual([
      expect.objectContaining({
        kind: 'moved',
        fromPhaseId: applied,
        phaseId: interview,
        actorUserId: primaryId,
      }),
    ]);
    const candidate = await caller(a);
    const mine = await candidate('GET', `/api/candidate/applications/${a.id}`);
    expect(mine.json().status).toBe('Interview');
    const mail = (await t.mails()).find((m) => m.to === a.email);
    expect(mail?.subject).toBe('Your application for Data Analyst Graduate Programme: Interview');
    expect(mail?.text).toContain(`http://pathways.test/candidate/applications/${a.id}`);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, a.candidateId));
    expect(bell).toEqual([
      expect.objectContaining({
        type: 'application',
        path: `/candidate/applications/${a.id}`,
        description: expect.stringMatching(
          /moved your application for Data Analyst Graduate Programme to the next step: Interview/,
        ),
      }),
    ]);
  });

  it('does not e-mail a candidate who turned move and regret e-mails off; the bell still tells', async () => {
    const a = await apply();
    const candidate = await caller(a);
    const off = await candidate('PUT', '/api/candidate/notification_preferences', {
      preferences: [
        { type: 'application.phase_move', email: false },
        { type: 'application.regret', email: false },
      ],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      (await as.primary!('POST', `${base()}/${a.id}/events`, { phaseId: interview })).statusCode,
    ).toBe(200);
    expect((await as.primary!('PATCH', `${base()}/${a.id}/regret`)).statusCode).toBe(200);
    expect((await t.mails()).filter((m) => m.to === a.email)).toEqual([]);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, a.candidateId));
    expect(bell).toHaveLength(2);
  });

  it('lists the history oldest first with who did each step', async () => {
    const a = await apply();
    await as.primary!('POST', `${base()}/${a.id}/events`, { phaseId: interview });
    t.clock.advance(60_000);
    await as.manager!('POST', `${base()}/${a.id}/events`, { phaseId: offer });
    const res = await as.manager!('GET', `${base()}/${a.id}/events`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { kind: string; phaseId: number; actor: { name: string } }[];
    expect(items.map((e) => [e.kind, e.phaseId, e.actor.name])).toEqual([
      ['moved', interview, 'Thandi Mokoena'],
      ['moved', offer, 'Test User'],
    ]);
  });

  it('leaves an application already in the phase as it is, without an event or e-mail', async () => {
    const a = await apply({ phaseId: interview });
    const res = await as.primary!('POST', `${base()}/${a.id}/events`, { phaseId: interview });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [{ id: a.id, phaseId: interview, previousPhaseId: interview, regrettedAt: null }],
      events: [],
    });
    expect(await eventsOf([a.id])).toEqual([]);
    expect((await t.mails()).filter((m) => m.to === a.email)).toEqual([]);
  });

  it.each([
    ['another opportunity of the organization', () => siblingPhase],
    ["another organization's opportunity", () => elsewherePhase],
    ['no opportunity at all', () => 2_000_000_000],
  ])('refuses a phase of %s with 422, changing nothing', async (_name, phase) => {
    const a = await apply();
    const b = await apply();
    const one = await as.primary!('POST', `${base()}/${a.id}/events`, { phaseId: phase() });
    expect(one.statusCode).toBe(422);
    expect(one.json().errors).toEqual({ phaseId: ['Choose a phase of this opportunity'] });
    const many = await as.primary!('POST', `${base()}/assign`, {
      phaseId: phase(),
      opportunityApplicationIds: [a.id, b.id],
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toEqual({ phaseId: ['Choose a phase of this opportunity'] });
    expect((await stored([a.id, b.id])).map((r) => r.phaseId)).toEqual([applied, applied]);
    expect(await eventsOf([a.id, b.id])).toEqual([]);
  });

  it('refuses to move a withdrawn or a regretted application with 409', async () => {
    const withdrawn = await apply();
    await t.database.db
      .update(applications)
      .set({ archivedAt: new Date(), status: 'withdrawn' })
      .where(eq(applications.id, withdrawn.id));
    const gone = await as.primary!('POST', `${base()}/${withdrawn.id}/events`, {
      phaseId: interview,
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('The candidate withdrew this application');

    const regretted = await apply();
    expect((await as.primary!('PATCH', `${base()}/${regretted.id}/regret`)).statusCode).toBe(200);
    const declined = await as.primary!('POST', `${base()}/${regretted.id}/events`, {
      phaseId: interview,
    });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe('A regretted application cannot be moved');
    expect((await stored([withdrawn.id, regretted.id])).map((r) => r.phaseId)).toEqual([
      applied,
      applied,
    ]);
  });

  it('moves many in one call, skipping those already there', async () => {
    const [a, b, c] = [await apply(), await apply(), await apply({ phaseId: offer })];
    const res = await as.manager!('POST', `${base()}/assign`, {
      phaseId: offer,
      opportunityApplicationIds: [a!.id, b!.id, c!.id, a!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items).toEqual([
      { id: a!.id, phaseId: offer, previousPhaseId: applied, regrettedAt: null },
      { id: b!.id, phaseId: offer, previousPhaseId: applied, regrettedAt: null },
      { id: c!.id, phaseId: offer, previousPhaseId: offer, regrettedAt: null },
    ]);
    expect(body.events.map((e: { applicationId: number }) => e.applicationId)).toEqual([
      a!.id,
      b!.id,
    ]);
    expect((await stored([a!.id, b!.id, c!.id])).map((r) => r.phaseId)).toEqual([
      offer,
      offer,
      offer,
    ]);
  });

  it('refuses a bulk move naming a foreign id, and changes nothing', async () => {
    const [a, b] = [await apply(), await apply()];
    const foreign = await apply({ opportunity: siblingId, phaseId: siblingPhase });
    const res = await as.primary!('POST', `${base()}/assign`, {
      phaseId: interview,
      opportunityApplicationIds: [a!.id, foreign.id, b!.id, 99_999_999],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      opportunityApplicationIds: [
        `These are not applications of this opportunity: ${foreign.id}, 99999999`,
      ],
    });
    expect((await stored([a!.id, b!.id])).map((r) => r.phaseId)).toEqual([applied, applied]);
    expect((await stored([foreign.id]))[0]!.phaseId).toBe(siblingPhase);
    expect(await eventsOf([a!.id, b!.id, foreign.id])).toEqual([]);
  });

  it('refuses a bulk move with a withdrawn application in it, naming it, changing nothing', async () => {
    const [a, withdrawn] = [await apply(), await apply()];
    await t.database.db
      .update(applications)
      .set({ archivedAt: new Date() })
      .where(eq(applications.id, withdrawn!.id));
    const res = await as.primary!('POST', `${base()}/assign`, {
      phaseId: interview,
      opportunityApplicationIds: [a!.id, withdrawn!.id],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.opportunityApplicationIds).toEqual([
      `These applications were withdrawn or regretted and cannot be moved: ${withdrawn!.id}`,
    ]);
    expect((await stored([a!.id]))[0]!.phaseId).toBe(applied);
  });

  it('refuses an empty or malformed bulk move with 422, saying why', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { phaseId: interview, opportunityApplicationIds: [] },
        { opportunityApplicationIds: ['Choose at least one application'] },
      ],
      [{ opportunityApplicationIds: [1] }, { phaseId: ['Choose a phase of this opportunity'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await as.primary!('POST', `${base()}/assign`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const malformed = await as.primary!('POST', `${base()}/assign`, {
      phaseId: interview,
      opportunityApplicationIds: ['x'],
    });
    expect(malformed.statusCode).toBe(422);
  });
});

// ---------------------------------------------------------------- regrets

describe('regretting applications', () => {
  let openBursary: { id: number; name: string };
  let closedId: number;
  let notForThemId: number;

  beforeAll(async () => {
    const now = t.clock.now.getTime();
    const open = { publishedAt: new Date(now - 2 * DAY), opensAt: new Date(now - DAY) };
    const [bursary, closed, notForThem] = await createOpportunities(t.database, [
      { organizationId, name: 'Engineering Bursary', ...open, closesAt: new Date(now + 7 * DAY) },
      {
        organizationId,
        name: 'Closed Scholarship',
        publishedAt: new Date(now - 30 * DAY),
        opensAt: new Date(now - 20 * DAY),
        closesAt: new Date(now - DAY),
      },
      { organizationId, name: 'Actuarial Internship', ...open, closesAt: new Date(now + 7 * DAY) },
    ]);
    openBursary = { id: bursary!.id, name: bursary!.name };
    // The opportunity that regrets is open as well, so the e-mail must leave it out itself.
    await t.database.db
      .update(opportunities)
      .set({ opensAt: new Date(now - DAY), closesAt: new Date(now + 7 * DAY) })
      .where(eq(opportunities.id, opportunityId));
    closedId = closed!.id;
    notForThemId = notForThem!.id;
  });

  it('regrets one: the candidate sees it as unsuccessful, is notified and e-mailed kindly with an open opportunity they qualify for', async () => {
    const a = await apply({ phaseId: interview, firstName: 'Lindiwe' });
    await createEligibility(t.database, a.candidateId, openBursary.id, true);
    await createEligibility(t.database, a.candidateId, closedId, true);
    await createEligibility(t.database, a.candidateId, notForThemId, false);
    await createEligibility(t.database, a.candidateId, opportunityId, true);

    const res = await as.manager!('PATCH', `${base()}/${a.id}/regret`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: a.id,
          phaseId: interview,
          previousPhaseId: interview,
          regrettedAt: expect.any(String),
        },
      ],
      events: [
        expect.objectContaining({
          applicationId: a.id,
          kind: 'regretted',
          fromPhaseId: interview,
          phaseId: interview,
          actor: { id: expect.any(Number), name: 'Test User' },
        }),
      ],
    });
    expect((await stored([a.id]))[0]!.regrettedAt).not.toBeNull();

    const candidate = await caller(a);
    expect((await candidate('GET', `/api/candidate/applications/${a.id}`)).json().status).toBe(
      'Unsuccessful',
    );
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, a.candidateId));
    expect(bell).toEqual([
      expect.objectContaining({
        type: 'application',
        path: `/candidate/applications/${a.id}`,
        description: expect.stringContaining('Data Analyst Graduate Programme'),
        dismissedAt: null,
      }),
    ]);

    const mails = (await t.mails()).filter((m) => m.to === a.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your application for Data Analyst Graduate Programme');
    expect(mail.text).toContain('Hello Lindiwe,');
    expect(mail.text).toContain('There is an opportunity open now that you qualify for:');
    expect(mail.text).toContain(`Engineering Bursary at Organization`);
    expect(mail.text).toMatch(
      new RegExp(`http://pathways\\.test/opportunities/${openBursary.id}/engineering-bursary`),
    );
    expect(mail.html).toContain('Engineering Bursary');
    // Not the closed one, not one they do not qualify for, not the one that just said no.
    expect(mail.text).not.toContain('Closed Scholarship');
    expect(mail.text).not.toContain('Actuarial Internship');
    expect(mail.text).not.toContain(`/opportunities/${opportunityId}/`);
    expect(mail.text).toContain('http://pathways.test/opportunities?open=true&eligible=true');
  });

  it('refuses to regret twice with 409, changing nothing', async () => {
    const a = await apply();
    expect((await as.primary!('PATCH', `${base()}/${a.id}/regret`)).statusCode).toBe(200);
    const [before] = await stored([a.id]);
    t.clock.advance(60_000);
    const again = await as.primary!('PATCH', `${base()}/${a.id}/regret`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application was already regretted');
    expect(await stored([a.id])).toEqual([before]);
    expect((await eventsOf([a.id])).map((e) => e.kind)).toEqual(['regretted']);
    expect((await t.mails()).filter((m) => m.to === a.email)).toHaveLength(1);
  });

  it('refuses to regret what the candidate withdrew: 409 for one, 422 naming it for many', async () => {
    const [a, withdrawn] = [await apply(), await apply()];
    await t.database.db
      .update(applications)
      .set({ archivedAt: new Date(), status: 'withdrawn' })
      .where(eq(applications.id, withdrawn!.id));
    const one = await as.primary!('PATCH', `${base()}/${withdrawn!.id}/regret`);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe('The candidate withdrew this application');
    const many = await as.primary!('PATCH', `${base()}/regret`, {
      applicationIds: [a!.id, withdrawn!.id],
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toEqual({
      applicationIds: [`The candidates withdrew some of these applications: ${withdrawn!.id}`],
    });
    expect((await stored([a!.id, withdrawn!.id])).map((r) => r.regrettedAt)).toEqual([null, null]);
  });

  it('regrets many in one call, each candidate told', async () => {
    const [a, b] = [await apply(), await apply({ phaseId: null })];
    const res = await as.primary!('PATCH', `${base()}/regret`, { applicationIds: [b!.id, a!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .items.map((i: { id: number; previousPhaseId: number | null }) => [
          i.id,
          i.previousPhaseId,
        ]),
    ).toEqual([
      [a!.id, applied],
      [b!.id, null],
    ]);
    expect((await stored([a!.id, b!.id])).every((r) => r.regrettedAt !== null)).toBe(true);
    const told = new Set((await t.mails()).map((m) => m.to));
    expect(told.has(a!.email) && told.has(b!.email)).toBe(true);
  });

  it('refuses a bulk regret with an already regretted or a foreign id, naming them, changing nothing', async () => {
    const [a, b, done] = [await apply(), await apply(), await apply()];
    await as.primary!('PATCH', `${base()}/${done!.id}/regret`);
    const twice = await as.primary!('PATCH', `${base()}/regret`, {
      applicationIds: [a!.id, done!.id, b!.id],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({
      applicationIds: [`Some of these applications were already regretted: ${done!.id}`],
    });
    const foreign = await apply({ opportunity: elsewhereId, phaseId: elsewherePhase });
    const elsewhere = await as.primary!('PATCH', `${base()}/regret`, {
      applicationIds: [a!.id, foreign.id, 99_999_998],
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({
      applicationIds: [`These are not applications of this opportunity: ${foreign.id}, 99999998`],
    });
    expect((await stored([a!.id, b!.id, foreign.id])).map((r) => r.regrettedAt)).toEqual([
      null,
      null,
      null,
    ]);
    expect(await eventsOf([a!.id, b!.id, foreign.id])).toEqual([]);
    const told = new Set((await t.mails()).map((m) => m.to));
    expect(told.has(a!.email) || told.has(b!.email) || told.has(foreign.email)).toBe(false);
  });
});

// ---------------------------------------------------------------- ratings

describe('rating', () => {
  it('rates from 1 to 5 and clears with null', async () => {
    const a = await apply();
    const url = `${base()}/${a.id}/rating`;
    const rated = await as.manager!('PATCH', url, { rating: 5 });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toEqual({ id: a.id, applicationRating: 5 });
    const cleared = await as.manager!('PATCH', url, { rating: null });
    expect(cleared.json()).toEqual({ id: a.id, applicationRating: null });
    expect((await stored([a.id]))[0]!.applicationRating).toBeNull();
  });

  it.each([[0], [6], [2.5], ['4']])('refuses %j with 422 and the reason', async (rating) => {
    const a = await apply();
    const res = await as.primary!('PATCH', `${base()}/${a.id}/rating`, { rating });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rating).toEqual(['must be a whole number from 1 to 5']);
  });
});

// ---------------------------------------------------------------- flags

describe('flagging a profile irregularity', () => {
  const reportedOf = async (candidateId: number) => {
    const [row] = await t.database.db
      .select({ reported: isReportedSql(applications.candidateId) })
      .from(applications)
      .where(eq(applications.candidateId, candidateId));
    return row!.reported;
  };

  it('asks the candidate to fix the section, critically, until they change it', async () => {
    const a = await apply();
    await t.database.db.insert(candidateProfiles).values({ userId: a.candidateId });
    const candidate = await caller(a);
    const experience = await candidate('POST', '/api/candidate/experiences', {
      experience: { title: 'Cashier', organizationName: 'Corner Shop', startsAt: '2023-01-01' },
    });
    expect(experience.statusCode, experience.body).toBe(201);
    expect(await reportedOf(a.candidateId)).toBe(false);

    const res = await as.manager!('POST', '/api/client/flags', {
      flag: { applicationId: a.id, section: 'experiences', reason: ' The dates overlap. ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      flag: {
        id: expect.any(Number),
        applicationId: a.id,
        section: 'experiences',
        reason: 'The dates overlap.',
        createdAt: expect.any(String),
      },
    });
    expect(await reportedOf(a.candidateId)).toBe(true);
    const bell = (await candidate('GET', '/api/candidate/notifications')).json().items as {
      type: string;
      path: string;
      description: string;
    }[];
    expect(bell).toEqual([
      expect.objectContaining({
        type: 'profile.flag',
        path: '/candidate/profile#experiences',
        description: expect.stringContaining('correct your experience'),
      }),
    ]);
    const todo = async () =>
      (
        (await candidate('GET', '/api/candidate/action_items')).json().items as {
          type: string;
          critical: boolean;
          priority: number;
          label: string;
          resolutionPath: string;
          description: string;
        }[]
      ).filter((i) => i.type === 'account.profile_irregularity');
    expect(await todo()).toEqual([
      expect.objectContaining({
        label: 'Fix profile irregularity',
        critical: true,
        priority: 10,
        resolutionPath: '/candidate/profile#experiences',
        description: expect.stringContaining('The dates overlap.'),
      }),
    ]);

    // Saving another section, or the flagged one unchanged, does not clear it.
    expect(
      (await candidate('PATCH', '/api/candidate/profile', { profile: { biography: 'Hello' } }))
        .statusCode,
    ).toBe(200);
    const id = experience.json().id as number;
    expect(
      (
        await candidate('PATCH', `/api/candidate/experiences/${id}`, {
          experience: { title: 'Cashier' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await reportedOf(a.candidateId)).toBe(true);
    expect(await todo()).toHaveLength(1);

    // Correcting the section resolves the flag.
    const fixed = await candidate('PATCH', `/api/candidate/experiences/${id}`, {
      experience: { startsAt: '2023-02-01' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await reportedOf(a.candidateId)).toBe(false);
    expect(await todo()).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(flags)
      .where(eq(flags.candidateId, a.candidateId));
    expect(row).toMatchObject({
      section: 'experiences',
      organizationId,
      applicationId: a.id,
      resolvedAt: expect.any(Date),
    });
  });

  it('keeps a flag raised before the candidate had a profile row until that section changes', async () => {
    const a = await apply();
    const candidate = await caller(a);
    await as.primary!('POST', '/api/client/flags', {
      flag: { applicationId: a.id, section: 'identification', reason: 'Not a valid ID number' },
    });
    // Opening the profile creates its row; saving another section then is no correction.
    expect((await candidate('GET', '/api/candidate/profile')).statusCode).toBe(200);
    const tutor = await candidate('POST', '/api/candidate/experiences', {
      experience: { title: 'Tutor', organizationName: 'School', startsAt: '2022-01-01' },
    });
    expect(tutor.statusCode).toBe(201);
    expect(await reportedCandidateIds(t.database.db, [a.candidateId])).toEqual(
      new Set([a.candidateId]),
    );
    const fixed = await candidate('PATCH', '/api/candidate/profile', {
      // A Nigerian passport number: a letter and 8 digits.
      profile: {
        countryOfBirth: 'NG',
        identification: `A${String(Date.now() % 100_000_000).padStart(8, '0')}`,
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await reportedCandidateIds(t.database.db, [a.candidateId])).toEqual(new Set());
  });

  it('is cleared by deleting the flagged entries too', async () => {
    const a = await apply();
    const candidate = await caller(a);
    const lang = await candidate('POST', '/api/candidate/experiences', {
      experience: { title: 'Tutor', organizationName: 'School', startsAt: '2022-01-01' },
    });
    expect(lang.statusCode, lang.body).toBe(201);
    await as.primary!('POST', '/api/client/flags', {
      flag: { applicationId: a.id, section: 'experiences', reason: 'Not real' },
    });
    expect(await reportedOf(a.candidateId)).toBe(true);
    expect(
      (await candidate('DELETE', `/api/candidate/experiences/${lang.json().id}`)).statusCode,
    ).toBe(204);
    expect(await reportedOf(a.candidateId)).toBe(false);
  });

  it('refuses an unknown section or an empty reason with 422, storing nothing', async () => {
    const a = await apply();
    for (const flag of [
      { applicationId: a.id, section: 'hobbies', reason: 'x' },
      { applicationId: a.id, section: 'personal', reason: '   ' },
    ]) {
      const res = await as.primary!('POST', '/api/client/flags', { flag });
      expect(res.statusCode).toBe(422);
    }
    const rows = await t.database.db
      .select()
      .from(flags)
      .where(and(eq(flags.candidateId, a.candidateId)));
    expect(rows).toEqual([]);
  });
});

// ---------------------------------------------------------------- at the same moment

describe('at the same moment', () => {
  it('regrets an application once when two managers regret it together', async () => {
    const a = await apply();
    const url = `${base()}/${a.id}/regret`;
    const answers = await Promise.all([as.primary!('PATCH', url), as.manager!('PATCH', url)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await eventsOf([a.id])).map((e) => e.kind)).toEqual(['regretted']);
    expect((await t.mails()).filter((m) => m.to === a.email)).toHaveLength(1);
  });

  it('either moves into a phase or deletes it, never both and never a 500', async () => {
    const added = await as.primary!('POST', `/api/client/opportunities/${opportunityId}/phases`, {
      phase: { name: `Assessment ${Date.now()}` },
    });
    expect(added.statusCode, added.body).toBe(201);
    const phaseId = (added.json().items as { id: number; name: string }[]).at(-1)!.id;
    const a = await apply();
    const [moved, deleted] = await Promise.all([
      as.manager!('POST', `${base()}/${a.id}/events`, { phaseId }),
      as.primary!('DELETE', `/api/client/opportunities/${opportunityId}/phases/${phaseId}`),
    ]);
    const [row] = await stored([a.id]);
    if (moved.statusCode === 200) {
      expect(deleted.statusCode).toBe(409);
      expect(row!.phaseId).toBe(phaseId);
    } else {
      expect([moved.statusCode, deleted.statusCode]).toEqual([422, 204]);
      expect(row!.phaseId).toBe(applied);
    }
  });
});
