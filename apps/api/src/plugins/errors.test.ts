import { describe, expect, it } from 'vitest';

import { fieldKey } from './errors.ts';

describe('fieldKey', () => {
  it.each([
    ['/email', { email: 1, password: 2 }, 'email'],
    ['', undefined, 'base'],
    ['/profile/firstName', { profile: { firstName: '' } }, 'firstName'],
    ['/profile', { profile: 'oops' }, 'profile'],
    ['/experience/dates/0', { experience: { dates: [] } }, 'dates.0'],
    ['/candidate/email', { candidate: { email: 'x' }, other: 1 }, 'candidate.email'],
    ['/token', undefined, 'token'],
  ])('%s in %j → %s', (path, body, key) => {
    expect(fieldKey(path, body)).toBe(key);
  });
});
