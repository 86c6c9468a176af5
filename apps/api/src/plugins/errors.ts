import type { ErrorBody, FieldErrors } from '@pathways/shared/common/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { AppError, tooManyAttempts } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message of this route's invalid body, when the product has one (field errors stay). */
    validationMessage?: string;
  }
}

/**
 * The field an issue belongs to, as a dotted path. Wrapped bodies
 * (`{profile: {firstName}}`) report the inner field (`firstName`), since that is what a form shows.
 */
export function fieldKey(instancePath: string, body: unknown): string {
  let segments = instancePath.split('/').filter(Boolean);
  const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  const wrapper = keys.length === 1 ? keys[0] : undefined;
  const wrapped =
    wrapper !== undefined && typeof (body as Record<string, unknown>)[wrapper] === 'object';
  if (wrapped && segments.length > 1 && segments[0] === wrapper) segments = segments.slice(1);
  return segments.length === 0 ? 'base' : segments.join('.');
}

/**
 * One error shape for every failure: `{code, message, errors?}`. Invalid input is 422 with
 * per-field messages; 5xx details stay in the log.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        const body: ErrorBody = { code: error.code, message: error.message, ...error.extra };
        if (error.errors) body.errors = error.errors;
        return reply.status(error.status).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldErrors = {};
        for (const issue of error.validation) {
          (errors[
            fieldKey(
              issue.instancePath ?? '',
              error.validationContext === 'body' ? request.body : undefined,
            )
          ] ??= []).push(issue.message ?? 'Invalid value');
        }
        const first = Object.values(errors)[0]?.[0] ?? 'Invalid input';
        const own =
          error.validationContext === 'body'
            ? request.routeOptions.config.validationMessage
            : undefined;
        return reply
          .status(422)
          .send({ code: 'validation', message: own ?? first, errors } satisfies ErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({
          code: 'rate_limited',
          message: tooManyAttempts,
        } satisfies ErrorBody);
      }
      if (status === 413) {
        return reply
          .status(413)
          .send({ code: 'payload_too_large', message: 'The request is too large' });
      }
      if (status >= 400 && status < 500) {
        const code = status === 404 ? 'not_found' : 'validation';
        return reply.status(status).send({ code, message: error.message } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ code: 'internal', message: 'Something went wrong on our side' });
    });

    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        code: 'not_found',
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
      }),
    );
  },
  { name: 'errors' },
);
