import { describe, expect, it } from 'vitest';

import { createRandom } from './random.ts';
import { luhnCheckDigit, luhnValid } from '@pathways/shared/profile/identification';

import { saIdNumber } from './sa-id.ts';

describe('South African identity numbers', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('8001015009087')).toBe(true);
    expect(luhnValid('8001015009088')).toBe(false);
    expect(luhnValid('80010150090a7')).toBe(false);
    expect(luhnCheckDigit('800101500908')).toBe(7);
  });

  it('builds valid numbers from a birth date, gender and citizenship', () => {
    const woman = saIdNumber({
      bornAt: '2004-07-08',
      gender: 'female',
      sequence: 1234,
      citizen: true,
    });
    expect(woman).toMatch(/^040708[0-4]\d{3}08\d$/);
    expect(luhnValid(woman)).toBe(true);
    const man = saIdNumber({ bornAt: '1999-12-31', gender: 'male', sequence: 42, citizen: false });
    expect(man).toMatch(/^991231[5-9]\d{3}18\d$/);
    expect(luhnValid(man)).toBe(true);
  });
});

describe('createRandom', () => {
  it('repeats its sequence for the same seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const draws = () => [a.next(), a.int(1, 6), a.pick(['x', 'y', 'z'])];
    const again = () => [b.next(), b.int(1, 6), b.pick(['x', 'y', 'z'])];
    for (let i = 0; i < 50; i++) expect(draws()).toEqual(again());
  });

  it('keeps integers within bounds and samples without repeats', () => {
    const r = createRandom(1);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
    const sample = r.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
  });
});
