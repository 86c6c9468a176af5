import type { ActionItem } from '@pathways/shared/action-items/action-items.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, seedDemoData } from '../../seed/index.ts';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/build-app.ts';

// The to-do list of the demo candidates: Thandi has a complete profile, Sipho just signed up.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { now: t.clock.now, candidates: 3 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get(email: string, url: string) {
  const token = await loginAs(t.app, email, DEMO_PASSWORD);
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('demo candidates', () => {
  it('Thandi: a complete profile, with her open applications to act on', async () => {
    const { items } = (await get('thandi@demo.test', '/api/candidate/action_items')) as {
      items: ActionItem[];
    };
    const profileItems = items.filter((i) => i.type.startsWith('profile.'));
    expect(profileItems.map((i) => i.type)).toEqual(['profile.avatar']);
    const screening = items.find((i) => i.type === 'application.screening_questions');
    expect(screening?.opportunityApplication?.opportunity.name).toBe('Retail Management Trainee');
    const completion = await get('thandi@demo.test', '/api/candidate/profile/completion');
    expect(completion.percentage).toBeGreaterThanOrEqual(90);
  });

  it('no complete demo application still asks for its financial needs survey', async () => {
    const { items } = (await get('thandi@demo.test', '/api/candidate/action_items')) as {
      items: ActionItem[];
    };
    const { items: applications } = (await get(
      'thandi@demo.test',
      '/api/candidate/applications?per=100',
    )) as { items: { id: number; complete: boolean; opportunity: { kind: string } }[] };
    const bursaries = applications.filter((a) => a.opportunity.kind === 'bursary');
    expect(bursaries.some((a) => a.complete)).toBe(true);
    const asked = new Set(
      items
        .filter((i) => i.type.endsWith('financial_survey'))
        .map((i) => i.opportunityApplication?.id),
    );
    for (const a of bursaries.filter((b) => b.complete)) expect(asked.has(a.id)).toBe(false);
  });

  it('Sipho: new, unconfirmed and mostly empty', async () => {
    const { items } = (await get('sipho@demo.test', '/api/candidate/action_items')) as {
      items: ActionItem[];
    };
    expect(items[0]!.type).toBe('account.email_confirmation');
    expect(items.length).toBeGreaterThanOrEqual(12);
    const completion = await get('sipho@demo.test', '/api/candidate/profile/completion');
    expect(completion.percentage).toBeLessThanOrEqual(10);
  });
});
