import { describe, expect, it } from 'vitest';

import {
  countryChoices,
  countryName,
  EXCLUDED_COUNTRY_CHOICES,
  isCountryCode,
} from './countries.ts';

describe('countries', () => {
  it('names alpha-2 codes in English', () => {
    expect(countryName('ZA')).toBe('South Africa');
    expect(countryName('NG')).toBe('Nigeria');
    expect(countryName('ZW')).toBe('Zimbabwe');
    expect(countryName('SZ')).toBe('Eswatini');
    expect(countryName('AD')).toBe('Andorra');
  });

  it('answers undefined for anything that is not an assigned upper-case alpha-2 code', () => {
    for (const code of ['za', 'ZAF', '710', 'QQ', '', 'Z'])
      expect(countryName(code)).toBeUndefined();
  });

  it('validates alpha-2 codes', () => {
    expect(isCountryCode('ZA')).toBe(true);
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('za')).toBe(false);
    expect(isCountryCode('ZAF')).toBe(false);
    expect(isCountryCode(27)).toBe(false);
    expect(isCountryCode(null)).toBe(false);
  });

  it('offers every country but Andorra, sorted by name', () => {
    const choices = countryChoices();
    expect(EXCLUDED_COUNTRY_CHOICES).toEqual(['AD']);
    expect(choices.length).toBeGreaterThan(240);
    expect(choices.find((c) => c.code === 'AD')).toBeUndefined();
    expect(choices.find((c) => c.code === 'ZA')).toEqual({ code: 'ZA', name: 'South Africa' });
    const names = choices.map((c) => c.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    expect(new Set(choices.map((c) => c.code)).size).toBe(choices.length);
    for (const c of choices) expect(isCountryCode(c.code)).toBe(true);
    expect(countryChoices()).toBe(choices);
  });
});
