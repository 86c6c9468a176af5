import { z } from 'zod';
import { text } from './text.ts';

/** Machine-readable error codes; the API maps each to one HTTP status. */
export const errorCodes = [
  'validation',
  'unauthenticated',
  'session_expired',
  'forbidden',
  'blocked',
  'not_found',
  'conflict',
  'token_expired',
  'token_invalid',
  'payload_too_large',
  'rate_limited',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  validation: 422,
  unauthenticated: 401,
  session_expired: 401,
  forbidden: 403,
  blocked: 403,
  not_found: 404,
  conflict: 409,
  token_expired: 422,
  token_invalid: 422,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
};

/** Per-field messages: `{errors: {email: ["Email is required"]}}`. */
export const fieldErrors = z.record(text(), z.array(text()));
export type FieldErrors = z.infer<typeof fieldErrors>;

export const errorBody = z.object({
  code: z.enum(errorCodes),
  message: text(),
  errors: fieldErrors.optional(),
  isBlocked: z.boolean().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
