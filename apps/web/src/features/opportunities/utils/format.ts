import { formatWholeNumber } from '@pathways/shared/common/numbers';
import type {
  OpportunityKind,
  OpportunityListItem,
} from '@pathways/shared/opportunities/opportunities.schemas';

import { formatDisplayDate } from '../../../lib/dates';

export const opportunityKindLabels: Record<OpportunityKind, string> = {
  job: 'Job',
  bursary: 'Bursary',
  scholarship: 'Scholarship',
};

/** A day as the product writes dates: "3 December 2026". */
export const formatDate = (iso: string) => formatDisplayDate(iso);

/** A distance in kilometres: "850 m" below 1 km, one decimal below 10 km, whole kilometres above. */
export function formatDistance(meters: number): string {
  const tens = Math.max(0, Math.round(meters / 10) * 10);
  if (tens < 1000) return `${tens} m`;
  const km = meters / 1000;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${formatWholeNumber(km)} km`;
}

/** The nearest location's place name (the list is nearest first when the search had a centre). */
export function nearestPlace(item: Pick<OpportunityListItem, 'locations'>): string | null {
  const first = item.locations[0];
  if (!first) return null;
  return first.city ?? first.address;
}
