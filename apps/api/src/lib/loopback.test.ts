import { describe, expect, it } from 'vitest';

import { isLoopback } from './loopback.ts';

describe('isLoopback', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '127.255.255.254',
    '::1',
    '::ffff:127.0.0.1',
    '0:0:0:0:0:0:0:1',
  ])('accepts %s', (address) => expect(isLoopback(address)).toBe(true));

  it.each([
    '10.0.0.5',
    '192.168.1.20',
    '0.0.0.0',
    '128.0.0.1',
    '::ffff:10.0.0.5',
    '::',
    'fe80::1',
    '2001:db8::1',
    'localhost',
    '',
    undefined,
  ])('refuses %s', (address) => expect(isLoopback(address)).toBe(false));
});
