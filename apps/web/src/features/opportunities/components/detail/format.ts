import type { OpportunityDetail } from '@pathways/shared/opportunities/opportunities.schemas';
import { formatMoney, isCurrencyCode } from '@pathways/shared/reference/currencies';

/** A whole amount in a currency: "R 4 500". A code the product does not know: "4 500 XYZ". */
function formatAmount(amount: number, currency: string): string {
  return isCurrencyCode(currency)
    ? formatMoney(amount, currency, 'en-ZA', { whole: true })
    : `${new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 }).format(amount)} ${currency}`;
}

/** The remuneration or funding per year: "R 4 500 to R 6 000 a year"; null when not given. */
export function valueLine(
  opportunity: Pick<OpportunityDetail, 'currency' | 'valueMin' | 'valueMax'>,
): string | null {
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

/** "219 Oxford Road, Polokwane" stays as it is; the city is added when the address lacks it. */
export function locationLine(location: {
  address: string;
  city: string | null;
  province: string | null;
}): string {
  const parts = [location.address];
  if (location.city && !location.address.toLowerCase().includes(location.city.toLowerCase())) {
    parts.push(location.city);
  }
  if (location.province) parts.push(location.province);
  return parts.join(', ');
}
