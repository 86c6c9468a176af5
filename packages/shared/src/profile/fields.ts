import { z } from 'zod';

import { isCountryCode } from '../reference/countries.ts';
import { text } from '../common/text.ts';

/** Messages shared by the profile and its sections. */
export const fieldMessages = {
  required: 'must be provided',
  invalidCountry: 'must be a valid country',
  alreadyAdded: 'has already been added',
  notFound: 'does not exist',
  percentage: 'must be a number from 0 to 100',
  tooLong: (max: number) => `must be at most ${max} characters`,
} as const;

/** A database id in a body or a path (PostgreSQL integer). */
export const id = z
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a whole number' })
  .max(2 ** 31 - 1, { error: 'must be a whole number' });

export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** A required piece of text: missing, null or blank answers `message`. */
export const requiredText = (max: number, message: string = fieldMessages.required) =>
  text({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: fieldMessages.tooLong(max) });

/** Optional text: blank is stored as null; null clears it. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, { error: fieldMessages.tooLong(max) })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** ISO 3166-1 alpha-2, accepted in any case and stored upper case ("za" -> "ZA"). */
export const countryCode = text({
  error: (issue) => (issue.input == null ? fieldMessages.required : fieldMessages.invalidCountry),
})
  .trim()
  .toUpperCase()
  .min(1, { error: fieldMessages.required, abort: true })
  .refine((code) => isCountryCode(code), { error: fieldMessages.invalidCountry });

/** A mark or grade normalised to 0-100, kept with two decimals. */
export const percentage = z
  .number({ error: fieldMessages.percentage })
  .min(0, { error: fieldMessages.percentage })
  .max(100, { error: fieldMessages.percentage })
  .transform((n) => Math.round(n * 100) / 100);

/** A reference to a row of the reference data by id, or null. */
export const referenceId = id.nullable().optional();
