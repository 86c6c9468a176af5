import {
  candidateApplicationInterviews,
  offer as offerSchema,
  offerList,
} from '@pathways/shared/interviews/interviews.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, notifications } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/build-app.ts';
import { createPeople, type User } from '../../test/principals.ts';

// A client withdraws the times offered to an application while none is booked: the candidate
// can no longer book them, sees them as withdrawn and is told by e-mail (a job of the queue,
// run at once in tests) and notification. A booked offer is not withdrawn (cancel the interview
// instead), and nobody outside the workspace's managers can tell that the offer exists.

let t: TestApp;
let users: Record<string, User>;
const tokens: Record<string, string> = {};
let opportunityId: number;
let applicationIds: [number, number];

const call = (method: string, url: string, who: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/${url}`,
    headers: bearer(tokens[who]),
    payload,
  });

const time = (days: number) => ({
  startsAt: new Date(t.clock.now.getTime() + days * 86_400_000).toISOString(),
  durationMinutes: 30,
  place: { kind: 'address', address: '1 Main Road, Cape Town' },
  interviewers: [{ userId: users.manager!.id }],
});

async function offerTo(applicationId: number, days: number) {
  const res = await call(
    'POST',
    `client/opportunities/${opportunityId}/interview_offers`,
    'manager',
    { applicationIds: [applicationId], slots: [time(days), time(days + 1)] },
  );
  expect(res.statusCode, res.body).toBe(201);
  return offerList.parse(res.json()).items[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t, { a: { name: 'Data Analyst Intern' } });
  opportunityId = p.a.opportunityId;
  users = p.users;
  for (const who of Object.keys(p.users) as (keyof typeof p.users)[]) {
    tokens[who] = p.byWho[who].token!;
  }
  const rows = await t.database.db
    .insert(applications)
    .values([
      { candidateId: users.candidate!.id, opportunityId },
      { candidateId: users.otherCandidate!.id, opportunityId },
    ])
    .returning();
  applicationIds = rows.map((r) => r.id) as [number, number];
});

afterAll(async () => {
  await t.close();
});

describe('withdrawing the times offered', () => {
  it('withdraws an offer: the candidate cannot book it, sees it withdrawn and is told', async () => {
    const offer = await offerTo(applicationIds[0], 5);
    const res = await call('POST', `client/interview_offers/${offer.id}/withdraw`, 'manager', {
      reason: 'The position has been filled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(offerSchema.parse(res.json().offer).status).toBe('withdrawn');

    const booking = await call(
      'POST',
      `candidate/interview_offers/${offer.id}/booking`,
      'candidate',
      { slotId: offer.slots[0]!.id },
    );
    expect(booking.statusCode).toBe(409);
    expect(booking.json().message).toBe('These times are no longer open');

    const seen = await call(
      'GET',
      `candidate/applications/${applicationIds[0]}/interviews`,
      'candidate',
    );
    expect(seen.statusCode).toBe(200);
    const offers = candidateApplicationInterviews.parse(seen.json()).offers;
    expect(offers.find((o) => o.id === offer.id)?.status).toBe('withdrawn');

    const mails = (await t.mails()).filter(
      (m) => m.to === users.candidate!.email && m.subject.startsWith('Interview times withdrawn'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Interview times withdrawn: Data Analyst Intern');
    expect(mails[0]!.text).toContain('can no longer be booked');
    expect(mails[0]!.text).toContain('Reason: The position has been filled');

    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, users.candidate!.id), eq(notifications.type, 'interview')),
      );
    expect(notices.map((n) => n.description)).toContainEqual(
      expect.stringContaining('withdrew the interview times for Data Analyst Intern'),
    );

    // Withdrawing again is refused, and tells nobody a second time.
    const again = await call('POST', `client/interview_offers/${offer.id}/withdraw`, 'primary', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('These times are already withdrawn');
    const after = (await t.mails()).filter(
      (m) => m.to === users.candidate!.email && m.subject.startsWith('Interview times withdrawn'),
    );
    expect(after).toHaveLength(1);
  });

  it('refuses to withdraw a booked offer: the interview is cancelled instead', async () => {
    const offer = await offerTo(applicationIds[1], 8);
    const booked = await call(
      'POST',
      `candidate/interview_offers/${offer.id}/booking`,
      'otherCandidate',
      { slotId: offer.slots[0]!.id },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    // No body at all is the same as an empty one (no reason given).
    const res = await call('POST', `client/interview_offers/${offer.id}/withdraw`, 'primary');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This time is booked: cancel the interview instead');
    const seen = await call(
      'GET',
      `candidate/applications/${applicationIds[1]}/interviews`,
      'otherCandidate',
    );
    expect(seen.json().offers[0].status).toBe('booked');
    const interviewId = booked.json().interview.id;
    const cancelled = await call('POST', `client/interviews/${interviewId}/cancel`, 'primary');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().interview.status).toBe('cancelled');
  });

  it('answers 404 as for a missing offer to another organization and to a client who does not manage the workspace', async () => {
    const offer = await offerTo(applicationIds[0], 11);
    const missing = await call(
      'POST',
      'client/interview_offers/2147483000/withdraw',
      'manager',
      {},
    );
    expect(missing.statusCode, missing.body).toBe(404);
    for (const who of ['otherClient', 'bystander']) {
      const res = await call('POST', `client/interview_offers/${offer.id}/withdraw`, who, {});
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual(missing.json());
    }
    // Still open: the candidate books it.
    const booking = await call(
      'POST',
      `candidate/interview_offers/${offer.id}/booking`,
      'candidate',
      { slotId: offer.slots[1]!.id },
    );
    expect(booking.statusCode, booking.body).toBe(201);
  });

  it('is in the API document, under interviews, with its optional reason', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = res.json().paths['/api/client/interview_offers/{id}/withdraw'].post;
    expect(operation.tags).toEqual(['interviews']);
    const body = operation.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['reason']);
    expect(body.required ?? []).not.toContain('reason');
  });
});
