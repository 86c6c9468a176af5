import { hash } from 'node:crypto';
import { constants } from 'node:zlib';

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out plain: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** The cache rule of a file of the built web app, by its path inside the build. */
export function staticCacheControl(path: string): string {
  // Files under assets/ carry a hash of their content in their name: a new build gives new names.
  const hashed = /(^|[\\/])assets[\\/]/.test(path);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A weak entity tag for an answer's body (weak: the same JSON may go out in other encodings). */
export function etagOf(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/** Whether an If-None-Match header names this tag (compared weakly, as RFC 9110 says for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

function cachePolicy(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!request.url.startsWith('/api/')) return payload;
  const access = request.routeOptions.config?.access;
  if (access !== undefined && access !== 'public') {
    // Someone's own data: never kept by a browser or any cache on the way.
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-store');
    return payload;
  }
  const readable = request.method === 'GET' || request.method === 'HEAD';
  if (!readable || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // The same for everyone, but it changes: caches keep it and ask again before each use.
  if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-cache');
  const etag = etagOf(payload);
  reply.header('ETag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}

/**
 * How answers travel: compressed (brotli or gzip, as the client accepts) above a small size,
 * and with the cache rule of their kind. Personal API answers are `private, no-store`; public
 * API reads carry an ETag, and a client that sends it back gets a bodyless 304. The built web
 * app's files are compressed at build time and served by plugins/web-app.ts.
 */
export const deliveryPlugin = fp(
  async (app: FastifyInstance) => {
    // Before the compression hook: the tag is of the plain body, and a 304 has none to compress.
    app.addHook('onSend', (request, reply, payload, done) => {
      done(null, cachePolicy(request, reply, payload));
    });
    await app.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      // Answers are compressed as they go: a quick brotli level is close in size to the best one.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'delivery' },
);
