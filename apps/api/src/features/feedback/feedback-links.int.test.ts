import { applicationView } from '@pathways/shared/applicants/application-view.schemas';
import {
  feedbackLinkView,
  feedbackRequestResponse,
} from '@pathways/shared/feedback/feedback.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/build-app.ts';
import { createPeople, type People } from '../../test/principals.ts';

// Someone outside the organization asked for their opinion by e-mail: the whole way from the
// request to their answer on the application page, through a link of their own.

let t: TestApp;
let p: People;
let opportunityId: number;
let applicationId: number;
const OUTSIDE = 'Thandi.Adviser@partner.example';
const LINK = /\/feedback-links\/([\w-]+)/;

const call = (method: string, url: string, who?: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/${url}`,
    headers: who ? bearer(who) : {},
    payload,
  });

const setBlind = async (blindReview: boolean) => {
  const res = await call(
    'PUT',
    `client/opportunities/${opportunityId}/interview_settings`,
    p.byWho.primary.token,
    { settings: { criteria: [], blindReview } },
  );
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t, { a: { name: 'Data analyst' } });
  opportunityId = p.a.opportunityId;
  const profile = await call('PATCH', 'candidate/profile', p.byWho.candidate.token, {
    profile: {
      firstNames: 'Lerato',
      lastName: 'Khumalo',
      mobileNumber: '+27 82 555 0142',
      biography: 'I am Lerato from Soweto.',
    },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const experience = await call('POST', 'candidate/experiences', p.byWho.candidate.token, {
    experience: {
      kind: 'work',
      title: 'Data intern',
      organizationName: 'Ubuntu Analytics',
      startsAt: '2025-01-01',
      endsAt: '2025-06-30',
      current: false,
    },
  });
  expect(experience.statusCode, experience.body).toBe(201);
  const [row] = await t.database.db
    .insert(applications)
    .values({ candidateId: p.users.candidate.id, opportunityId })
    .returning();
  applicationId = row!.id;
});

afterAll(async () => {
  await t.close();
});

describe('a feedback request to someone outside the organization', () => {
  it('walks from the request to the answer on the application page', async () => {
    await setBlind(true);
    const requester = p.byWho.primary.token;

    // Asked by e-mail only, no colleague: the address is kept lower-cased, once.
    const created = await call('POST', 'client/feedback_requests', requester, {
      opportunityApplications: [applicationId],
      guests: [{ email: OUTSIDE, name: 'Thandi Mokoena' }, { email: OUTSIDE.toLowerCase() }],
      message: 'Would you take her on?',
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = feedbackRequestResponse.parse(created.json()).feedbackRequest;
    expect(request.responders).toEqual([]);
    expect(request.guests).toEqual([
      expect.objectContaining({
        email: OUTSIDE.toLowerCase(),
        name: 'Thandi Mokoena',
        answered: false,
        revoked: false,
      }),
    ]);
    expect(request.state).toBe('open');

    // Their e-mail carries a link of their own.
    const mail = (await t.mails()).find((m) => m.to === OUTSIDE.toLowerCase());
    expect(mail?.text).toContain('Would you take her on?');
    expect(mail?.text).toContain('30 days');
    const token = LINK.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    expect(mail!.text).not.toContain('Lerato');

    // Under blind review they see what the candidate did, never the name or contact details.
    const opened = await call('GET', `feedback_links/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const view = feedbackLinkView.parse(opened.json());
    expect(view).toMatchObject({
      organization: expect.any(String),
      requestedBy: expect.any(String),
      message: 'Would you take her on?',
      guest: { name: 'Thandi Mokoena' },
      state: 'open',
      responses: [],
    });
    expect(view.applications).toHaveLength(1);
    expect(view.applications[0]!.candidate).toMatchObject({ name: null, blind: true });
    expect(view.applications[0]!.candidate.profile).toMatchObject({
      name: null,
      biography: null,
      experiences: [{ title: 'Data intern' }],
    });
    for (const secret of ['Lerato', 'Khumalo', 'Soweto', '555 0142', p.users.candidate.email]) {
      expect(opened.body, secret).not.toContain(secret);
    }
    // Without blind review the name shows, still no contact details.
    await setBlind(false);
    const named = feedbackLinkView.parse((await call('GET', `feedback_links/${token}`)).json());
    expect(named.applications[0]!.candidate.name).toBe('Lerato Khumalo');
    expect(JSON.stringify(named)).not.toContain('555 0142');

    // Answers by the colleagues' rules: invalid ones are 422 with field messages.
    const empty = await call('PATCH', `feedback_links/${token}`, undefined, {
      responses: [{ applicationId }],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors['0.rating']).toEqual(['Give a rating or a comment']);
    const range = await call('PATCH', `feedback_links/${token}`, undefined, {
      responses: [{ applicationId, rating: 6 }],
    });
    expect(range.json().errors['0.rating']).toEqual(['Rating must be between 1 and 5 stars']);
    const notShared = await call('PATCH', `feedback_links/${token}`, undefined, {
      responses: [{ applicationId: 999_999, rating: 3 }],
    });
    expect(notShared.statusCode).toBe(422);
    expect(notShared.json().errors.responses[0]).toContain('999999');
    const answered = await call('PATCH', `feedback_links/${token}`, undefined, {
      responses: [{ applicationId, rating: 4, comment: 'Take her on' }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(feedbackLinkView.parse(answered.json())).toMatchObject({
      state: 'answered',
      responses: [{ applicationId, rating: 4, comment: 'Take her on' }],
    });

    // The requester sees the answer, signed as from outside, and the request answered.
    const shown = await call('GET', `client/feedback_requests/${request.id}`, requester);
    const seen = feedbackRequestResponse.parse(shown.json()).feedbackRequest;
    expect(seen.state).toBe('answered');
    const answeredList = await call(
      'GET',
      'client/feedback_requests?scope=mine&state=answered',
      requester,
    );
    expect(answeredList.json().items.map((r: { id: number }) => r.id)).toContain(request.id);
    expect(seen.guests[0]!.answered).toBe(true);
    expect(seen.responses).toEqual([
      expect.objectContaining({
        rating: 4,
        comment: 'Take her on',
        responder: { id: null, name: 'Thandi Mokoena (outside)', outside: true },
      }),
    ]);
    // And the application page counts it in the feedback and its average.
    const page = await call(
      'GET',
      `client/opportunities/${opportunityId}/applications/${applicationId}`,
      requester,
    );
    expect(page.statusCode, page.body).toBe(200);
    const { feedback } = applicationView.parse(page.json());
    expect(feedback.averageRating).toBe(4);
    expect(feedback.items).toEqual([
      expect.objectContaining({ responder: expect.objectContaining({ outside: true }) }),
    ]);

    // Withdrawn, the link opens nothing: the same 404 as a token never issued.
    const closed = { code: 'not_found', message: 'This link does not work any more' };
    const unknown = await call('GET', `feedback_links/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject(closed);
    const guestId = seen.guests[0]!.id;
    const revoked = await call(
      'DELETE',
      `client/feedback_requests/${request.id}/guests/${guestId}`,
      requester,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(feedbackRequestResponse.parse(revoked.json()).feedbackRequest.guests[0]!.revoked).toBe(
      true,
    );
    for (const method of ['GET', 'PATCH']) {
      const res = await call(method, `feedback_links/${token}`, undefined, {
        responses: [{ applicationId, rating: 1 }],
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    // The answer given before stays on the application.
    const after = applicationView.parse(
      (
        await call(
          'GET',
          `client/opportunities/${opportunityId}/applications/${applicationId}`,
          requester,
        )
      ).json(),
    );
    expect(after.feedback.averageRating).toBe(4);
  });

  it('sends a new link: the old one stops working, a withdrawn guest is waited for again', async () => {
    const requester = p.byWho.primary.token;
    const email = 'sipho.mentor@partner.example';
    const created = await call('POST', 'client/feedback_requests', requester, {
      opportunityApplications: [applicationId],
      guests: [{ email, name: 'Sipho Ndlovu' }],
      message: 'Your view, please',
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = feedbackRequestResponse.parse(created.json()).feedbackRequest;
    const guestId = request.guests[0]!.id;
    const tokensOf = async () =>
      (await t.mails()).filter((m) => m.to === email).map((m) => LINK.exec(m.text)?.[1] ?? '');
    const [first] = await tokensOf();
    const withdrawn = await call(
      'DELETE',
      `client/feedback_requests/${request.id}/guests/${guestId}`,
      requester,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const sent = await call(
      'POST',
      `client/feedback_requests/${request.id}/guests/${guestId}/link`,
      requester,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const again = feedbackRequestResponse.parse(sent.json()).feedbackRequest;
    expect(again.guests).toEqual([
      expect.objectContaining({ id: guestId, answered: false, revoked: false }),
    ]);
    expect(again.state).toBe('open');

    // The same e-mail as the first, with a link of its own; the first link opens nothing.
    const mails = (await t.mails()).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(mails[1]!.text).toContain('Your view, please');
    const tokens = await tokensOf();
    const fresh = tokens[1]!;
    expect(fresh).not.toBe(first);
    expect((await call('GET', `feedback_links/${first}`)).statusCode).toBe(404);
    const opened = await call('GET', `feedback_links/${fresh}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(feedbackLinkView.parse(opened.json()).guest.name).toBe('Sipho Ndlovu');

    // Someone of no request of theirs: the same 404 as withdrawing.
    const unknown = await call(
      'POST',
      `client/feedback_requests/${request.id}/guests/999999/link`,
      requester,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such person outside in this request');
  });

  it('refuses invalid people outside with a message per field', async () => {
    const res = await call('POST', 'client/feedback_requests', p.byWho.primary.token, {
      opportunityApplications: [applicationId],
      guests: [{ email: 'not-an-address' }, { email: 'ok@partner.example', name: 'x'.repeat(101) }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'guests.0.email': ['Enter a valid e-mail address'],
      'guests.1.name': ['Name must be at most 100 characters'],
    });
    const nobody = await call('POST', 'client/feedback_requests', p.byWho.primary.token, {
      opportunityApplications: [applicationId],
      responders: [],
      guests: [],
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.responders).toEqual([
      'Choose at least one colleague or add someone outside by e-mail',
    ]);
    const tooMany = await call('POST', 'client/feedback_requests', p.byWho.primary.token, {
      opportunityApplications: [applicationId],
      guests: Array.from({ length: 21 }, (_, i) => ({ email: `g${i}@partner.example` })),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.guests).toEqual(['Too many at once']);
    const self = await call('POST', 'client/feedback_requests', p.byWho.primary.token, {
      opportunityApplications: [applicationId],
      guests: [{ email: p.users.primary.email.toUpperCase() }],
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.guests).toEqual(['You cannot ask yourself for feedback']);
    // A colleague answers with their account: the address is refused on its own field.
    const manager = p.users.manager;
    const colleague = await call('POST', 'client/feedback_requests', p.byWho.primary.token, {
      opportunityApplications: [applicationId],
      guests: [{ email: 'fine@partner.example' }, { email: manager.email.toUpperCase() }],
    });
    expect(colleague.statusCode).toBe(422);
    expect(colleague.json().errors).toEqual({
      'guests.1.email': [
        `${manager.firstName} ${manager.lastName} is a colleague: choose them above`,
      ],
    });
  });
});
