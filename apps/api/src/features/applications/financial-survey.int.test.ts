import type { ActionItemsResponse } from '@pathways/shared/action-items/action-items.schemas';
import type { Application } from '@pathways/shared/applications/applications.schemas';
import {
  financialSurveyMessages as m,
  MOTIVATION_MAX_CHARS,
  type FinancialSurveyResponse,
} from '@pathways/shared/financial-surveys/financial-surveys.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { opportunities } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  createOpportunity,
  setApplication,
  signedIn,
  type Client,
} from './applications.factories.ts';
import { readApplicationSurvey } from '../financial-surveys/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const surveyUrl = (applicationId: number) =>
  `/api/candidate/applications/${applicationId}/financial-survey`;

const answers = {
  householdSize: 5,
  incomeBand: 'up_to_5000',
  dependants: 2,
  studyFunders: ['parents', 'loan'],
  otherFunding: [
    { name: 'NSFAS', status: 'applied', amount: null },
    { name: 'Municipal bursary', status: 'held', amount: 12000 },
  ],
  motivation: 'My mother supports five of us on a domestic worker salary.',
};

async function appliedTo(
  candidate: Client,
  options: Omit<Parameters<typeof createOpportunity>[1], 'now'> = {},
) {
  const o = await createOpportunity(t.database, { now: t.clock.now, kind: 'bursary', ...options });
  const res = await candidate.post(`/api/candidate/opportunities/${o.opportunity.id}/apply`, {
    locations: [o.locations[0]!.id],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...o, application: res.json() as Application };
}

async function todo(candidate: Client) {
  const res = await candidate.get('/api/candidate/action_items');
  expect(res.statusCode).toBe(200);
  return (res.json() as ActionItemsResponse).items;
}

describe('GET and PUT candidate/applications/{id}/financial-survey', () => {
  it('submits the survey, resolves the to-do item and raises the completion', async () => {
    const candidate = await signedIn(t);
    const { application } = await appliedTo(candidate);
    const itemId = `application.${application.id}.financial_survey`;
    expect((await todo(candidate)).map((i) => i.id)).toContain(itemId);

    const before = await candidate.get(surveyUrl(application.id));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      applicationId: application.id,
      survey: null,
      submittedAt: null,
      editable: true,
      lockedReason: null,
    });

    const res = await candidate.put(surveyUrl(application.id), { survey: answers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      applicationId: application.id,
      survey: answers,
      submittedAt: t.clock.now.toISOString(),
      updatedAt: t.clock.now.toISOString(),
      editable: true,
      lockedReason: null,
      closesAt: application.opportunity.closesAt,
    });

    expect((await todo(candidate)).map((i) => i.id)).not.toContain(itemId);
    const after = (await candidate.get(`/api/candidate/applications/${application.id}`)).json();
    expect((after as Application).completion).toBeGreaterThan(application.completion);

    // What the client's view of the application will read.
    expect(await readApplicationSurvey(t.database.db, application.id)).toMatchObject(answers);
  });

  it('changes the answers while the window is open, keeping the first submission time', async () => {
    const candidate = await signedIn(t);
    const { application } = await appliedTo(candidate);
    const first = (await candidate.put(surveyUrl(application.id), { survey: answers })).json();
    t.clock.advance(60_000);
    const res = await candidate.put(surveyUrl(application.id), {
      survey: { ...answers, householdSize: 6, otherFunding: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FinancialSurveyResponse;
    expect(body.survey).toMatchObject({ householdSize: 6, otherFunding: [] });
    expect(body.submittedAt).toBe((first as FinancialSurveyResponse).submittedAt);
    expect(body.updatedAt).toBe(t.clock.now.toISOString());
  });

  it("prefills a new application's survey with the candidate's last answers, unsubmitted", async () => {
    const candidate = await signedIn(t);
    const first = await appliedTo(candidate);
    await candidate.put(surveyUrl(first.application.id), { survey: answers });
    const second = await appliedTo(candidate);

    const res = await candidate.get(surveyUrl(second.application.id));
    expect(res.json()).toMatchObject({ survey: answers, submittedAt: null, editable: true });
    const items = (await todo(candidate)).map((i) => i.id);
    expect(items).toContain(`application.${second.application.id}.financial_survey`);
  });

  it.each([
    ['householdSize', { householdSize: 0 }, m.householdSize],
    ['incomeBand', { incomeBand: 'plenty' }, m.incomeBand],
    ['dependants', { dependants: -1 }, m.dependants],
    ['studyFunders', { studyFunders: [] }, m.fundersRequired],
    ['studyFunders', { studyFunders: ['nobody', 'self'] }, m.fundersNobody],
    ['otherFunding.0.name', { otherFunding: [{ name: '', status: 'held' }] }, m.fundingName],
    [
      'otherFunding.0.amount',
      { otherFunding: [{ name: 'NSFAS', status: 'held', amount: -1 }] },
      m.fundingAmount,
    ],
    ['motivation', { motivation: '  ' }, m.motivationRequired],
    ['motivation', { motivation: 'x'.repeat(MOTIVATION_MAX_CHARS + 1) }, m.motivationTooLong],
  ])('answers 422 under %s for %o, and saves nothing', async (field, change, message) => {
    const candidate = await signedIn(t);
    const { application } = await appliedTo(candidate);
    const res = await candidate.put(surveyUrl(application.id), {
      survey: { ...answers, ...change },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [field]: [message] });
    expect((await candidate.get(surveyUrl(application.id))).json().submittedAt).toBeNull();
  });

  it('answers 422 for a body without the survey', async () => {
    const candidate = await signedIn(t);
    const { application } = await appliedTo(candidate);
    const res = await candidate.put(surveyUrl(application.id), answers);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['survey']);
  });

  it("answers 404 for another candidate's application", async () => {
    const owner = await signedIn(t);
    const other = await signedIn(t);
    const { application } = await appliedTo(owner);
    expect((await other.get(surveyUrl(application.id))).statusCode).toBe(404);
    const put = await other.put(surveyUrl(application.id), { survey: answers });
    expect(put.statusCode).toBe(404);
    expect((await owner.get(surveyUrl(application.id))).json().submittedAt).toBeNull();
  });

  it('answers 404 for a job or scholarship application, and for a missing one', async () => {
    const candidate = await signedIn(t);
    for (const kind of ['job', 'scholarship'] as const) {
      const { application } = await appliedTo(candidate, { kind });
      const get = await candidate.get(surveyUrl(application.id));
      expect(get.statusCode).toBe(404);
      expect(get.json().message).toBe(m.notBursary);
      expect((await candidate.put(surveyUrl(application.id), { survey: answers })).statusCode).toBe(
        404,
      );
    }
    expect((await candidate.get(surveyUrl(2_000_000_000))).statusCode).toBe(404);
    expect((await candidate.get(surveyUrl(0))).statusCode).toBe(422);
  });

  it('refuses changes once the application window has closed, and says so', async () => {
    const candidate = await signedIn(t);
    const { application } = await appliedTo(candidate);
    await candidate.put(surveyUrl(application.id), { survey: answers });
    // The window closes now.
    await t.database.db
      .update(opportunities)
      .set({ closesAt: t.clock.now })
      .where(eq(opportunities.id, application.opportunity.id));

    const get = (await candidate.get(surveyUrl(application.id))).json() as FinancialSurveyResponse;
    expect(get).toMatchObject({ editable: false, lockedReason: m.closed, survey: answers });
    const res = await candidate.put(surveyUrl(application.id), {
      survey: { ...answers, householdSize: 2 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.closed);
    expect((await candidate.get(surveyUrl(application.id))).json().survey.householdSize).toBe(5);
  });

  it('refuses a withdrawn application', async () => {
    const candidate = await signedIn(t);
    const { application } = await appliedTo(candidate, { window: 'no_closing_date' });
    await setApplication(t.database, application.id, { archivedAt: t.clock.now });
    const res = await candidate.put(surveyUrl(application.id), { survey: answers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.withdrawn);
  });

  it('asks for a signed-in candidate', async () => {
    const res = await t.app.inject({ method: 'GET', url: surveyUrl(1) });
    expect(res.statusCode).toBe(401);
    const client = await signedIn(t, 'client');
    expect((await client.get(surveyUrl(1))).statusCode).toBe(403);
  });

  it('is documented in the OpenAPI document, body and answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const path = res.json().paths['/api/candidate/applications/{id}/financial-survey'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    expect(JSON.stringify(path.put.requestBody)).toContain('motivation');
  });
});
