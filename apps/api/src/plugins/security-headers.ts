import { randomFillSync } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { isPrivateLinkPage } from '@pathways/shared/navigation/page-routes';

/** The other hosts the web app talks to, as the web build is configured. */
export interface ExternalOrigins {
  /** The map tile server's URL template (Leaflet `{z}/{x}/{y}`, maybe `{s}` subdomains). */
  mapTileUrl: string;
  /** The server of the support chat widget (script, frame, calls), when there is one. */
  supportChatUrl?: string | undefined;
  /** The app's public address: the live socket connects to it over ws: (wss: under https:). */
  appUrl?: string | undefined;
}

export interface SecurityHeadersOptions extends ExternalOrigins {
  /** HSTS only where the site is served over HTTPS: in production behind TLS. */
  hsts: boolean;
}

/** The response's script nonce as a policy source (`'nonce-…'`). */
type NonceSource = () => string;
type Directives = Record<string, (string | NonceSource)[]>;

/**
 * The origin a URL or URL template loads from, as a CSP source: template placeholders in the
 * host become a wildcard (`https://{s}.tile.example.org/{z}/{x}/{y}.png` →
 * `https://*.tile.example.org`). Undefined for anything that is not an http(s) URL.
 */
export function sourceOf(url: string | undefined): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url?.trim() ?? '');
  if (!match) return undefined;
  const host = match[2]!.replace(/\{[^}]*\}/g, '*').toLowerCase();
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host) || host.includes('*', 1)) return undefined;
  return `${match[1]!.toLowerCase()}://${host}`;
}

/**
 * The WebSocket origin of the app's own address (`https://x.org/` → `wss://x.org`). 'self'
 * already covers it in current browsers; older ones match 'self' against http(s) only.
 */
export function socketSourceOf(appUrl: string | undefined): string | undefined {
  const source = sourceOf(appUrl);
  return source?.replace(/^http/, 'ws');
}

/**
 * The Content-Security-Policy of the web app's pages and of every API answer.
 * - Scripts: only files from this origin (and the chat widget's server when configured), plus
 *   inline blocks carrying this response's nonce. No inline script otherwise, no eval.
 * - Styles: 'unsafe-inline'. MUI styles through emotion, which writes <style> elements while
 *   the app runs; a nonce would have to reach emotion's cache in a page that is a static file.
 *   Injected CSS cannot run script, and everything else stays strict, so this is the trade.
 * - Images: this origin, data: and blob: URLs (avatars, previews) and the map tile server.
 * - Connections: this origin, its live socket (ws:/wss: of the same host) and the chat server.
 * - The service worker and the web app manifest from this origin only; no plugins (object-src);
 *   no framing by anyone (frame-ancestors 'none'); forms post only here.
 */
export function contentSecurityDirectives(
  origins: ExternalOrigins,
  scriptNonce?: NonceSource,
): Directives {
  const tiles = sourceOf(origins.mapTileUrl);
  const chat = sourceOf(origins.supportChatUrl);
  const extra = (...sources: (string | undefined)[]) =>
    sources.filter((s): s is string => s !== undefined);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...extra(chat), ...(scriptNonce ? [scriptNonce] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...extra(chat)],
    'img-src': ["'self'", 'data:', 'blob:', ...extra(tiles, chat)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra(socketSourceOf(origins.appUrl), chat)],
    'frame-src': extra(chat).length ? extra(chat) : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The interactive API documentation (Swagger UI) loads only its own files too, but draws its
 * pictures from data: URLs and styles elements inline; it gets the same frame and plugin rules.
 */
export const apiDocsDirectives: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Whether a path is a built script or stylesheet with its content's hash in its name. Such a file
 * is never a document and never a worker: a page's policy (CSP, framing, referrer, COOP, origin
 * agent cluster) has nothing to act on in it. It keeps what does act on a subresource:
 * `X-Content-Type-Options: nosniff` (a script or stylesheet only runs with its own type) and
 * `Cross-Origin-Resource-Policy: same-origin` (no other site embeds it). A page fetches many of
 * these; the policy alone was about 0.8 kB of headers on each. HSTS, where it is sent, stays.
 * The service worker (`/sw.js`) and its workbox script are not under assets/ and keep the whole
 * set; so do the icons (an SVG opened on its own is a document).
 */
export const isHashedSubresource = (url: string) => /^\/assets\/[^/]+\.(?:js|css)$/.test(url);

/**
 * The policy of an API answer in JSON: nothing in it may load or run anything, and no page may
 * frame it. A JSON answer is never a page's document (nosniff keeps a browser from reading it
 * as HTML), so the page policy's list of sources has nothing to act on; this one says the same
 * in a tenth of the bytes, on every one of the many answers a signed-in page asks for. An API
 * route that answers HTML (a refused download link's page) keeps the page policy.
 */
export const apiJsonDirectives: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Headers of a document that a JSON answer drops: each acts on a page the browser shows or on
 * its own requests (how it opens windows, which agent cluster it joins, the referrer its links
 * send, DNS prefetching of its links, Internet Explorer's download prompt and XSS filter, Flash
 * and PDF cross-domain policy files). A JSON answer is read by a script, never shown, so none
 * has anything to act on; together they were about 0.25 kB on each of the many answers a
 * signed-in page asks for. A JSON answer keeps nosniff, the refusal to be framed (the policy
 * above and `X-Frame-Options`), `Cross-Origin-Resource-Policy` and HSTS where it is sent.
 */
export const pageOnlyHeaders = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** A policy as its header value: each directive with its sources, `;` between directives. */
export function serializePolicy(directives: Directives, nonce = ''): string {
  return Object.entries(directives)
    .map(([name, sources]) =>
      [name, ...sources.map((source) => (typeof source === 'string' ? source : nonce))].join(' '),
    )
    .join(';');
}

type HeaderSet = readonly (readonly [name: string, value: string])[];

/**
 * The headers of a document (a page, and every answer but those below), the policy aside:
 * - `Cross-Origin-Opener-Policy: same-origin`: a window this page opens on another site gets no
 *   handle on it; `Cross-Origin-Resource-Policy: same-origin`: no other site embeds it;
 * - `Origin-Agent-Cluster: ?1`: the page gets a process of its own where the browser can;
 * - `Referrer-Policy: strict-origin-when-cross-origin`: other sites see the origin only;
 * - `Strict-Transport-Security` for a year, subdomains included, only where served over HTTPS;
 * - `X-Content-Type-Options: nosniff`: a file is only what its type says;
 * - `X-DNS-Prefetch-Control: off`, `X-Download-Options: noopen`,
 *   `X-Permitted-Cross-Domain-Policies: none`, `X-XSS-Protection: 0` (the old filter off: it
 *   opened holes of its own);
 * - `X-Frame-Options: DENY`: no framing, for browsers that read no frame-ancestors.
 */
export function documentHeaders(hsts: boolean): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** The headers a hashed script or stylesheet keeps (see `isHashedSubresource`). */
const subresourceHeaderNames = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

/**
 * Random bytes for nonces, drawn from the system's secure generator a block at a time: each
 * nonce is 16 bytes of it (24 characters of base64), never used twice.
 */
const randomBlock = Buffer.alloc(16 * 256);
let randomAt = randomBlock.length;
function newNonce(): string {
  if (randomAt === randomBlock.length) {
    randomFillSync(randomBlock);
    randomAt = 0;
  }
  randomAt += 16;
  return randomBlock.toString('base64', randomAt - 16, randomAt);
}

declare module 'fastify' {
  interface FastifyReply {
    /** This response's script nonce, made when first asked for (see `scriptNonceOf`). */
    scriptNonce: string;
  }
  interface FastifyContextConfig {
    /** The headers of a route unlike the rest: a hashed subresource, the API documentation. */
    securityHeaders?: 'subresource' | 'docs';
  }
}

/** The nonce of the response, for the page the server writes; the same one its policy names. */
export const scriptNonceOf = (reply: FastifyReply): string => (reply.scriptNonce ||= newNonce());

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');

function write(reply: FastifyReply, headers: HeaderSet) {
  for (const [name, value] of headers) reply.header(name, value);
}

/**
 * Browser security headers on every answer: the policies above, no MIME sniffing, a strict
 * referrer policy, and HSTS when the site is served over HTTPS. Every header value is built once,
 * when the app starts; a response only adds its nonce to the page policy. The headers of an API
 * answer are chosen when it is sent, by its type: JSON gets the JSON set, anything else (a page,
 * a file) the page's.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    app.decorateReply('scriptNonce', '');
    // Over HTTPS, also ask the browser to load any http: address of the page over https.
    const https: Directives = options.hsts ? { 'upgrade-insecure-requests': [] } : {};
    const document = documentHeaders(options.hsts);
    const entries = (headers: Record<string, string>): HeaderSet => Object.entries(headers);

    // The page policy around its nonce: the part before it and the part after.
    const marker = "'nonce-\u0000'";
    const [policyHead, policyTail] = serializePolicy(
      { ...contentSecurityDirectives(options, () => marker), ...https },
      marker,
    ).split(marker) as [string, string];
    const page = entries(document);
    // A page opened by a link's token: no address at all to other sites, and not indexed.
    const privateLinkPage = entries({
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex, nofollow',
    });
    const writePage = (reply: FastifyReply) => {
      reply.header(
        'content-security-policy',
        `${policyHead}'nonce-${scriptNonceOf(reply)}'${policyTail}`,
      );
      write(reply, page);
    };
    const apiJson = entries({
      'content-security-policy': serializePolicy({ ...apiJsonDirectives, ...https }),
      ...Object.fromEntries(
        Object.entries(document).filter(
          ([name]) => !(pageOnlyHeaders as readonly string[]).includes(name),
        ),
      ),
    });
    const docs = entries({
      'content-security-policy': serializePolicy({ ...apiDocsDirectives, ...https }),
      ...document,
    });
    const subresource = entries(
      Object.fromEntries(
        Object.entries(document).filter(([name]) => subresourceHeaderNames.includes(name)),
      ),
    );

    app.addHook('onRequest', (request, reply, done) => {
      const kind = request.routeOptions.config.securityHeaders;
      if (kind === 'subresource') write(reply, subresource);
      else if (kind === 'docs') write(reply, docs);
      // An API answer's headers wait for its type (below).
      else if (!isApi(request)) {
        writePage(reply);
        if (isPrivateLinkPage(request.url)) write(reply, privateLinkPage);
      }
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const kind = request.routeOptions.config.securityHeaders;
      if (isApi(request) && kind !== 'subresource') {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('application/json')) {
          if (kind === 'docs') for (const name of pageOnlyHeaders) reply.removeHeader(name);
          write(reply, apiJson);
        } else if (kind !== 'docs') writePage(reply);
      }
      done(null, payload);
    });

    // The built scripts and stylesheets get only the headers a subresource uses; Swagger UI's
    // routes (registered after this plugin) their own policy.
    app.addHook('onRoute', (route) => {
      if (isHashedSubresource(route.url)) {
        route.config = { ...route.config, securityHeaders: 'subresource' };
      } else if (route.url.startsWith('/api/docs')) {
        route.config = { ...route.config, securityHeaders: 'docs' };
      }
    });
  },
  { name: 'security-headers' },
);
