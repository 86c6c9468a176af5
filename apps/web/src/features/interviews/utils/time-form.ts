import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

import {
  interviewMessages,
  placeInput,
  timeInput,
  type PlaceInput,
  type TimeInput,
} from '@pathways/shared/interviews/interviews.schemas';

import { addMinutes, fromLocalTime, type LocalTime } from '../components/interview-time';

/** One time as the form holds it: a day and clock time in the viewer's zone, and its parts. */
export interface TimeRow extends LocalTime {
  durationMinutes: string;
  /** `location:<id>`, `address` or `video`; `keep` (moving) keeps the interview's place. */
  place: string;
  address: string;
  url: string;
  /** Managers of the workspace, by user id. */
  managerIds: number[];
  /** People outside, by e-mail (a name may go before each), separated by commas. */
  outside: string;
}

export interface TimesForm {
  times: TimeRow[];
  message: string;
}

export const emptyRow = (date = '', time = ''): TimeRow => ({
  date,
  time,
  durationMinutes: '45',
  place: 'video',
  address: '',
  url: '',
  managerIds: [],
  outside: '',
});

/** The next row: a copy of `row`, one hour later. */
export const nextHour = (row: TimeRow): TimeRow => ({ ...row, ...addMinutes(row, 60) });

/**
 * The people outside a row names: addresses separated by commas, each optionally after a name,
 * the address then in angle brackets ("Thandi Nkosi <thandi@example.com>").
 */
export function outsidersOf(text: string): { email: string; name?: string }[] {
  return text
    .split(/[,;\n]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      const named = /^(.*?)\s*<\s*([^<>\s]*)\s*>$/.exec(entry);
      if (named) {
        const name = named[1]!.replace(/^"|"$/g, '').trim();
        return [name ? { email: named[2]!, name } : { email: named[2]! }];
      }
      return entry.split(/\s+/).map((email) => ({ email }));
    });
}

function placeOf(row: TimeRow): PlaceInput | undefined {
  if (row.place === 'keep') return undefined;
  if (row.place.startsWith('location:')) {
    return { kind: 'location', locationId: Number(row.place.slice('location:'.length)) };
  }
  if (row.place === 'address') return { kind: 'address', address: row.address };
  return { kind: 'video', url: row.url.trim() };
}

/**
 * A form row as the API takes it (`startsAt` empty when the day or time is missing; no place
 * when the row keeps the interview's).
 */
export function timeOf(
  row: TimeRow,
  timeZone: string,
): Omit<TimeInput, 'place'> & { place: PlaceInput | undefined } {
  return {
    startsAt: fromLocalTime(row, timeZone) ?? '',
    durationMinutes: row.durationMinutes.trim() === '' ? NaN : Number(row.durationMinutes),
    place: placeOf(row),
    interviewers: [...row.managerIds.map((userId) => ({ userId })), ...outsidersOf(row.outside)],
  };
}

/** Which field of a row shows the message of a path within one time (shared `timeInput`). */
export function rowFieldOf(path: readonly PropertyKey[]): keyof TimeRow {
  const [head, second] = path;
  if (head === 'startsAt') return 'date';
  if (head === 'durationMinutes') return 'durationMinutes';
  if (head === 'place') {
    if (second === 'address') return 'address';
    if (second === 'url') return 'url';
    return 'place';
  }
  if (head === 'interviewers') {
    // A bad address names the outside field; "at least one" belongs to the managers' list.
    return typeof second === 'number' ? 'outside' : 'managerIds';
  }
  return 'date';
}

type RowErrors = Partial<Record<keyof TimeRow, { type: string; message: string }>>;

// A move names a new time, and a new length or place if they change; the interviewers stay.
const movedTime = timeInput
  .omit({ interviewers: true, place: true })
  .extend({ place: placeInput.optional() });

/**
 * Checks each row with the shared schema (the API's own messages) and that it is in the
 * future; the messages land on the row's fields. `moving` checks a move (no interviewers).
 */
export function timesResolver(
  timeZone: string,
  { moving = false, now = () => new Date() }: { moving?: boolean; now?: () => Date } = {},
) {
  const schema = moving ? movedTime : timeInput;
  const resolver: Resolver<TimesForm> = async (values) => {
    const rowErrors: (RowErrors | undefined)[] = [];
    let failed = false;
    values.times.forEach((row, index) => {
      const errors: RowErrors = {};
      const parsed = schema.safeParse(timeOf(row, timeZone));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = rowFieldOf(issue.path);
          errors[field] ??= { type: 'schema', message: issue.message };
        }
      } else if (new Date(parsed.data.startsAt).getTime() <= now().getTime()) {
        errors.date = { type: 'schema', message: interviewMessages.inThePast };
      }
      if (Object.keys(errors).length > 0) {
        failed = true;
        rowErrors[index] = errors;
      }
    });
    if (!failed) return { values, errors: {} };
    return { values: {}, errors: { times: rowErrors } as unknown as FieldErrors<TimesForm> };
  };
  return resolver;
}

export type ParsedTime = z.output<typeof timeInput>;
