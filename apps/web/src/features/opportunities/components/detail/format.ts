import { format } from 'date-fns';

import { DATE_DISPLAY_FORMAT } from '@pathways/shared/common/constants';
import type {
  OpportunityDetail,
  OpportunityKind,
} from '@pathways/shared/opportunities/opportunities.schemas';
import { formatMoney, isCurrencyCode } from '@pathways/shared/reference/currencies';

export const kindLabels: Record<OpportunityKind, string> = {
  job: 'Job',
  bursary: 'Bursary',
  scholarship: 'Scholarship',
};

export const formatDay = (iso: string) => format(new Date(iso), DATE_DISPLAY_FORMAT);

export type WindowState = 'open' | 'upcoming' | 'closed' | 'unavailable';

/** Where the opportunity stands in its open window (opensAt to closesAt), as the page says it. */
export function windowState(
  opportunity: Pick<OpportunityDetail, 'isOpen' | 'opensAt' | 'closesAt'>,
  now: Date = new Date(),
): WindowState {
  if (opportunity.isOpen) return 'open';
  if (opportunity.opensAt && new Date(opportunity.opensAt) > now) return 'upcoming';
  if (opportunity.closesAt && new Date(opportunity.closesAt) <= now) return 'closed';
  return 'unavailable';
}

/**
 * "Open for applications until 2 March 2027", "Applications open on 19 December 2026",
 * "Applications closed on 2 March 2026"; the card lists every date beside it.
 */
export function windowLine(
  opportunity: Pick<OpportunityDetail, 'isOpen' | 'opensAt' | 'closesAt'>,
  now: Date = new Date(),
): string {
  switch (windowState(opportunity, now)) {
    case 'open':
      return opportunity.closesAt
        ? `Open for applications until ${formatDay(opportunity.closesAt)}`
        : 'Open for applications';
    case 'upcoming':
      return `Applications open on ${formatDay(opportunity.opensAt!)}`;
    case 'closed':
      return `Applications closed on ${formatDay(opportunity.closesAt!)}`;
    default:
      return 'Not open for applications';
  }
}

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
