import { describe, expect, it } from 'vitest';

import { compareManagedWorkspaces, comparePrimaryWorkspaces, isActiveWorkspace } from './active.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const DAY = 86_400_000;

describe('isActiveWorkspace', () => {
  it('is active when published in the past and not yet commenced', () => {
    expect(isActiveWorkspace({ publishedAt: at(-DAY), commencesAt: null }, now)).toBe(true);
    expect(isActiveWorkspace({ publishedAt: at(-DAY), commencesAt: at(DAY) }, now)).toBe(true);
  });

  it('is not active as a draft, when published later, or once commenced', () => {
    expect(isActiveWorkspace({ publishedAt: null, commencesAt: null }, now)).toBe(false);
    expect(isActiveWorkspace({ publishedAt: at(DAY), commencesAt: null }, now)).toBe(false);
    expect(isActiveWorkspace({ publishedAt: at(-DAY), commencesAt: at(0) }, now)).toBe(false);
  });
});

describe('workspace order', () => {
  it('lists a primary user newest opening first, unset last', () => {
    const items = [
      { id: 1, opensAt: at(-3 * DAY) },
      { id: 2, opensAt: null },
      { id: 3, opensAt: at(-DAY) },
    ];
    expect(items.sort(comparePrimaryWorkspaces).map((i) => i.id)).toEqual([3, 1, 2]);
  });

  it('lists a manager by name, ignoring case', () => {
    const items = [
      { id: 1, name: 'bursary' },
      { id: 2, name: 'Apprentice' },
      { id: 3, name: 'Cadet' },
    ];
    expect(items.sort(compareManagedWorkspaces).map((i) => i.id)).toEqual([2, 1, 3]);
  });
});
