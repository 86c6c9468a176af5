import type {
  Application,
  ApplicationList,
  InviteList,
  ScreeningQuestionList,
} from '@pathways/shared/applications/applications.schemas';
import { SCREENING_COMPLETION_SHARE } from '@pathways/shared/applications/applications.rules';
import { applicationMessages as m } from '@pathways/shared/applications/applications.schemas';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applications,
  campaigns,
  eligibilities,
  opportunities,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  countApplications,
  createOpportunity,
  insertApplication,
  invite,
  phaseEvents,
  setApplication,
  signedIn,
  type Client,
} from './applications.factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const applyUrl = (opportunityId: number) => `/api/candidate/opportunities/${opportunityId}/apply`;
const opportunity = (options: Omit<Parameters<typeof createOpportunity>[1], 'now'> = {}) =>
  createOpportunity(t.database, { now: t.clock.now, ...options });

async function applied(candidate: Client, opportunityId: number, locations: number[]) {
  const res = await candidate.post(applyUrl(opportunityId), { locations });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Application;
}

describe('POST candidate/opportunities/{id}/apply', () => {
  it('creates the application in the initial phase with the chosen locations', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity({ locations: 3 });
    const chosen = o.locations[1]!;
    const body = await applied(candidate, o.opportunity.id, [chosen.id]);

    expect(body).toMatchObject({
      id: expect.any(Number),
      status: 'Applied',
      phase: { id: o.phases[0]!.id, name: 'Applied', order: 1 },
      createdAt: t.clock.now.toISOString(),
      archivedAt: null,
      complete: false,
      completion: expect.any(Number),
      screeningSubmittedAt: null,
      eligibility: { eligible: null, referredAt: t.clock.now.toISOString() },
      locations: [
        {
          id: chosen.id,
          address: chosen.address,
          city: chosen.city,
          latitude: chosen.latitude,
          longitude: chosen.longitude,
        },
      ],
      opportunity: {
        id: o.opportunity.id,
        name: o.opportunity.name,
        logo: o.opportunity.logo,
        kind: 'job',
        closesAt: o.opportunity.closesAt!.toISOString(),
        organization: { id: o.organization.id, name: o.organization.name, logo: null },
      },
    });
    expect(body.opportunity.locations.map((l) => l.id).sort()).toEqual(
      o.locations.map((l) => l.id).sort(),
    );
    expect(body.completion).toBeGreaterThanOrEqual(0);
    expect(body.completion).toBeLessThan(100);

    const events = await phaseEvents(t.database, body.id);
    expect(events).toMatchObject([
      { kind: 'applied', phaseId: o.phases[0]!.id, actorUserId: candidate.userId },
    ]);
    expect(
      await candidate.get(`/api/candidate/applications/${body.id}`).then((r) => r.json()),
    ).toEqual(body);
  });

  it('keeps a stored eligibility and marks the candidate referred', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity();
    const earlier = new Date(t.clock.now.getTime() - 3_600_000);
    await t.database.db.insert(eligibilities).values({
      candidateId: candidate.userId,
      opportunityId: o.opportunity.id,
      eligible: true,
      checkedAt: earlier,
    });
    const body = await applied(candidate, o.opportunity.id, [o.locations[0]!.id]);
    expect(body.eligibility).toEqual({ eligible: true, referredAt: t.clock.now.toISOString() });
  });

  it('applies to an opportunity without phases or a closing date', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity({ phases: [], window: 'no_closing_date' });
    const body = await applied(candidate, o.opportunity.id, [o.locations[0]!.id]);
    expect(body).toMatchObject({ status: 'Submitted', phase: null });
    expect(body.opportunity.closesAt).toBeNull();
  });

  it('never makes a second application: 409 names the first', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity();
    const first = await applied(candidate, o.opportunity.id, [o.locations[0]!.id]);
    const again = await candidate.post(applyUrl(o.opportunity.id), {
      locations: [o.locations[1]!.id],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'conflict',
      message: m.alreadyApplied,
      applicationId: first.id,
    });
    expect(await countApplications(t.database, candidate.userId, o.opportunity.id)).toBe(1);
    const kept = (await candidate.get(`/api/candidate/applications/${first.id}`)).json();
    expect(kept.locations.map((l: { id: number }) => l.id)).toEqual([o.locations[0]!.id]);
  });

  it('makes exactly one application of concurrent requests', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        candidate.post(applyUrl(o.opportunity.id), { locations: [o.locations[0]!.id] }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const created = responses.find((r) => r.statusCode === 201)!.json() as Application;
    for (const r of responses.filter((res) => res.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'conflict', applicationId: created.id });
    }
    expect(await countApplications(t.database, candidate.userId, o.opportunity.id)).toBe(1);
    expect(await phaseEvents(t.database, created.id)).toHaveLength(1);
  });

  it('needs locations of this opportunity', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity();
    const other = await opportunity();
    const url = applyUrl(o.opportunity.id);
    const cases: [unknown, string][] = [
      [{}, m.locationsRequired],
      [{ locations: [] }, m.locationsRequired],
      [{ locations: 'Cape Town' }, m.locationsRequired],
      [{ locations: ['x'] }, m.locationsInvalid],
      [{ locations: [o.locations[0]!.id, o.locations[0]!.id] }, m.locationsDistinct],
      [{ locations: [other.locations[0]!.id] }, m.locationsInvalid],
      [{ locations: [o.locations[0]!.id, 2_000_000_000] }, m.locationsInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await candidate.post(url, payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation', errors: { locations: [message] } });
    }
    expect(await countApplications(t.database, candidate.userId, o.opportunity.id)).toBe(0);
  });

  it('is refused outside the open window, with a message', async () => {
    const candidate = await signedIn(t);
    const cases: [Parameters<typeof opportunity>[0], string][] = [
      [{ window: 'upcoming' }, m.notOpenYet],
      [{ window: 'closed' }, m.closed],
    ];
    for (const [options, message] of cases) {
      const o = await opportunity(options);
      const res = await candidate.post(applyUrl(o.opportunity.id), {
        locations: [o.locations[0]!.id],
      });
      expect(res.statusCode, options?.window).toBe(422);
      expect(res.json()).toEqual({ code: 'validation', message });
      expect(await countApplications(t.database, candidate.userId, o.opportunity.id)).toBe(0);
    }
  });

  it('answers a draft exactly as an opportunity that does not exist', async () => {
    const candidate = await signedIn(t);
    const draft = await opportunity({ window: 'draft' });
    const res = await candidate.post(applyUrl(draft.opportunity.id), {
      locations: [draft.locations[0]!.id],
    });
    const unknown = await candidate.post(applyUrl(2_000_000_000), {
      locations: [draft.locations[0]!.id],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: m.opportunityNotFound });
    expect(res.body).toBe(unknown.body);
    expect(await countApplications(t.database, candidate.userId, draft.opportunity.id)).toBe(0);
  });

  it('opens and closes with the clock', async () => {
    const candidate = await signedIn(t);
    const minutes = (n: number) => new Date(t.clock.now.getTime() + n * 60_000);
    const opening = await opportunity({ dates: { opensAt: minutes(1), closesAt: minutes(20) } });
    const closing = await opportunity({ dates: { opensAt: minutes(-60), closesAt: minutes(1) } });
    const apply = (o: typeof opening) =>
      candidate.post(applyUrl(o.opportunity.id), { locations: [o.locations[0]!.id] });

    expect((await apply(opening)).json()).toMatchObject({ message: m.notOpenYet });
    t.clock.advance(2 * 60_000);
    expect((await apply(opening)).statusCode).toBe(201);
    expect((await apply(closing)).json()).toMatchObject({ message: m.closed });
  });

  it('answers 404 for an unknown opportunity and 422 for a bad id', async () => {
    const candidate = await signedIn(t);
    const unknown = await candidate.post(applyUrl(2_000_000_000), { locations: [1] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', message: m.opportunityNotFound });
    const bad = await candidate.post('/api/candidate/opportunities/abc/apply', { locations: [1] });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the campaign an application came through', () => {
  it('is the sign-up campaign when it covers the opportunity, else none', async () => {
    const a1 = await opportunity({ locations: 1 });
    const a2 = await opportunity({ locations: 1 });
    const b = await opportunity({ locations: 1 });
    // a1 and a2 are two opportunities of one organization; b is another organization's.
    await t.database.db
      .update(opportunities)
      .set({ organizationId: a1.organization.id })
      .where(eq(opportunities.id, a2.opportunity.id));
    const [forA1] = await t.database.db
      .insert(campaigns)
      .values({
        slug: `a1-${Date.now()}`,
        name: 'A1 campaign',
        kind: 'opportunity',
        organizationId: a1.organization.id,
        opportunityId: a1.opportunity.id,
      })
      .returning();
    const [forB] = await t.database.db
      .insert(campaigns)
      .values({
        slug: `b-${Date.now()}`,
        name: 'B campaign',
        kind: 'organization',
        organizationId: b.organization.id,
      })
      .returning();
    const throughA1 = await signedIn(t);
    const throughB = await signedIn(t);
    const direct = await signedIn(t);
    await t.database.db
      .update(users)
      .set({ signupCampaignId: forA1!.id })
      .where(eq(users.id, throughA1.userId));
    await t.database.db
      .update(users)
      .set({ signupCampaignId: forB!.id })
      .where(eq(users.id, throughB.userId));

    const campaignOf = async (candidate: Client, o: typeof a1) => {
      const body = await applied(candidate, o.opportunity.id, [o.locations[0]!.id]);
      const [row] = await t.database.db
        .select({ campaignId: applications.campaignId })
        .from(applications)
        .where(inArray(applications.id, [body.id]));
      return row!.campaignId;
    };
    // An opportunity's campaign covers that opportunity only.
    expect(await campaignOf(throughA1, a1)).toBe(forA1!.id);
    expect(await campaignOf(throughA1, a2)).toBeNull();
    expect(await campaignOf(throughA1, b)).toBeNull();
    // An organization's campaign covers every opportunity of that organization only.
    expect(await campaignOf(throughB, b)).toBe(forB!.id);
    expect(await campaignOf(throughB, a1)).toBeNull();
    // Without a sign-up campaign there is none.
    expect(await campaignOf(direct, a1)).toBeNull();
  });
});

describe('screening questions', () => {
  it('lists them, requires the required ones when applying, then shows the answers', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity({
      questions: [{ required: true }, { required: false }, { required: true }],
    });
    const [q1, q2, q3] = o.questions;
    const url = `/api/candidate/opportunities/${o.opportunity.id}/screening_questions`;

    const before = (await candidate.get(url)).json() as ScreeningQuestionList;
    expect(before).toEqual({
      applicationId: null,
      items: [
        { id: q1!.id, prompt: 'Question 1?', required: true, position: 0, answer: null },
        { id: q2!.id, prompt: 'Question 2?', required: false, position: 1, answer: null },
        { id: q3!.id, prompt: 'Question 3?', required: true, position: 2, answer: null },
      ],
    });

    const locations = [o.locations[0]!.id];
    const missing = await candidate.post(applyUrl(o.opportunity.id), {
      locations,
      answers: [
        { questionId: q1!.id, answer: 'Yes' },
        { questionId: q3!.id, answer: '   ' },
      ],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      answers: [m.answersRequired],
      [`answers.${q3!.id}`]: [m.answerRequired],
    });
    const none = await candidate.post(applyUrl(o.opportunity.id), { locations });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors).sort()).toEqual(
      ['answers', `answers.${q1!.id}`, `answers.${q3!.id}`].sort(),
    );
    const foreign = await candidate.post(applyUrl(o.opportunity.id), {
      locations,
      answers: [{ questionId: 2_000_000_000, answer: 'Yes' }],
    });
    expect(foreign.json().errors).toEqual({ answers: [m.answersInvalid] });
    const malformed = await candidate.post(applyUrl(o.opportunity.id), {
      locations,
      answers: [{ questionId: q1!.id }],
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ answers: [m.answersInvalid] });
    expect(await countApplications(t.database, candidate.userId, o.opportunity.id)).toBe(0);

    const res = await candidate.post(applyUrl(o.opportunity.id), {
      locations,
      answers: [
        { questionId: q1!.id, answer: ' Yes ' },
        { questionId: q3!.id, answer: 'Cape Town' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Application;
    expect(body.screeningSubmittedAt).toBe(t.clock.now.toISOString());

    const after = (await candidate.get(url)).json() as ScreeningQuestionList;
    expect(after.applicationId).toBe(body.id);
    expect(after.items.map((q) => q.answer)).toEqual(['Yes', null, 'Cape Town']);

    // Answers change with PATCH; a required one cannot be cleared.
    const cleared = await candidate.patch(`/api/candidate/applications/${body.id}`, {
      application: { answers: [{ questionId: q1!.id, answer: '' }] },
    });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors).toMatchObject({ [`answers.${q1!.id}`]: [m.answerRequired] });
    const changed = await candidate.patch(`/api/candidate/applications/${body.id}`, {
      application: {
        answers: [
          { questionId: q2!.id, answer: 'Optional too' },
          { questionId: q3!.id, answer: 'Durban' },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      ((await candidate.get(url)).json() as ScreeningQuestionList).items.map((q) => q.answer),
    ).toEqual(['Yes', 'Optional too', 'Durban']);
  });

  it('lets an application made without answers complete them, raising its completion', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity({ questions: [{ required: true }, { required: true }] });
    // Made before the questions existed (as in the demo data): no answers yet.
    const id = await insertApplication(t.database, {
      candidateId: candidate.userId,
      opportunityId: o.opportunity.id,
      phaseId: o.phases[0]!.id,
      locationIds: [o.locations[0]!.id],
    });
    const url = `/api/candidate/applications/${id}`;
    const [q1, q2] = o.questions;

    const half = await candidate.patch(url, {
      application: { answers: [{ questionId: q1!.id, answer: 'Yes' }] },
    });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toEqual({
      answers: [m.answersRequired],
      [`answers.${q2!.id}`]: [m.answerRequired],
    });

    const res = await candidate.patch(url, {
      application: {
        answers: [
          { questionId: q1!.id, answer: 'Yes' },
          { questionId: q2!.id, answer: 'No' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Application;
    expect(body.screeningSubmittedAt).toBe(t.clock.now.toISOString());
    // A new candidate's profile is mostly empty; the answers carry their share.
    expect(body.completion).toBeGreaterThanOrEqual(SCREENING_COMPLETION_SHARE);
    expect(body.complete).toBe(false);
    expect(body.locations.map((l) => l.id)).toEqual([o.locations[0]!.id]);
  });

  it('hides the questions of a draft and of an unknown opportunity', async () => {
    const candidate = await signedIn(t);
    const draft = await opportunity({ window: 'draft', questions: [{}] });
    expect(
      (
        await candidate.get(
          `/api/candidate/opportunities/${draft.opportunity.id}/screening_questions`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await candidate.get('/api/candidate/opportunities/2000000000/screening_questions'))
        .statusCode,
    ).toBe(404);
    const closed = await opportunity({ window: 'closed', questions: [{}] });
    const res = await candidate.get(
      `/api/candidate/opportunities/${closed.opportunity.id}/screening_questions`,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as ScreeningQuestionList).items).toHaveLength(1);
  });
});

describe('one application', () => {
  it('changes its locations with PATCH', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity({ locations: 3 });
    const other = await opportunity();
    const app = await applied(candidate, o.opportunity.id, [o.locations[0]!.id]);
    const url = `/api/candidate/applications/${app.id}`;

    const res = await candidate.patch(url, {
      application: { locations: [o.locations[1]!.id, o.locations[2]!.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Application;
    expect(body.locations.map((l) => l.id).sort()).toEqual(
      [o.locations[1]!.id, o.locations[2]!.id].sort(),
    );
    expect(body.status).toBe('Applied');

    for (const [application, message] of [
      [{ locations: [other.locations[0]!.id] }, m.locationsInvalid],
      [{ locations: [] }, m.locationsRequired],
      [{}, m.locationsRequired],
      [{ locations: [o.locations[0]!.id, 'x'] }, m.locationsInvalid],
    ] as const) {
      const bad = await candidate.patch(url, { application });
      expect(bad.statusCode, JSON.stringify(application)).toBe(422);
      expect(bad.json().errors).toEqual({ locations: [message] });
    }
    const kept = (await candidate.get(url)).json() as Application;
    expect(kept.locations).toEqual(body.locations);
  });

  it('is withdrawn with PATCH …/archive, once, and then cannot change', async () => {
    const candidate = await signedIn(t);
    const o = await opportunity();
    const keep = await opportunity();
    const app = await applied(candidate, o.opportunity.id, [o.locations[0]!.id]);
    await applied(candidate, keep.opportunity.id, [keep.locations[0]!.id]);

    const res = await candidate.patch(`/api/candidate/applications/${app.id}/archive`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Application;
    expect(body).toMatchObject({
      id: app.id,
      status: 'Withdrawn',
      archivedAt: t.clock.now.toISOString(),
      phase: { name: 'Applied', order: 1 },
    });

    t.clock.advance(60_000);
    try {
      const again = await candidate.patch(`/api/candidate/applications/${app.id}/archive`, {});
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(body);
    } finally {
      t.clock.advance(-60_000);
    }
    expect((await phaseEvents(t.database, app.id)).map((e) => e.kind)).toEqual([
      'applied',
      'archived',
    ]);

    const list = (await candidate.get('/api/candidate/applications')).json() as ApplicationList;
    expect(list.counts).toEqual({ Applied: 1, Withdrawn: 1 });
    expect(list.total).toBe(2);

    const locked = await candidate.patch(`/api/candidate/applications/${app.id}`, {
      application: { locations: [o.locations[1]!.id] },
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ code: 'validation', message: m.withdrawnLocked });

    const reapply = await candidate.post(applyUrl(o.opportunity.id), {
      locations: [o.locations[0]!.id],
    });
    expect(reapply.statusCode).toBe(409);
    expect(reapply.json()).toEqual({
      code: 'conflict',
      message: m.withdrawnBefore,
      applicationId: app.id,
    });
  });

  it("another candidate's application answers 404, and is not listed", async () => {
    const owner = await signedIn(t);
    const other = await signedIn(t);
    const o = await opportunity();
    const app = await applied(owner, o.opportunity.id, [o.locations[0]!.id]);
    const url = `/api/candidate/applications/${app.id}`;
    const attempts = [
      await other.get(url),
      await other.patch(url, { application: { locations: [o.locations[1]!.id] } }),
      await other.patch(`${url}/archive`),
      await other.get('/api/candidate/applications/2000000000'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: m.notFound });
    }
    const list = (await other.get('/api/candidate/applications')).json() as ApplicationList;
    expect(list).toEqual({ items: [], page: 1, per: 25, total: 0, counts: {} });
    const untouched = (await owner.get(url)).json() as Application;
    expect(untouched).toMatchObject({ archivedAt: null, locations: [{ id: o.locations[0]!.id }] });
  });
});

describe('GET candidate/applications', () => {
  it('lists newest first with counts per status, filters by status and pages', async () => {
    const candidate = await signedIn(t);
    const made: Application[] = [];
    for (let i = 0; i < 4; i++) {
      const o = await opportunity();
      made.push(await applied(candidate, o.opportunity.id, [o.locations[0]!.id]));
      t.clock.advance(1000);
    }
    // One moves to the second phase, one is regretted by the organization.
    const moved = made[1]!;
    const movedPhases = await t.database.db.query.phases.findMany({
      where: (p, { eq }) => eq(p.opportunityId, moved.opportunity.id),
    });
    await setApplication(t.database, moved.id, {
      phaseId: movedPhases.find((p) => p.name === 'Interview')!.id,
    });
    await setApplication(t.database, made[2]!.id, { regrettedAt: t.clock.now });

    const list = (await candidate.get('/api/candidate/applications')).json() as ApplicationList;
    expect(list.items.map((a) => a.id)).toEqual(made.map((a) => a.id).reverse());
    expect(list.counts).toEqual({ Applied: 2, Interview: 1, Unsuccessful: 1 });
    expect(list.total).toBe(4);
    const interview = list.items.find((a) => a.id === moved.id)!;
    expect(interview).toMatchObject({
      status: 'Interview',
      phase: { name: 'Interview', order: 2 },
    });
    expect(interview).not.toHaveProperty('locations');
    expect(interview.opportunity).not.toHaveProperty('locations');

    const filtered = (await candidate.get('/api/candidate/applications?status=Applied')).json();
    expect(filtered).toMatchObject({ total: 2, status: 'Applied', counts: list.counts });
    expect(filtered.items.map((a: Application) => a.status)).toEqual(['Applied', 'Applied']);

    const page2 = (await candidate.get('/api/candidate/applications?per=3&page=2')).json();
    expect(page2).toMatchObject({ page: 2, per: 3, total: 4 });
    expect(page2.items.map((a: Application) => a.id)).toEqual([made[0]!.id]);

    const one = (
      await candidate.get(`/api/candidate/applications?opportunity=${moved.opportunity.id}`)
    ).json();
    expect(one).toMatchObject({ total: 1, opportunity: moved.opportunity.id });
    expect(one.items.map((a: Application) => a.id)).toEqual([moved.id]);
    const other = await signedIn(t);
    const none = (
      await other.get(`/api/candidate/applications?opportunity=${moved.opportunity.id}`)
    ).json();
    expect(none).toMatchObject({ total: 0, items: [] });

    expect((await candidate.get('/api/candidate/applications?per=0')).statusCode).toBe(422);
    expect((await candidate.get('/api/candidate/applications?opportunity=x')).statusCode).toBe(422);
  });
});

describe('GET candidate/invites', () => {
  it('lists invitations to open opportunities I have not applied to', async () => {
    const candidate = await signedIn(t);
    const someoneElse = await signedIn(t);
    const now = t.clock.now;
    const hour = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const invited = await opportunity();
    const upcoming = await opportunity({ window: 'upcoming' });
    const closed = await opportunity({ window: 'closed' });
    const appliedTo = await opportunity();
    const draft = await opportunity({ window: 'draft' });
    const first = await invite(t.database, candidate.userId, invited.opportunity.id, hour(5));
    const second = await invite(t.database, candidate.userId, upcoming.opportunity.id, hour(1));
    await invite(t.database, candidate.userId, closed.opportunity.id, hour(2));
    await invite(t.database, candidate.userId, appliedTo.opportunity.id, hour(3));
    await invite(t.database, candidate.userId, draft.opportunity.id, hour(3));
    await invite(t.database, someoneElse.userId, invited.opportunity.id, hour(3));
    await applied(candidate, appliedTo.opportunity.id, [appliedTo.locations[0]!.id]);

    const res = await candidate.get('/api/candidate/invites');
    expect(res.statusCode).toBe(200);
    const body = res.json() as InviteList;
    expect(body.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(body.items[1]).toEqual({
      id: first.id,
      invitedAt: hour(5).toISOString(),
      opportunity: {
        id: invited.opportunity.id,
        name: invited.opportunity.name,
        logo: invited.opportunity.logo,
        kind: 'job',
        opensAt: invited.opportunity.opensAt!.toISOString(),
        closesAt: invited.opportunity.closesAt!.toISOString(),
        organization: { id: invited.organization.id, name: invited.organization.name, logo: null },
      },
    });

    // Applying answers the invite.
    await applied(candidate, invited.opportunity.id, [invited.locations[0]!.id]);
    const after = (await candidate.get('/api/candidate/invites')).json() as InviteList;
    expect(after.items.map((i) => i.id)).toEqual([second.id]);
  });
});

describe('access', () => {
  it('is for candidates only: a client gets 403, a guest 401', async () => {
    const client = await signedIn(t, 'client');
    const candidate = await signedIn(t);
    const o = await opportunity();
    const app = await applied(candidate, o.opportunity.id, [o.locations[0]!.id]);
    const calls: [string, string, object?][] = [
      ['POST', applyUrl(o.opportunity.id), { locations: [o.locations[0]!.id] }],
      ['GET', `/api/candidate/opportunities/${o.opportunity.id}/screening_questions`],
      ['GET', '/api/candidate/applications'],
      ['GET', `/api/candidate/applications/${app.id}`],
      [
        'PATCH',
        `/api/candidate/applications/${app.id}`,
        { application: { locations: [o.locations[1]!.id] } },
      ],
      ['PATCH', `/api/candidate/applications/${app.id}/archive`],
      ['GET', '/api/candidate/invites'],
    ];
    for (const [method, url, payload] of calls) {
      const asClient =
        method === 'GET'
          ? await client.get(url)
          : method === 'POST'
            ? await client.post(url, payload)
            : await client.patch(url, payload);
      expect(asClient.statusCode, `${method} ${url}`).toBe(403);
      const asGuest = await t.app.inject({ method: method as 'GET', url, payload });
      expect(asGuest.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await countApplications(t.database, client.userId, o.opportunity.id)).toBe(0);
    const untouched = (await candidate.get(`/api/candidate/applications/${app.id}`)).json();
    expect(untouched).toMatchObject({ archivedAt: null, locations: [{ id: o.locations[0]!.id }] });
  });

  it('documents every route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/candidate/opportunities/{id}/apply',
        '/api/candidate/opportunities/{id}/screening_questions',
        '/api/candidate/applications',
        '/api/candidate/applications/{id}',
        '/api/candidate/applications/{id}/archive',
        '/api/candidate/invites',
      ]),
    );
  });
});
