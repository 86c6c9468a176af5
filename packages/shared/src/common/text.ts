import { z } from 'zod';

export const textMessages = {
  nul: 'must not contain a NUL character',
} as const;

// U+0000 anywhere in the string. PostgreSQL cannot store it in text, so it is refused here, at
// the contract, with a message naming the field, instead of failing in the database.
// eslint-disable-next-line no-control-regex
const withoutNul = /^[^\u0000]*$/;

/**
 * Every string of the API contract (bodies, query strings, path parameters and answers) starts
 * here: a zod string that refuses the NUL character. Takes the same parameters as `z.string()`
 * and chains the same way (`text().trim().min(1).max(100)`).
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).regex(withoutNul, { error: textMessages.nul });
}

/** Whether a string can be stored as PostgreSQL text. */
export const isStorableText = (value: string) => withoutNul.test(value);
