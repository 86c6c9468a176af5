import { formatMoney, isCurrencyCode } from '../reference/currencies.ts';

// How an opportunity's remuneration or funding reads, on its page and in the job feeds alike.

/** A whole amount in a currency: "R 4 500". A code the product does not know: "4 500 XYZ". */
function formatAmount(amount: number, currency: string): string {
  return isCurrencyCode(currency)
    ? formatMoney(amount, currency, 'en-ZA', { whole: true })
    : `${new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 }).format(amount)} ${currency}`;
}

/** The remuneration or funding per year: "R 4 500 to R 6 000 a year"; null when not given. */
export function valueLine(opportunity: {
  currency: string;
  valueMin: number | null;
  valueMax: number | null;
}): string | null {
  const { currency, valueMin, valueMax } = opportunity;
  if (valueMin === null && valueMax === null) return null;
  if (valueMin !== null && valueMax !== null && valueMin !== valueMax) {
    return `${formatAmount(valueMin, currency)} to ${formatAmount(valueMax, currency)} a year`;
  }
  if (valueMin !== null && valueMax === null)
    return `From ${formatAmount(valueMin, currency)} a year`;
  if (valueMin === null && valueMax !== null)
    return `Up to ${formatAmount(valueMax, currency)} a year`;
  return `${formatAmount(valueMin ?? valueMax!, currency)} a year`;
}
