import { format, isValid, parseISO } from 'date-fns';

import { DATE_DISPLAY_FORMAT } from '@pathways/shared/common/constants';

// The campaign form picks days ('2027-03-01'); the campaign keeps moments. A campaign runs from
// the start of its first day to the end of its last day, both in the user's own time zone, so
// a campaign of one day ends after it starts.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The local day of a moment, as the date field holds it; null for none. */
export function dayOf(iso: string | null | undefined): string | null {
  return iso ? format(new Date(iso), 'yyyy-MM-dd') : null;
}

const momentOf = (day: string, time: string) => {
  const at = parseISO(`${day}T${time}`);
  return isValid(at) ? at.toISOString() : day;
};

/**
 * The moment a picked day stands for: its first millisecond as a start, its last as an end.
 * Anything that is not a whole day passes unchanged, for the schema to refuse.
 */
export function momentOfDay<T>(day: T, edge: 'start' | 'end'): T | string {
  if (typeof day !== 'string' || !DAY.test(day)) return day;
  return momentOf(day, edge === 'start' ? '00:00:00.000' : '23:59:59.999');
}

const shown = (iso: string) => format(new Date(iso), DATE_DISPLAY_FORMAT);

/** "Runs 1 March 2027 to 30 April 2027", "From 1 March 2027", "Until 30 April 2027", or null. */
export function campaignRunText(campaign: {
  startsAt: string | null;
  endsAt: string | null;
}): string | null {
  const { startsAt, endsAt } = campaign;
  if (startsAt && endsAt) return `Runs ${shown(startsAt)} to ${shown(endsAt)}`;
  if (startsAt) return `From ${shown(startsAt)}`;
  if (endsAt) return `Until ${shown(endsAt)}`;
  return null;
}
