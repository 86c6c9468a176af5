import type { UseFormSetError } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../api-client';
import { applyServerErrors, placeServerErrors, problemOf } from './server-errors';

type Values = { email: string; currentPassword: string };

const invalid = (errors: Record<string, string[]>, message = 'Invalid input') =>
  new ApiError(422, { code: 'validation', message, errors });

function recorder() {
  const calls: { field: string; message?: string; focus?: boolean }[] = [];
  const setError = vi.fn((field, error, options) => {
    calls.push({ field, message: error.message, focus: options?.shouldFocus });
  }) as unknown as UseFormSetError<Values>;
  return { calls, setError };
}

describe('applyServerErrors', () => {
  it("puts each field's messages beside it, joined, and focuses only the first", () => {
    const { calls, setError } = recorder();
    const leftover = applyServerErrors(
      invalid({ email: ['is taken', 'is too long'], currentPassword: ['is wrong'] }),
      setError,
      ['email', 'currentPassword'],
    );
    expect(calls).toEqual([
      { field: 'email', message: 'is taken is too long', focus: true },
      { field: 'currentPassword', message: 'is wrong', focus: false },
    ]);
    expect(leftover).toEqual([]);
  });

  it('answers the messages of fields the form does not have, each with its field spelled out', () => {
    const { calls, setError } = recorder();
    const leftover = applyServerErrors(
      invalid({ email: ['is taken'], dateOfBirth: ['must be in the past'] }),
      setError,
      ['email'],
    );
    expect(calls.map((c) => c.field)).toEqual(['email']);
    expect(leftover).toEqual(['Date Of Birth must be in the past']);
  });

  it('skips a field with no messages and leaves a form alone for an error that is not the API’s', () => {
    const { calls, setError } = recorder();
    expect(applyServerErrors(invalid({ email: [] }), setError, ['email'])).toEqual([]);
    expect(applyServerErrors(new Error('offline'), setError, ['email'])).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('placeServerErrors', () => {
  it('answers nothing more to say once a field took a message', () => {
    const { setError } = recorder();
    expect(placeServerErrors(invalid({ email: ['is taken'] }), setError, ['email'])).toBeNull();
  });

  it("answers the error's message when no field took one", () => {
    const { setError } = recorder();
    const conflict = new ApiError(409, { code: 'conflict', message: 'Already a manager' });
    expect(placeServerErrors(conflict, setError, ['email'])).toBe('Already a manager');
  });

  it('answers what belongs to no field of the form', () => {
    const { setError } = recorder();
    expect(placeServerErrors(invalid({ jobTitle: ['is too long'] }), setError, ['email'])).toBe(
      'Job Title is too long',
    );
  });
});

describe('problemOf', () => {
  it('says nothing of a cancelled request, the API’s message of its errors, a retry otherwise', () => {
    expect(problemOf(new DOMException('stopped', 'AbortError'))).toBeNull();
    expect(problemOf(new ApiError(404, { code: 'not_found', message: 'Not found' }))).toBe(
      'Not found',
    );
    expect(problemOf(new Error('offline'))).toBe('Something went wrong. Try again.');
  });
});
