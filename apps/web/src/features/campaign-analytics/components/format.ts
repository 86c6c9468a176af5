import { format } from 'date-fns';

import { formatReportedCount, type ReportedCount } from '@pathways/shared/analytics/suppression';

/** A week's Monday as an axis label: "16 Nov". */
export const weekShort = (monday: string) => format(new Date(`${monday}T00:00:00`), 'd MMM');

/** A week's Monday in full: "16 November 2026". */
export const weekLong = (monday: string) => format(new Date(`${monday}T00:00:00`), 'd MMMM yyy');

/** A count of people as a cell reads: "12", or "fewer than 5". */
export const people = (count: ReportedCount) => formatReportedCount(count);

/** Colours that stay apart for colour-blind readers (Okabe and Ito), dark enough on white. */
export const chartColours = {
  visits: '#0072B2',
  signUps: '#0072B2',
  applicants: '#D55E00',
} as const;
