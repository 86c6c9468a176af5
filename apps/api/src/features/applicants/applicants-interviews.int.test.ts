import { applicantPage } from '@pathways/shared/applicants/applicants.schemas';
import { offerList } from '@pathways/shared/interviews/interviews.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications } from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createPeople } from '../../test/principals.ts';

// The tracker's rows say who has an interview booked, who asked for other times and who has
// times waiting for a choice, on a page of rows and on the list alike.

let t: TestApp;
let opportunityId: number;
let apps: number[];
const tokens: Record<string, string> = {};
let manager: { id: number; email: string; password: string };

const call = (method: string, url: string, who: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/${url}`,
    headers: bearer(tokens[who]),
    payload,
  });

function inDays(days: number, hour: number): string {
  const d = new Date(t.clock.now);
  d.setUTCHours(hour, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString();
}

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t, { a: { name: 'Graduate programme' } });
  opportunityId = p.a.opportunityId;
  manager = p.users.manager;
  tokens.manager = p.byWho.manager.token!;
  tokens.candidate = p.byWho.candidate.token!;
  tokens.otherCandidate = p.byWho.otherCandidate.token!;
  const third = await createUser(t.database, { role: 'candidate' });
  const fourth = await createUser(t.database, { role: 'candidate' });
  const rows = await t.database.db
    .insert(applications)
    .values([
      { candidateId: p.users.candidate.id, opportunityId },
      { candidateId: p.users.otherCandidate.id, opportunityId },
      { candidateId: third.id, opportunityId },
      { candidateId: fourth.id, opportunityId },
    ])
    .returning();
  apps = rows.map((r) => r.id);
  tokens.third = await loginAs(t.app, third.email, third.password);
});

afterAll(async () => {
  await t.close();
});

describe('interview state on tracker rows', { shuffle: false }, () => {
  it('shows booked, other times and waiting, and nothing where no times were offered', async () => {
    const offered = await call(
      'POST',
      `client/opportunities/${opportunityId}/interview_offers`,
      'manager',
      {
        applicationIds: apps.slice(0, 3),
        slots: [9, 10, 11].map((hour) => ({
          startsAt: inDays(2, hour),
          durationMinutes: 45,
          place: { kind: 'video', url: 'https://meet.example.test/room' },
          interviewers: [{ userId: manager.id }],
        })),
      },
    );
    expect(offered.statusCode, offered.body).toBe(201);
    const offers = offerList.parse(offered.json()).items;
    const offerOf = (applicationId: number) =>
      offers.find((o) => o.applicationId === applicationId)!;

    const booked = await call(
      'POST',
      `candidate/interview_offers/${offerOf(apps[0]!).id}/booking`,
      'candidate',
      { slotId: offerOf(apps[0]!).slots[0]!.id },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const asked = await call(
      'POST',
      `candidate/interview_offers/${offerOf(apps[1]!).id}/other_times`,
      'otherCandidate',
      { message: 'Any afternoon next week' },
    );
    expect(asked.statusCode, asked.body).toBe(200);

    const page = await call('GET', `client/opportunities/${opportunityId}/applications`, 'manager');
    expect(page.statusCode, page.body).toBe(200);
    const stateOf = new Map(applicantPage.parse(page.json()).items.map((r) => [r.id, r.interview]));
    expect(apps.map((id) => stateOf.get(id))).toEqual(['booked', 'other_times', 'waiting', null]);

    // The server-side list (large workspaces) carries the same state.
    const list = await call(
      'GET',
      `client/opportunities/${opportunityId}/applications/list`,
      'manager',
    );
    expect(list.statusCode, list.body).toBe(200);
    const listed = new Map(
      (list.json().items as { id: number; interview: string | null }[]).map((r) => [
        r.id,
        r.interview,
      ]),
    );
    expect(apps.map((id) => listed.get(id))).toEqual(['booked', 'other_times', 'waiting', null]);
  });

  it('no longer shows an interview once it is over', async () => {
    t.clock.now = new Date(inDays(3, 12));
    // A session ends 12 hours after sign-in: sign in again at the new time.
    tokens.manager = await loginAs(t.app, manager.email, manager.password);
    const page = await call('GET', `client/opportunities/${opportunityId}/applications`, 'manager');
    const stateOf = new Map(applicantPage.parse(page.json()).items.map((r) => [r.id, r.interview]));
    expect(stateOf.get(apps[0]!)).toBeNull();
  });
});
