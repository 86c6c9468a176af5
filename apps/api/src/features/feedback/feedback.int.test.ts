import { applicationView } from '@pathways/shared/applicants/application-view.schemas';
import {
  feedbackRequestList,
  feedbackRequestResponse,
  type FeedbackRequest,
} from '@pathways/shared/feedback/feedback.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, clientUsers, notifications } from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';
import { createPeople, type User } from '../../test/principals.ts';

// Applicants shared with colleagues for their opinion: who may share what with whom, who sees a
// request, who answers, and where the answers show.

let t: TestApp;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};
let opportunityId: number;
let unmanagedOpportunityId: number;
let foreignOpportunityId: number;
let first: number;
let second: number;
let unmanaged: number;
let foreign: number;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/client/${url}`,
    headers: who ? bearer(tokens[who]) : {},
    payload,
  });

async function share(body: object, who = 'manager'): Promise<FeedbackRequest> {
  const res = await call('POST', 'feedback_requests', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return feedbackRequestResponse.parse(res.json()).feedbackRequest;
}

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t, { a: { name: 'Engineering bursary' } });
  const organizationId = p.a.organizationId;
  opportunityId = p.a.opportunityId;
  foreignOpportunityId = p.b.opportunityId;
  Object.assign(users, p.users);
  for (const who of Object.keys(p.users) as (keyof typeof p.users)[]) {
    tokens[who] = p.byWho[who].token!;
  }
  // More colleagues of the organization: two to ask, and one no longer active.
  for (const name of ['responder', 'second', 'retired']) {
    const user = await createUser(t.database, { role: 'client', organizationId });
    users[name] = user;
    tokens[name] = await loginAs(t.app, user.email, user.password);
  }
  await t.database.db
    .update(clientUsers)
    .set({ deactivatedAt: new Date() })
    .where(eq(clientUsers.userId, users.retired!.id));
  const [unmanagedOpportunity] = await createOpportunities(t.database, [{ organizationId }]);
  unmanagedOpportunityId = unmanagedOpportunity!.id;
  const rows = await t.database.db
    .insert(applications)
    .values([
      { candidateId: users.candidate!.id, opportunityId, completion: 80, applicationRating: 2 },
      { candidateId: users.otherCandidate!.id, opportunityId, completion: 40 },
      { candidateId: users.candidate!.id, opportunityId: unmanagedOpportunityId },
      { candidateId: users.candidate!.id, opportunityId: foreignOpportunityId },
    ])
    .returning();
  [first, second, unmanaged, foreign] = rows.map((r) => r.id) as [number, number, number, number];
});

afterAll(async () => {
  await t.close();
});

describe('sharing applicants', () => {
  it('refuses colleagues who are not active client users of the organization, naming them', async () => {
    for (const stranger of ['otherClient', 'candidate', 'retired']) {
      const res = await call('POST', 'feedback_requests', 'manager', {
        opportunityApplications: [first],
        responders: [users.responder!.id, users[stranger]!.id],
      });
      expect(res.statusCode, stranger).toBe(422);
      expect(res.json().errors.responders[0]).toContain(String(users[stranger]!.id));
      expect(res.json().errors.responders[0]).not.toContain(String(users.responder!.id));
    }
    const self = await call('POST', 'feedback_requests', 'manager', {
      opportunityApplications: [first],
      responders: [users.manager!.id],
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.responders).toBeDefined();
  });

  it('refuses applications the requester does not manage, naming them', async () => {
    const res = await call('POST', 'feedback_requests', 'manager', {
      opportunityApplications: [first, unmanaged, foreign, 999_999],
      responders: [users.responder!.id],
    });
    expect(res.statusCode).toBe(422);
    const message: string = res.json().errors.opportunityApplications[0];
    expect(message).toContain(`${unmanaged}, ${foreign}, 999999`);
    expect(message).not.toContain(`${first},`);
    // The primary user of another organization may not share this organization's applicants.
    const other = await call('POST', 'feedback_requests', 'otherClient', {
      opportunityApplications: [first],
      responders: [users.otherClient!.id],
    });
    expect(other.statusCode).toBe(422);
  });

  it('refuses invalid input with field errors, never a 500', async () => {
    const res = await call('POST', 'feedback_requests', 'manager', {
      opportunityApplications: [],
      responders: ['x'],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['opportunityApplications']),
    );
  });

  it('is for client users only', async () => {
    const body = { opportunityApplications: [first], responders: [users.responder!.id] };
    expect((await call('POST', 'feedback_requests', 'candidate', body)).statusCode).toBe(403);
    expect((await call('POST', 'feedback_requests', undefined, body)).statusCode).toBe(401);
    expect((await call('GET', 'feedback_requests', 'candidate')).statusCode).toBe(403);
    expect((await call('GET', 'feedback_requests')).statusCode).toBe(401);
  });
});

// Steps in order on one request, shared once above them: it is open and unanswered until the
// responders answer it; the answers given in two steps (three of them) are what the last steps
// show to the requester, on the application page and in the tracker.
describe('a request from sharing to answers', { shuffle: false }, () => {
  let request: FeedbackRequest;

  beforeAll(async () => {
    request = await share({
      opportunityApplications: [first, second],
      responders: [users.responder!.id, users.second!.id],
      message: 'Who would you interview?',
    });
  });

  it('notifies and e-mails each responder', async () => {
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, users.responder!.id),
          eq(notifications.type, 'feedback_request'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.path).toBe('/client/shared_candidates');
    expect(rows[0]!.description).toContain('2 applicants');
    const mails = await t.mails();
    const to = mails.filter((m) => m.subject.includes('your opinion')).map((m) => m.to);
    expect(to).toEqual(expect.arrayContaining([users.responder!.email, users.second!.email]));
    expect(to).not.toContain(users.bystander!.email);
    expect(
      mails.some((m) => m.text.includes('http://pathways.test/client/shared_candidates')),
    ).toBe(true);
  });

  it('shows the responder a compact summary of what was shared, without documents', async () => {
    const res = await call('GET', `feedback_requests/${request.id}`, 'responder');
    expect(res.statusCode, res.body).toBe(200);
    const shown = feedbackRequestResponse.parse(res.json()).feedbackRequest;
    expect(shown.role).toBe('responder');
    expect(shown.state).toBe('open');
    expect(shown.message).toBe('Who would you interview?');
    expect(shown.applications.map((a) => a.id)).toEqual([first, second]);
    expect(shown.applications[0]).toMatchObject({
      completion: 80,
      opportunity: { id: opportunityId, name: 'Engineering bursary' },
      candidate: { firstName: 'Test', lastName: 'User' },
    });
    expect(JSON.stringify(res.json())).not.toContain('document');
    expect(JSON.stringify(res.json())).not.toContain(users.candidate!.email);
  });

  it('answers 404 to everyone else, whatever their role', async () => {
    for (const who of ['bystander', 'otherClient', 'primary']) {
      const res = await call('GET', `feedback_requests/${request.id}`, who);
      expect(res.statusCode, who).toBe(404);
    }
    expect((await call('GET', `feedback_requests/${request.id}`, 'candidate')).statusCode).toBe(
      403,
    );
    expect((await call('GET', `feedback_requests/${request.id}`)).statusCode).toBe(401);
    const patch = await call('PATCH', `feedback_requests/${request.id}`, 'bystander', {
      responses: [{ applicationId: first, rating: 5 }],
    });
    expect(patch.statusCode).toBe(404);
  });

  it('lists the request as shared with the responder and as mine for the requester', async () => {
    const shared = feedbackRequestList.parse(
      (await call('GET', 'feedback_requests?scope=shared&state=open', 'responder')).json(),
    );
    expect(shared.items.map((r) => r.id)).toEqual([request.id]);
    expect(shared.total).toBe(1);
    const mine = feedbackRequestList.parse(
      (await call('GET', 'feedback_requests?scope=mine', 'manager')).json(),
    );
    expect(mine.items.map((r) => r.id)).toContain(request.id);
    const none = feedbackRequestList.parse(
      (await call('GET', 'feedback_requests?scope=shared', 'bystander')).json(),
    );
    expect(none.items).toEqual([]);
  });

  it('lets only a responder answer, and only on the applicants shared', async () => {
    const byRequester = await call('PATCH', `feedback_requests/${request.id}`, 'manager', {
      responses: [{ applicationId: first, rating: 5 }],
    });
    expect(byRequester.statusCode).toBe(403);
    expect(byRequester.json().message).toMatch(/Only the colleagues asked/);
    const foreignApp = await call('PATCH', `feedback_requests/${request.id}`, 'responder', {
      responses: [{ applicationId: unmanaged, rating: 5 }],
    });
    expect(foreignApp.statusCode).toBe(422);
    expect(foreignApp.json().errors.responses[0]).toContain(String(unmanaged));
    const badRating = await call('PATCH', `feedback_requests/${request.id}`, 'responder', {
      responses: [{ applicationId: first, rating: 9 }],
    });
    expect(badRating.statusCode).toBe(422);
  });

  it('stores one answer per responder and application, and moves the request to answered', async () => {
    const partly = await call('PATCH', `feedback_requests/${request.id}`, 'responder', {
      responses: [{ applicationId: first, rating: 3, comment: 'Solid' }],
    });
    expect(partly.statusCode, partly.body).toBe(200);
    expect(feedbackRequestResponse.parse(partly.json()).feedbackRequest.state).toBe('open');
    t.clock.advance(60_000);
    const done = await call('PATCH', `feedback_requests/${request.id}`, 'responder', {
      responses: [
        { applicationId: first, rating: 5, comment: 'Strong, interview her' },
        { applicationId: second, comment: 'Too early to say' },
      ],
    });
    expect(done.statusCode, done.body).toBe(200);
    const answered = feedbackRequestResponse.parse(done.json()).feedbackRequest;
    expect(answered.state).toBe('answered');
    expect(answered.responses).toHaveLength(2);
    expect(answered.responses.find((r) => r.applicationId === first)).toMatchObject({
      rating: 5,
      comment: 'Strong, interview her',
    });
    const open = feedbackRequestList.parse(
      (await call('GET', 'feedback_requests?scope=shared&state=open', 'responder')).json(),
    );
    expect(open.items).toEqual([]);
    const closed = feedbackRequestList.parse(
      (await call('GET', 'feedback_requests?scope=shared&state=answered', 'responder')).json(),
    );
    expect(closed.items.map((r) => r.id)).toEqual([request.id]);
    // The other responder has not answered yet: the request stays open for the requester.
    const mineOpen = feedbackRequestList.parse(
      (await call('GET', 'feedback_requests?scope=mine&state=open', 'manager')).json(),
    );
    expect(mineOpen.items.map((r) => r.id)).toContain(request.id);
  });

  it("a responder sees only their own answers, the requester everyone's", async () => {
    await call('PATCH', `feedback_requests/${request.id}`, 'second', {
      responses: [{ applicationId: first, rating: 4, comment: 'Good' }],
    });
    const asSecond = feedbackRequestResponse.parse(
      (await call('GET', `feedback_requests/${request.id}`, 'second')).json(),
    ).feedbackRequest;
    expect(asSecond.responses.map((r) => r.responder.id)).toEqual([users.second!.id]);
    const asRequester = feedbackRequestResponse.parse(
      (await call('GET', `feedback_requests/${request.id}`, 'manager')).json(),
    ).feedbackRequest;
    expect(asRequester.role).toBe('requester');
    expect(asRequester.responses).toHaveLength(3);
    expect(asRequester.responders.map((r) => r.answered)).toEqual([true, false]);
  });

  it("shows colleagues' answers on the application page, keeping the manager's own rating", async () => {
    const res = await call(
      'GET',
      `opportunities/${opportunityId}/applications/${first}`,
      'manager',
    );
    expect(res.statusCode, res.body).toBe(200);
    const view = applicationView.parse(res.json());
    expect(view.application.rating).toBe(2);
    expect(view.feedback.averageRating).toBe(4.5);
    expect(view.feedback.items.map((i) => i.comment)).toEqual(['Strong, interview her', 'Good']);
    const unrated = applicationView.parse(
      (
        await call('GET', `opportunities/${opportunityId}/applications/${second}`, 'primary')
      ).json(),
    );
    expect(unrated.application.rating).toBeNull();
    expect(unrated.feedback).toEqual({
      items: [expect.objectContaining({ rating: null, comment: 'Too early to say' })],
      averageRating: null,
    });
  });

  it("feeds the tracker's rating: the manager's own wins, else the colleagues' average", async () => {
    const trackerRating = async (id: number) => {
      const res = await call(
        'GET',
        `opportunities/${opportunityId}/applications?per=250`,
        'manager',
      );
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().items as { id: number; applicationRating: number | null }[];
      return rows.find((r) => r.id === id)!.applicationRating;
    };
    expect(await trackerRating(first)).toBe(2);
    // Colleagues gave no star to the second one: it stays unrated.
    expect(await trackerRating(second)).toBeNull();
    await t.database.db
      .update(applications)
      .set({ applicationRating: null })
      .where(eq(applications.id, first));
    try {
      // 5 and 4 from the two colleagues: 4.5 rounds to 5 whole stars.
      expect(await trackerRating(first)).toBe(5);
    } finally {
      await t.database.db
        .update(applications)
        .set({ applicationRating: 2 })
        .where(eq(applications.id, first));
    }
  });
});

describe('the e-mail to a responder', () => {
  it('carries a one-click unsubscribe, and is not sent once the responder turned it off', async () => {
    // A colleague of their own, asked by no other test.
    const colleague = await createUser(t.database, {
      role: 'client',
      organizationId: users.manager!.organizationId!,
    });
    const token = await loginAs(t.app, colleague.email, colleague.password);
    const before = (await t.mails()).filter((m) => m.to === colleague.email).length;
    await share({ opportunityApplications: [first], responders: [colleague.id] });
    const first_ = (await t.mails()).filter((m) => m.to === colleague.email);
    expect(first_).toHaveLength(before + 1);
    const headers = first_.at(-1)!.headers!;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/pathways\.test\/api\/notifications\/unsubscribe\?token=.+>$/,
    );

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/client/notification_preferences',
      headers: bearer(token),
      payload: { preferences: [{ type: 'feedback_request', email: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().preferences).toEqual([
      { type: 'feedback_request', label: expect.any(String), email: false },
    ]);
    await share({ opportunityApplications: [second], responders: [colleague.id] });
    expect((await t.mails()).filter((m) => m.to === colleague.email)).toHaveLength(before + 1);
    // The bell still tells them of both.
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, colleague.id), eq(notifications.type, 'feedback_request')),
      );
    expect(told).toHaveLength(2);
  });
});
