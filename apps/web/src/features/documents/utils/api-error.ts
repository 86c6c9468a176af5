import type { FieldErrors } from '@pathways/shared/common/errors';

import { ApiError } from '../../../lib/api-client';

/** An ApiError from a status and an error body that may be anything (or nothing). */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  if (typeof body !== 'object' || body === null) return new ApiError(status);
  const { code, message, errors } = body as Record<string, unknown>;
  const fieldErrors: FieldErrors = {};
  if (typeof errors === 'object' && errors !== null) {
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) fieldErrors[field] = messages.map(String);
    }
  }
  return new ApiError(status, {
    ...(typeof code === 'string' ? { code: code as ApiError['code'] } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    errors: fieldErrors,
  });
}

/**
 * What to tell the user about a refused file: the server's `errors.file` messages, made into a
 * sentence ("must be a PDF, JPEG or PNG file" -> "The file must be a PDF, JPEG or PNG file.").
 */
export function fileErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = error.fieldErrors.file ?? error.fieldErrors.kind ?? [];
    if (messages.length > 0) return messages.map(sentence).join(' ');
    if (error.status === 413) return 'The file is larger than 10 MB.';
    if (error.status === 429) return 'Too many uploads. Please wait a minute and try again.';
    if (error.status < 500 && error.message) return sentence(error.message);
  }
  return 'The upload failed. Check your connection and try again.';
}

function sentence(message: string): string {
  const text = /^must /.test(message) ? `The file ${message}` : message;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
