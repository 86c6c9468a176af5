import { describe, expect, it } from 'vitest';

import { keepsAPrimary, type Member } from './managers.rules.ts';

const ann: Member = { id: 1, primary: true, active: true };
const bob: Member = { id: 2, primary: true, active: true };
const cat: Member = { id: 3, primary: false, active: true };
const dan: Member = { id: 4, primary: true, active: false };

describe('keepsAPrimary', () => {
  it.each([
    ['withdrawing primary from one of two primaries', [ann, bob, cat], 1, { primary: false }, true],
    ['withdrawing primary from the only primary', [ann, cat], 1, { primary: false }, false],
    ['deactivating the only active primary', [ann, cat, dan], 1, { active: false }, false],
    ['deactivating one of two active primaries', [ann, bob], 2, { active: false }, true],
    ['making a colleague primary', [ann, cat], 3, { primary: true }, true],
    ['reactivating an inactive primary', [dan, cat], 4, { active: true }, true],
    [
      'withdrawing from the active primary when the other is deactivated',
      [ann, dan],
      1,
      { primary: false },
      false,
    ],
    ['a name-only change', [ann], 1, {}, true],
    [
      'withdrawing primary while reactivating',
      [ann, dan],
      4,
      { active: true, primary: false },
      true,
    ],
    ['deactivating a non-primary colleague', [ann, cat], 3, { active: false }, true],
  ] as const)('%s → %s', (_, members, id, change, expected) => {
    expect(keepsAPrimary(members, id, change)).toBe(expected);
  });

  it('ignores undefined fields of the change', () => {
    expect(keepsAPrimary([ann], 1, { primary: undefined, active: undefined })).toBe(true);
  });
});
