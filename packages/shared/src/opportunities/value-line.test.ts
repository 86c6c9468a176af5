import { describe, expect, it } from 'vitest';

import { valueLine } from './value-line.ts';

describe('valueLine', () => {
  it('writes the value per year without cents', () => {
    const money = (amount: number, currency: string) =>
      new Intl.NumberFormat('en-ZA', {
        style: 'currency',
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }).format(amount);
    expect(valueLine({ currency: 'ZAR', valueMin: 4500, valueMax: 6000 })).toBe(
      `${money(4500, 'ZAR')} to ${money(6000, 'ZAR')} a year`,
    );
    expect(money(4500, 'ZAR')).not.toContain(',00');
    expect(valueLine({ currency: 'USD', valueMin: 1000, valueMax: 1000 })).toBe(
      `${money(1000, 'USD')} a year`,
    );
    expect(valueLine({ currency: 'ZAR', valueMin: 4500, valueMax: null })).toBe(
      `From ${money(4500, 'ZAR')} a year`,
    );
    expect(valueLine({ currency: 'ZAR', valueMin: null, valueMax: null })).toBeNull();
  });

  it('says "up to" for a maximum alone and names a currency it does not know after the amount', () => {
    expect(valueLine({ currency: 'ZAR', valueMin: null, valueMax: 9000 })).toMatch(
      /^Up to R.9.000 a year$/,
    );
    expect(valueLine({ currency: 'XYZ', valueMin: 4500, valueMax: 4500 })).toMatch(
      /^4.500 XYZ a year$/,
    );
  });
});
