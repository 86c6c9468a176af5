import type { FastifyRequest } from 'fastify';

/**
 * The request's query string as URLSearchParams, exactly as the browser wrote it, for lists
 * whose filters are read with the same shared parser as the page's own address.
 */
export function searchParamsOf(request: FastifyRequest): URLSearchParams {
  const start = request.url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : request.url.slice(start + 1));
}
