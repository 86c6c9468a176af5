import { describe, expect, it } from 'vitest';

import { titleCase } from './names.ts';

describe('titleCase', () => {
  it.each([
    ['thandi', 'Thandi'],
    ['THANDI NKOSI', 'Thandi Nkosi'],
    ['  sipho   mthembu ', 'Sipho Mthembu'],
    ["nomvula o'neil-dube", "Nomvula O'Neil-Dube"],
    ['jean-pierre', 'Jean-Pierre'],
    ['van der merwe', 'Van Der Merwe'],
    ['émile zola', 'Émile Zola'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(titleCase(input)).toBe(output);
  });
});
