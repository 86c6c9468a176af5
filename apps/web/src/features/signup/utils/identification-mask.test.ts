import { describe, expect, it } from 'vitest';

import { maskIdentification } from './identification-mask';

describe('maskIdentification', () => {
  it.each([
    ['ZA', '9001015009086', '900101 5009 086'],
    ['ZA', '900101 5009 086', '900101 5009 086'],
    ['ZA', '90010150090861234', '900101 5009 086'],
    ['ZA', '9001ab01', '900101'],
    ['ZW', '63123456f42', '63 123456 F42'],
    ['US', '123456789', '123-45-6789'],
  ])('%s %s -> %s', (country, typed, masked) => {
    expect(maskIdentification(country, typed)).toBe(masked);
  });

  it('keeps what is typed for a country without a mask', () => {
    expect(maskIdentification('KE', 'a 12-34')).toBe('a 12-34');
    expect(maskIdentification('', 'x')).toBe('x');
  });
});
