import type { FieldErrors } from '../common/errors.ts';

/** Identification messages, worded exactly as users have seen them, with the uniqueness one. */
export const identificationMessages = {
  required: 'must be provided',
  invalid: 'must be a valid identification',
  taken: 'has already been taken',
  /** Shown on the page, with a Help button that opens the support chat. */
  saveFailed:
    'Please ensure your identification number is typed correctly or does not already exist on our system',
  /** Prefilled in the support chat by the Help button. */
  helpRequest:
    'Hello, I tried to save my identification number on my profile, but it already exists on your system.',
  /** A date of birth other than the one a South African ID number states. */
  bornAtMismatch: 'must match the date of birth in your ID number',
} as const;

export type IdentificationError =
  typeof identificationMessages.required | typeof identificationMessages.invalid;

/** The longest identification stored (passport numbers are at most 9-20 characters). */
export const IDENTIFICATION_MAX_LENGTH = 30;

/** Input masks by country of birth: `#` a digit, `A` a letter, anything else is typed as is. */
const masks: Record<string, string> = {
  ZA: '###### #### ###',
  ZW: '## ###### A##',
  US: '###-##-####',
};

const upper = (country: string | null | undefined) => (country ?? '').trim().toUpperCase();

/** The input mask for a country of birth, or null when the number is typed freely. */
export function identificationMask(country: string | null | undefined): string | null {
  return masks[upper(country)] ?? null;
}

const isMaskSlot = (ch: string | undefined) => ch === '#' || ch === 'A';
const fitsSlot = (slot: string, ch: string) => (slot === '#' ? /\d/.test(ch) : /[A-Z]/.test(ch));

/**
 * Lays typed text out with an identification mask: `#` takes a digit, `A` a
 * letter, anything else is put in by the mask. Characters that do not fit are dropped, and so is
 * anything beyond the mask. "9001015009087" with '###### #### ###' -> "900101 5009 087".
 */
export function applyIdentificationMask(mask: string, typed: string): string {
  let out = '';
  let m = 0;
  for (const ch of normalizeIdentification(typed)) {
    let literals = '';
    let next = m;
    while (next < mask.length && !isMaskSlot(mask[next])) literals += mask[next++];
    if (next >= mask.length) break;
    if (fitsSlot(mask[next]!, ch)) {
      out += literals + ch;
      m = next + 1;
    }
  }
  return out;
}

/** The field's label: "National ID or passport number" for Nigeria, else "National ID number". */
export function identificationLabel(country: string | null | undefined): string {
  return upper(country) === 'NG' ? 'National ID or passport number' : 'National ID number';
}

/**
 * The identification as it is validated and stored: without the spaces and dashes the masks (or
 * people) put in, and in upper case ("880314 0142 081" -> "8803140142081").
 */
export function normalizeIdentification(value: string): string {
  return value.replace(/[\s\-‐-―]/g, '').toUpperCase();
}

/** True when a string of digits passes the Luhn checksum (its last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that makes `payload + digit` pass the Luhn checksum. */
export function luhnCheckDigit(payload: string): number {
  if (!/^\d+$/.test(payload)) throw new Error('Luhn payload must be digits');
  for (let d = 0; d <= 9; d++) if (luhnValid(payload + d)) return d;
  throw new Error('unreachable: one digit always completes a Luhn sum');
}

/** South Africa: 13 digits whose last is a Luhn check digit. */
export function isSouthAfricanId(value: string): boolean {
  return /^\d{13}$/.test(value) && luhnValid(value);
}

/**
 * The youngest a candidate can plausibly be, in years. A South African ID number gives the year
 * of birth in two digits: read in the 2000s, a birth in the future or less than this many years
 * ago is not plausible, so it is read in the 1900s instead.
 */
export const SA_ID_YOUNGEST_AGE = 10;

const isCalendarDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * The date of birth ('YYYY-MM-DD') a valid South African ID number states in its first six digits
 * (YYMMDD), or null when the number is not valid or those digits are not a calendar date.
 * `today` is 'YYYY-MM-DD'. The century: 20YY, unless that day is later than SA_ID_YOUNGEST_AGE
 * years before today (a birth in the future, or a candidate younger than ten), then 19YY. On
 * 2026-11-29, "161129…" is 2016-11-29 (ten today) and "161130…" is 1916-11-30.
 */
export function southAfricanIdBirthDate(value: string, today: string): string | null {
  const id = normalizeIdentification(value);
  if (!isSouthAfricanId(id)) return null;
  const [yy, month, day] = [id.slice(0, 2), Number(id.slice(2, 4)), Number(id.slice(4, 6))];
  const latest = `${Number(today.slice(0, 4)) - SA_ID_YOUNGEST_AGE}${today.slice(4, 10)}`;
  const recent = `20${yy}-${id.slice(2, 4)}-${id.slice(4, 6)}`;
  const year = recent <= latest ? 2000 + Number(yy) : 1900 + Number(yy);
  if (!isCalendarDate(year, month, day)) return null;
  return `${year}-${id.slice(2, 4)}-${id.slice(4, 6)}`;
}

/**
 * The date of birth an identification states, or null when it states none: only a South African
 * ID number (country of birth ZA) does.
 */
export function identificationBirthDate(
  input: { countryOfBirth?: string | null; identification?: string | null },
  today: string,
): string | null {
  if (upper(input.countryOfBirth) !== 'ZA' || !input.identification) return null;
  return southAfricanIdBirthDate(input.identification, today);
}

/**
 * The errors of a date of birth against the identification: one the identification states
 * must be that date. No date, or an identification stating none, passes.
 */
export function bornAtErrors(
  input: {
    countryOfBirth?: string | null;
    identification?: string | null;
    bornAt?: string | null;
  },
  today: string,
): FieldErrors {
  if (!input.bornAt) return {};
  const stated = identificationBirthDate(input, today);
  return stated && stated !== input.bornAt
    ? { bornAt: [identificationMessages.bornAtMismatch] }
    : {};
}

/** Nigeria: an 11-digit NIN, or a passport number (one letter and 8 digits). */
export function isNigerianId(value: string): boolean {
  return /^\d{11}$/.test(value) || /^[A-Z]\d{8}$/.test(value);
}

/**
 * The identification rule follows the country of birth. Nigeria: 11 digits or
 * one letter and 8 digits; South Africa: 13 digits with a valid Luhn check digit; any other
 * country (or none yet): any non-empty value (up to 30 characters). Spaces and dashes are ignored.
 */
export function validateIdentification(
  countryCode: string | null | undefined,
  value: string | null | undefined,
): IdentificationError | null {
  const id = normalizeIdentification(value ?? '');
  if (id === '') return identificationMessages.required;
  if (id.length > IDENTIFICATION_MAX_LENGTH) return identificationMessages.invalid;
  switch (upper(countryCode)) {
    case 'ZA':
      return isSouthAfricanId(id) ? null : identificationMessages.invalid;
    case 'NG':
      return isNigerianId(id) ? null : identificationMessages.invalid;
    default:
      return null;
  }
}

/**
 * The errors of a country of birth and identification pair, keyed by field. An identification
 * needs a country of birth (its rule depends on it); a country alone is fine.
 */
export function identityErrors(input: {
  countryOfBirth?: string | null;
  identification?: string | null;
}): FieldErrors {
  const errors: FieldErrors = {};
  const hasId = normalizeIdentification(input.identification ?? '') !== '';
  if (!hasId) return errors;
  if (upper(input.countryOfBirth) === '') {
    errors.countryOfBirth = [identificationMessages.required];
    return errors;
  }
  const problem = validateIdentification(input.countryOfBirth, input.identification);
  if (problem) errors.identification = [problem];
  return errors;
}

/**
 * Lays a stored identification out with its country's mask for display ("8803140142081" ->
 * "880314 0142 081"). Without a mask, or when the value does not fit it, the value is unchanged.
 */
export function formatIdentification(
  country: string | null | undefined,
  value: string | null | undefined,
): string {
  const id = normalizeIdentification(value ?? '');
  const mask = identificationMask(country);
  if (!mask) return id;
  const slots = mask.replace(/[^#A]/g, '');
  if (slots.length !== id.length) return id;
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (ch === '#' || ch === 'A') {
      const c = id[i++]!;
      if (ch === '#' ? !/\d/.test(c) : !/[A-Z]/.test(c)) return id;
      out += c;
    } else {
      out += ch;
    }
  }
  return out;
}
