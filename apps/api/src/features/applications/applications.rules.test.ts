import { applicationMessages as m } from '@pathways/shared/applications/applications.schemas';
import { describe, expect, it } from 'vitest';

import { answerChanges, applyRefusal, isPublished, locationErrors } from './applications.rules.ts';

const now = new Date('2026-11-15T10:00:00.000Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const open = { publishedAt: days(-5), opensAt: days(-1), closesAt: days(7) };

describe('applyRefusal', () => {
  it('lets a published opportunity inside its window take applications', () => {
    expect(applyRefusal(open, now)).toBeNull();
    expect(applyRefusal({ ...open, closesAt: null }, now)).toBeNull();
  });

  it('refuses a draft or an opportunity published later', () => {
    expect(applyRefusal({ ...open, publishedAt: null }, now)).toBe(m.notPublished);
    expect(applyRefusal({ ...open, publishedAt: days(1) }, now)).toBe(m.notPublished);
  });

  it('says whether the window is still to open or has closed', () => {
    expect(applyRefusal({ ...open, opensAt: days(2) }, now)).toBe(m.notOpenYet);
    expect(applyRefusal({ ...open, opensAt: null }, now)).toBe(m.notOpenYet);
    expect(applyRefusal({ ...open, closesAt: days(-1), opensAt: days(-9) }, now)).toBe(m.closed);
    expect(applyRefusal({ ...open, closesAt: now }, now)).toBe(m.closed);
    // Closed wins when the window never opened before it closed.
    expect(applyRefusal({ ...open, opensAt: null, closesAt: days(-1) }, now)).toBe(m.closed);
    // Whatever the window rule says of the very instant it opens, it is never called closed.
    expect(applyRefusal({ ...open, opensAt: now }, now)).not.toBe(m.closed);
  });

  it('isPublished: publishedAt reached', () => {
    expect(isPublished({ publishedAt: now }, now)).toBe(true);
    expect(isPublished({ publishedAt: null }, now)).toBe(false);
  });
});

describe('locationErrors', () => {
  it('accepts only locations of the opportunity', () => {
    expect(locationErrors([1, 2], new Set([1, 2, 3]))).toEqual({});
    expect(locationErrors([1, 9], new Set([1, 2, 3]))).toEqual({ locations: [m.locationsInvalid] });
  });
});

describe('answerChanges', () => {
  const questions = [
    { id: 1, required: true },
    { id: 2, required: false },
    { id: 3, required: true },
  ];
  const none = new Map<number, string>();

  it('saves the answers when every required question is answered', () => {
    const given = [
      { questionId: 1, answer: 'Yes' },
      { questionId: 3, answer: 'Cape Town' },
    ];
    expect(answerChanges(questions, none, given)).toEqual({ save: given, remove: [], errors: {} });
  });

  it('reports each unanswered required question', () => {
    const result = answerChanges(questions, none, [
      { questionId: 1, answer: '' },
      { questionId: 2, answer: 'Maybe' },
    ]);
    expect(result.errors).toEqual({
      answers: [m.answersRequired],
      'answers.1': [m.answerRequired],
      'answers.3': [m.answerRequired],
    });
  });

  it('refuses questions of another opportunity', () => {
    expect(answerChanges(questions, none, [{ questionId: 99, answer: 'x' }]).errors).toEqual({
      answers: [m.answersInvalid],
    });
  });

  it('merges into stored answers; a blank answer clears one', () => {
    const stored = new Map([
      [1, 'Yes'],
      [2, 'Maybe'],
      [3, 'Durban'],
    ]);
    expect(
      answerChanges(questions, stored, [
        { questionId: 2, answer: '' },
        { questionId: 3, answer: 'Pretoria' },
      ]),
    ).toEqual({ save: [{ questionId: 3, answer: 'Pretoria' }], remove: [2], errors: {} });
    expect(answerChanges(questions, stored, [{ questionId: 1, answer: '' }]).errors).toEqual({
      answers: [m.answersRequired],
      'answers.1': [m.answerRequired],
    });
  });

  it('needs nothing of an opportunity without questions', () => {
    expect(answerChanges([], none, [])).toEqual({ save: [], remove: [], errors: {} });
  });
});
