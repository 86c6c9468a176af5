import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { isAppPage } from '@pathways/shared/navigation/page-routes';
import { serializeJsonLd } from '@pathways/shared/opportunities/job-posting';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

import { staticCacheControl } from './delivery.ts';
import { scriptNonceOf } from './security-headers.ts';
import type { PageRenderer } from './ssr.ts';
import { escapeHtml } from '@pathways/shared/common/html';

/** What a page says in <head> before any script runs: for search engines and link previews. */
export interface PageHead {
  /** The whole document title ("Data Analyst Internship · Pathways"). */
  title: string;
  description?: string | undefined;
  /** The page's canonical address, absolute. */
  canonical?: string | undefined;
  /** schema.org structured data (JSON-LD). */
  jsonLd?: unknown;
}

export interface WebAppOptions {
  webDist: string;
  /** A permanent redirect for a path (a legacy campaign short path), else undefined. */
  redirectFor: (path: string) => Promise<string | undefined>;
  /** The head of the page at a path when the server knows it (an opportunity), else undefined. */
  headFor: (path: string) => Promise<PageHead | undefined>;
  /** Renders a public page as HTML with its content, when the server can. */
  renderPage?: PageRenderer | undefined;
}

/**
 * index.html with the page's own title, description, canonical link and structured data. The
 * structured data is an inline <script>, so it carries the response's CSP nonce.
 */
export function withHead(html: string, head: PageHead, scriptNonce: string): string {
  let out = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  if (head.description !== undefined) {
    out = out.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(head.description)}" data-server-head />`,
    );
  }
  const extra = [
    // `data-server-head`: the web app drops these once it shows the page itself.
    head.canonical
      ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-server-head />`
      : '',
    head.jsonLd
      ? `<script type="application/ld+json" nonce="${escapeHtml(scriptNonce)}" data-server-head>${serializeJsonLd(head.jsonLd)}</script>`
      : '',
  ].join('');
  return extra ? out.replace('</head>', `${extra}</head>`) : out;
}

/**
 * The built web app from the same origin as the API: its files, and index.html for every other
 * path so the client router shows the page. A legacy short path answers a permanent redirect,
 * query string kept; a page the server knows gets its own head. A path that is no page of the
 * app (see the shared page patterns) answers 404 with the same index.html, so the browser still
 * shows the app's not-found page while search engines and monitors read the status.
 */
export async function webApp(app: FastifyInstance, options: WebAppOptions) {
  const { webDist } = options;
  if (!existsSync(join(webDist, 'index.html'))) return;
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz beside each text file; the client's Accept-Encoding picks.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const rule = staticCacheControl(path);
      reply.header('Cache-Control', rule);
      // A file kept unchanged for a year (its name changes with its content) is never asked
      // for again: validators to revalidate it (ETag, Last-Modified) would be bytes for
      // nothing on each of the many scripts a page loads. Every other file keeps them, so a
      // `no-cache` file is answered 304 when unchanged.
      if (rule.includes('immutable')) {
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
      }
    },
  });

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : request.url.slice(queryAt);
    if (path.startsWith('/api/')) {
      return reply.status(404).send({ code: 'not_found', message: `No route GET ${path}` });
    }
    const file = join(webDist, path);
    if (path !== '/' && file.startsWith(webDist) && existsSync(file) && !path.endsWith('/')) {
      return reply.sendFile(path.slice(1));
    }
    const redirect = await options.redirectFor(path);
    if (redirect) return reply.redirect(`${redirect}${search}`, 301);
    if (!isAppPage(path)) {
      return reply
        .status(404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    const head = await options.headFor(path);
    reply.header('Cache-Control', 'no-cache');
    const nonce = scriptNonceOf(reply);
    // The rendered page depends on the data-saver wish.
    reply.header('Vary', 'Save-Data');
    // A page the server renders carries its own structured data in its body, so the head
    // leaves it out: one JobPosting, with or without JavaScript.
    const rendered = await options.renderPage?.(
      request.url,
      head ? withHead(indexHtml, { ...head, jsonLd: undefined }, nonce) : indexHtml,
      nonce,
      request.headers['save-data'] === 'on',
    );
    if (rendered) {
      return reply.status(rendered.status).type('text/html; charset=utf-8').send(rendered.html);
    }
    if (!head) return reply.sendFile('index.html');
    return reply
      .type('text/html; charset=utf-8')
      .send(withHead(indexHtml, head, scriptNonceOf(reply)));
  });
}
