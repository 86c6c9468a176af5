import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  currencies,
  currencyCodes,
  currencyList,
  formatMoney,
  isCurrencyCode,
} from './currencies.ts';

// Intl separates groups (and, in some locales, the symbol) with non-breaking spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('currency table', () => {
  it('has the 17 supported codes, each with name, symbol and decimal places', () => {
    expect(currencyCodes).toEqual([
      'AED',
      'AFN',
      'ALL',
      'AMD',
      'ANG',
      'AOA',
      'ARS',
      'AUD',
      'AWG',
      'AZN',
      'CAD',
      'DKK',
      'EUR',
      'GBP',
      'JPY',
      'USD',
      'ZAR',
    ]);
    expect(currencyList.map((c) => c.code)).toEqual(currencyCodes);
    for (const c of currencyList) {
      expect(c.name.length).toBeGreaterThan(2);
      expect(c.symbol.length).toBeGreaterThan(0);
      expect(c.decimalPlaces).toBe(c.code === 'JPY' ? 0 : 2);
    }
  });

  it('knows its codes and nothing else', () => {
    expect(isCurrencyCode('ZAR')).toBe(true);
    expect(isCurrencyCode('zar')).toBe(false);
    expect(isCurrencyCode('XXX')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
    expect(isCurrencyCode(undefined)).toBe(false);
  });
});

describe('formatMoney', () => {
  it.each([
    [1234.5, 'ZAR', 'en-ZA', 'R 1 234,50'],
    [0, 'ZAR', 'en-ZA', 'R 0,00'],
    [-15.256, 'ZAR', 'en-ZA', '-R 15,26'],
    [1234.5, 'USD', 'en-US', '$1,234.50'],
    [1234.5, 'EUR', 'de-DE', '1.234,50 €'],
    [1234.5, 'GBP', 'en-GB', '£1,234.50'],
    [1234.5, 'JPY', 'ja-JP', '￥1,235'],
    [1234.5, 'AFN', 'en-US', 'AFN 1,234.50'],
  ] as const)('%d %s in %s is %s', (amount, code, locale, expected) => {
    expect(plain(formatMoney(amount, code, locale))).toBe(expected);
  });

  it('defaults to South African English', () => {
    expect(plain(formatMoney(99.99, 'ZAR'))).toBe('R 99,99');
  });

  it('writes whole amounts without the minor unit when asked', () => {
    expect(plain(formatMoney(300000, 'ZAR', 'en-ZA', { whole: true }))).toBe('R 300 000');
    expect(plain(formatMoney(1234.5, 'USD', 'en-US', { whole: true }))).toBe('$1,235');
    // The minor-unit formatter of the same currency is a different one.
    expect(plain(formatMoney(1234.5, 'USD', 'en-US'))).toBe('$1,234.50');
  });

  it('always shows exactly the currency’s decimal places', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.constantFrom(...currencyCodes),
        (amount, code) => {
          const text = formatMoney(amount, code, 'en-US');
          const places = currencies[code].decimalPlaces;
          const decimals = /\.(\d+)/.exec(text)?.[1] ?? '';
          expect(decimals.length).toBe(places);
        },
      ),
    );
  });

  it('refuses a currency outside the table', () => {
    expect(() => formatMoney(1, 'XYZ' as never)).toThrow(RangeError);
  });
});
