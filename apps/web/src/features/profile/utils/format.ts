import { format, isValid, parseISO } from 'date-fns';

import { DATE_DISPLAY_FORMAT } from '@pathways/shared/common/constants';

/** An ISO day ('2024-03-14') as the product shows dates: '14 March 2024'. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, DATE_DISPLAY_FORMAT) : iso;
}

/** '1 February 2024 – now', '1 February 2024 – 30 June 2024', or '' without dates. */
export function formatRange(
  startsAt: string | null | undefined,
  endsAt: string | null | undefined,
  current = false,
): string {
  const start = formatDay(startsAt);
  const end = current ? 'now' : formatDay(endsAt);
  if (!start && !end) return '';
  return `${start || '…'} – ${end || '…'}`;
}

/** Joins the parts that are there with ' · '. */
export const joinParts = (...parts: (string | null | undefined | false)[]) =>
  parts.filter(Boolean).join(' · ');

/** '' / 'yes' / 'no' in a select for a nullable yes-or-no answer. */
export type YesNo = '' | 'yes' | 'no';
export const toYesNo = (value: boolean | null): YesNo =>
  value === null ? '' : value ? 'yes' : 'no';
export const fromYesNo = (value: YesNo): boolean | null => (value === '' ? null : value === 'yes');

/** Today as an ISO day in the phone's own time zone. */
export const todayIso = () => format(new Date(), 'yyyy-MM-dd');
