import type { preValidationHookHandler } from 'fastify';

/**
 * For a route whose body has only optional fields: a request sent with no body at all is read as
 * `{}` (Fastify hands the schema `null` or `undefined` then, which an object schema refuses).
 */
export const noBodyIsEmpty: preValidationHookHandler = (request, _reply, done) => {
  request.body ??= {};
  done();
};
