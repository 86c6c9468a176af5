import { describe, expect, it } from 'vitest';

import { makeToken } from '../../testing/test-utils';
import { decodeClaims } from './token-store';

describe('decodeClaims', () => {
  it('reads the role and subject from the payload', () => {
    expect(decodeClaims(makeToken({ sub: '12', role: 'client', primary: true }))).toMatchObject({
      sub: '12',
      role: 'client',
      primary: true,
    });
  });

  it.each([
    null,
    '',
    'abc',
    'a.b.c',
    `x.${btoa(JSON.stringify({ sub: '1', role: 'pirate', sid: 's', exp: 1 }))}.y`,
  ])('rejects %s', (token) => {
    expect(decodeClaims(token)).toBeNull();
  });
});
