import { describe, expect, it } from 'vitest';

import { isActiveWorkspace } from './active.ts';

const now = new Date('2026-06-01T12:00:00Z');
const day = 86_400_000;
const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * day);

describe('isActiveWorkspace', () => {
  it.each([
    ['published yesterday, no commencement', at(-1), null, true],
    ['published yesterday, commences tomorrow', at(-1), at(1), true],
    [
      'published yesterday, commenced an hour ago',
      at(-1),
      new Date(now.getTime() - 3_600_000),
      false,
    ],
    ['published a year ago, commences now', at(-365), now, false],
    ['published now', now, null, true],
    ['published tomorrow', at(1), null, false],
    ['never published', null, at(10), false],
    ['never published, no commencement', null, null, false],
  ] as const)('%s → %s', (_, publishedAt, commencesAt, expected) => {
    expect(isActiveWorkspace({ publishedAt, commencesAt }, now)).toBe(expected);
  });
});
