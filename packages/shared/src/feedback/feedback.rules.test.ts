import { describe, expect, it } from 'vitest';

import {
  averageRating,
  outsiderName,
  refusedIds,
  requestState,
  responderState,
  shownRating,
  trackerRating,
} from './feedback.rules.ts';
import {
  answerFeedbackBody,
  createFeedbackRequestBody,
  feedbackMessages,
  MAX_FEEDBACK_GUESTS,
} from './feedback.schemas.ts';

describe('averageRating', () => {
  it('is null without ratings', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([null, null])).toBeNull();
  });
  it('averages the given ratings to one decimal, ignoring missing ones', () => {
    expect(averageRating([4, null, 5])).toBe(4.5);
    expect(averageRating([1, 2, 2])).toBe(1.7);
    expect(averageRating([3])).toBe(3);
  });
});

describe('shownRating', () => {
  it("keeps the manager's own rating over the colleagues' average", () => {
    expect(shownRating(2, 4.5)).toEqual({ rating: 2, source: 'manager' });
  });
  it("shows the colleagues' average when the manager has not rated", () => {
    expect(shownRating(null, 4.5)).toEqual({ rating: 4.5, source: 'colleagues' });
  });
  it('shows nothing when nobody rated', () => {
    expect(shownRating(null, null)).toEqual({ rating: null, source: null });
  });
});

describe('request states', () => {
  it('a responder is done once every shared applicant is answered', () => {
    expect(responderState([1, 2], [2, 1])).toBe('answered');
    expect(responderState([1, 2], [1])).toBe('open');
    expect(responderState([1, 2], [])).toBe('open');
  });
  it('a request is answered once every responder is', () => {
    expect(requestState(['answered', 'answered'])).toBe('answered');
    expect(requestState(['answered', 'open'])).toBe('open');
    expect(requestState([])).toBe('open');
  });
});

describe('refusedIds', () => {
  it('names the ids not allowed, in the order asked', () => {
    expect(refusedIds([5, 1, 9], [1])).toEqual([5, 9]);
    expect(refusedIds([1], [1, 2])).toEqual([]);
  });
});

describe('contract', () => {
  it('needs applicants and colleagues, drops duplicates and an empty message', () => {
    expect(
      createFeedbackRequestBody.parse({
        opportunityApplications: [3, 3, 4],
        responders: [7],
        message: '  ',
      }),
    ).toEqual({ opportunityApplications: [3, 4], responders: [7], guests: [], message: null });
    expect(
      createFeedbackRequestBody.safeParse({ opportunityApplications: [], responders: [] }).success,
    ).toBe(false);
  });
  it('an answer needs a rating from 1 to 5 or a comment', () => {
    expect(
      answerFeedbackBody.safeParse({ responses: [{ applicationId: 1, rating: 6 }] }).success,
    ).toBe(false);
    expect(answerFeedbackBody.safeParse({ responses: [{ applicationId: 1 }] }).success).toBe(false);
    expect(
      answerFeedbackBody.safeParse({ responses: [{ applicationId: 1, comment: 'Strong' }] })
        .success,
    ).toBe(true);
    expect(answerFeedbackBody.safeParse({ responses: [] }).success).toBe(false);
  });
});

describe('trackerRating', () => {
  it("keeps the manager's own rating whatever the colleagues say", () => {
    expect(trackerRating(2, [5, 5, 4])).toBe(2);
    expect(trackerRating(4, [])).toBe(4);
  });

  it("stands in the colleagues' average, rounded to whole stars, when the manager gave none", () => {
    expect(trackerRating(null, [5, 4])).toBe(5);
    expect(trackerRating(null, [4, 4, 3])).toBe(4);
    expect(trackerRating(null, [2, null, 3])).toBe(3);
    expect(trackerRating(null, [1, 2, 2])).toBe(2);
  });

  it('is null when nobody rated', () => {
    expect(trackerRating(null, [])).toBeNull();
    expect(trackerRating(null, [null, null])).toBeNull();
  });
});

describe('outsiderName', () => {
  it('signs an answer from outside with the name given, else the address', () => {
    expect(outsiderName({ name: 'Thandi Mokoena', email: 't@partner.example' })).toBe(
      'Thandi Mokoena (outside)',
    );
    expect(outsiderName({ name: null, email: 't@partner.example' })).toBe(
      't@partner.example (outside)',
    );
    expect(outsiderName({ name: '  ', email: 't@partner.example' })).toBe(
      't@partner.example (outside)',
    );
  });
});

describe('people outside in a new request', () => {
  const base = { opportunityApplications: [1] };

  it('asks each address once, whatever its case, keeping the first name given', () => {
    const body = createFeedbackRequestBody.parse({
      ...base,
      guests: [
        { email: 'Pat@Partner.example', name: ' Pat ' },
        { email: 'pat@partner.example', name: 'Other' },
        { email: 'lee@partner.example', name: '' },
      ],
    });
    expect(body.guests).toEqual([
      { email: 'pat@partner.example', name: 'Pat' },
      { email: 'lee@partner.example', name: null },
    ]);
    expect(body.responders).toEqual([]);
  });

  it('needs a colleague or someone outside, at most 20 outside, each a valid address', () => {
    const issues = (input: object) =>
      createFeedbackRequestBody.safeParse({ ...base, ...input }).error?.issues.map((i) => ({
        path: i.path.join('.'),
        message: i.message,
      }));
    expect(issues({})).toEqual([
      { path: 'responders', message: feedbackMessages.respondersRequired },
    ]);
    expect(issues({ responders: [2] })).toBeUndefined();
    expect(issues({ guests: [{ email: 'nope' }] })).toEqual([
      { path: 'guests.0.email', message: feedbackMessages.guestEmail },
    ]);
    const many = Array.from({ length: MAX_FEEDBACK_GUESTS + 1 }, (_, i) => ({
      email: `g${i}@partner.example`,
    }));
    expect(issues({ guests: many })).toEqual([
      { path: 'guests', message: feedbackMessages.tooMany },
    ]);
  });
});
