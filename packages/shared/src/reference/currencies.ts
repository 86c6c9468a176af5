/** One currency of the table of currencies the product formats. */
export interface Currency {
  /** ISO 4217 code. */
  code: CurrencyCode;
  name: string;
  /** The symbol people write in the currency's home ("R", "€"). */
  symbol: string;
  /** ISO 4217 minor units: the number of decimal places amounts carry. */
  decimalPlaces: number;
}

export const currencyCodes = [
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
] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

/**
 * The currency table. Decimal places follow ISO 4217 (AFN and ALL have 2 there, although CLDR
 * shows them without cents), so formatting passes them explicitly instead of taking Intl's.
 */
export const currencies: Readonly<Record<CurrencyCode, Currency>> = {
  AED: { code: 'AED', name: 'United Arab Emirates Dirham', symbol: 'د.إ', decimalPlaces: 2 },
  AFN: { code: 'AFN', name: 'Afghan Afghani', symbol: '؋', decimalPlaces: 2 },
  ALL: { code: 'ALL', name: 'Albanian Lek', symbol: 'L', decimalPlaces: 2 },
  AMD: { code: 'AMD', name: 'Armenian Dram', symbol: '֏', decimalPlaces: 2 },
  ANG: { code: 'ANG', name: 'Netherlands Antillean Guilder', symbol: 'ƒ', decimalPlaces: 2 },
  AOA: { code: 'AOA', name: 'Angolan Kwanza', symbol: 'Kz', decimalPlaces: 2 },
  ARS: { code: 'ARS', name: 'Argentine Peso', symbol: '$', decimalPlaces: 2 },
  AUD: { code: 'AUD', name: 'Australian Dollar', symbol: '$', decimalPlaces: 2 },
  AWG: { code: 'AWG', name: 'Aruban Florin', symbol: 'ƒ', decimalPlaces: 2 },
  AZN: { code: 'AZN', name: 'Azerbaijani Manat', symbol: '₼', decimalPlaces: 2 },
  CAD: { code: 'CAD', name: 'Canadian Dollar', symbol: '$', decimalPlaces: 2 },
  DKK: { code: 'DKK', name: 'Danish Krone', symbol: 'kr.', decimalPlaces: 2 },
  EUR: { code: 'EUR', name: 'Euro', symbol: '€', decimalPlaces: 2 },
  GBP: { code: 'GBP', name: 'British Pound', symbol: '£', decimalPlaces: 2 },
  JPY: { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimalPlaces: 0 },
  USD: { code: 'USD', name: 'US Dollar', symbol: '$', decimalPlaces: 2 },
  ZAR: { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimalPlaces: 2 },
};

/** The table as a list, in code order. */
export const currencyList: readonly Currency[] = currencyCodes.map((code) => currencies[code]);

export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && Object.hasOwn(currencies, code);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** How an amount is written: `whole` leaves out the minor unit ("R 4 500" for a salary). */
export interface MoneyOptions {
  whole?: boolean;
}

/** The Intl formatter of a currency and locale, built once. */
export function moneyFormat(
  code: CurrencyCode,
  locale = 'en-ZA',
  { whole = false }: MoneyOptions = {},
): Intl.NumberFormat {
  const key = `${locale}|${code}|${whole ? 'whole' : 'minor'}`;
  let format = formatters.get(key);
  if (!format) {
    const decimalPlaces = whole ? 0 : currencies[code].decimalPlaces;
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: decimalPlaces,
      maximumFractionDigits: decimalPlaces,
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * An amount as people of the locale write it: `formatMoney(1234.5, 'ZAR')` is "R 1 234,50" in
 * en-ZA (with non-breaking spaces). Rounds to the currency's decimal places.
 */
export function formatMoney(
  amount: number,
  code: CurrencyCode,
  locale = 'en-ZA',
  options: MoneyOptions = {},
): string {
  if (!isCurrencyCode(code)) throw new RangeError(`Unknown currency ${String(code)}`);
  return moneyFormat(code, locale, options).format(amount);
}
