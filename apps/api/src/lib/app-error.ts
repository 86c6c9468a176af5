import { errorStatus, type ErrorCode, type FieldErrors } from '@pathways/shared/common/errors';

/** The one error type services throw; the error handler turns it into `{code, message, errors?}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldErrors;
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldErrors; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.errors = options.errors;
    this.extra = options.extra;
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);

export const fieldError = (field: string, message: string) =>
  new AppError('validation', message, { errors: { [field]: [message] } });

/** What every refusal by a rate limit (429) says; Retry-After tells when to try again. */
export const tooManyAttempts = 'Too many attempts. Please wait a moment and try again.';
