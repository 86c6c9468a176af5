// The rules of an opportunity's dates and value range, checked in the browser's form and again
// by the API on the merged record (a PATCH may change only one of the dates).
import type { FieldErrors } from '../common/errors.ts';
import type { Moment } from '../opportunities/windows.ts';

export const windowMessages = {
  closesAt: 'must be after the opening date',
  commencesAt: 'must be after the closing date',
  valueMax: 'must be at least the minimum value',
} as const;

export interface WorkspaceDates {
  opensAt: Moment;
  closesAt: Moment;
  commencesAt: Moment;
  valueMin?: number | null;
  valueMax?: number | null;
}

function timeOf(moment: Moment): number | null {
  if (moment === null || moment === undefined || moment === '') return null;
  const time = moment instanceof Date ? moment.getTime() : Date.parse(moment);
  return Number.isNaN(time) ? null : time;
}

/**
 * Field errors of a window: it closes after it opens (when both are set), the work or studies
 * commence after it closes (when both are set), and the maximum value is not below the minimum.
 * Empty when every rule holds.
 */
export function windowErrors(dates: WorkspaceDates): FieldErrors {
  const errors: FieldErrors = {};
  const opens = timeOf(dates.opensAt);
  const closes = timeOf(dates.closesAt);
  const commences = timeOf(dates.commencesAt);
  if (opens !== null && closes !== null && !(closes > opens)) {
    errors.closesAt = [windowMessages.closesAt];
  }
  if (closes !== null && commences !== null && !(commences > closes)) {
    errors.commencesAt = [windowMessages.commencesAt];
  }
  const { valueMin, valueMax } = dates;
  if (typeof valueMin === 'number' && typeof valueMax === 'number' && valueMax < valueMin) {
    errors.valueMax = [windowMessages.valueMax];
  }
  return errors;
}
