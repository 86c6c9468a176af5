import type {
  Application,
  ApplicationList,
  ScreeningQuestionList,
} from '@pathways/shared/applications/applications.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, seedDemoData } from '../../seed/index.ts';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/build-app.ts';

// Thandi's applications in the demo data: one far along the pipeline, one regretted, one
// withdrawn, and a retail application still waiting for her screening answer.

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { now: t.clock.now, candidates: 3 });
  headers = bearer(await loginAs(t.app, 'thandi@demo.test', DEMO_PASSWORD));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('demo: Thandi', () => {
  it('lists her five applications with counts per status', async () => {
    const list = await get<ApplicationList>('/api/candidate/applications');
    expect(list.total).toBe(5);
    expect(Object.values(list.counts).reduce((a, b) => a + b, 0)).toBe(5);
    expect(list.counts).toMatchObject({ Withdrawn: 1, Unsuccessful: 1 });

    const byName = new Map(list.items.map((a) => [a.opportunity.name, a]));
    const tech = byName.get('Graduate Programme: Technology')!;
    expect(tech).toMatchObject({ status: 'Interview', phase: { name: 'Interview', order: 4 } });
    expect(byName.get('Data Analyst Internship')).toMatchObject({ status: 'Withdrawn' });
    expect(byName.get('Software Developer Internship')).toMatchObject({
      status: 'Unsuccessful',
      phase: { order: 2 },
    });
    expect(tech.eligibility).toMatchObject({ referredAt: expect.any(String) });

    const detail = await get<Application>(`/api/candidate/applications/${tech.id}`);
    expect(detail.locations.length).toBeGreaterThan(0);
    const offered = new Set(detail.opportunity.locations.map((l) => l.id));
    expect(detail.locations.every((l) => offered.has(l.id))).toBe(true);
  });

  it('can answer the retail screening question she still owes', async () => {
    const list = await get<ApplicationList>('/api/candidate/applications');
    const retail = list.items.find((a) => a.opportunity.name === 'Retail Management Trainee')!;
    const questions = await get<ScreeningQuestionList>(
      `/api/candidate/opportunities/${retail.opportunity.id}/screening_questions`,
    );
    expect(questions.applicationId).toBe(retail.id);
    expect(questions.items.length).toBeGreaterThan(0);
    expect(questions.items.every((q) => q.answer === null)).toBe(true);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/candidate/applications/${retail.id}`,
      headers,
      payload: {
        application: {
          answers: questions.items.map((q) => ({ questionId: q.id, answer: 'Yes, anywhere.' })),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Application;
    expect(body.completion).toBeGreaterThanOrEqual(retail.completion);
    expect(body.screeningSubmittedAt).not.toBeNull();
  });

  it('has no open invites of her own', async () => {
    expect(await get('/api/candidate/invites')).toEqual({ items: [] });
  });
});
