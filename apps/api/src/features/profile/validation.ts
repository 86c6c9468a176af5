import type { FieldErrors } from '@pathways/shared/common/errors';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

import { AppError } from '../../lib/app-error.ts';

/**
 * The zod validator of these routes, answering 422 with errors keyed by the field inside the
 * wrapped body: `{profile: {identification}}` fails as `errors.identification`, not
 * `errors['profile.identification']`, so the page shows each message beside its field. A
 * missing or malformed wrapper keeps its own key (`errors.profile`). `messages` gives a route's
 * failure its own message ("METHOD url" -> message), such as SPEC.md's experience update.
 */
export function unwrappedValidatorCompiler(
  messages: Record<string, string> = {},
): FastifySchemaCompiler<z.ZodType> {
  return ({ schema, httpPart, method, url }) =>
    (data) => {
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      const errors: FieldErrors = {};
      for (const issue of result.error.issues) {
        const path =
          httpPart === 'body' && issue.path.length > 1 ? issue.path.slice(1) : issue.path;
        (errors[path.map(String).join('.') || 'base'] ??= []).push(issue.message);
      }
      const first = Object.values(errors)[0]?.[0] ?? 'Invalid input';
      const message = httpPart === 'body' ? (messages[`${method} ${url}`] ?? first) : first;
      return { error: new AppError('validation', message, { errors }) };
    };
}
