import { expect, it } from 'vitest';

import { formatBytes, formatDay } from './format';

it('formats sizes and dates as the documents list shows them', () => {
  expect(formatBytes(125)).toBe('125 B');
  expect(formatBytes(2_345)).toBe('2.3 kB');
  expect(formatBytes(123_456)).toBe('123 kB');
  expect(formatBytes(4_200_000)).toBe('4.2 MB');
  expect(formatDay('2026-11-22T10:00:00.000Z')).toBe('22 November 2026');
});
