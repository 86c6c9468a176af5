import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

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

type NonceSource = (req: IncomingMessage, res: ServerResponse) => string;
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

/** Helmet's options for a hashed script or stylesheet: everything off but the two above. */
const subresourceHelmet = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  frameguard: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

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

const serializePolicy = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');

const nonces = new WeakMap<ServerResponse, string>();

/** The nonce of the response, for the page the server writes. */
export const scriptNonceOf = (reply: FastifyReply) => nonces.get(reply.raw) ?? '';

/**
 * Browser security headers on every answer, through helmet: the policy above, no MIME sniffing,
 * a strict referrer policy, and HSTS when the site is served over HTTPS.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    // A fresh nonce per response, made before helmet writes the header that names it.
    app.addHook('onRequest', async (_request, reply) => {
      nonces.set(reply.raw, randomBytes(16).toString('base64'));
    });
    const nonce: NonceSource = (_req, res) => `'nonce-${nonces.get(res) ?? ''}'`;

    // Over HTTPS, also ask the browser to load any http: address of the page over https.
    const https: Directives = options.hsts ? { 'upgrade-insecure-requests': [] } : {};
    const common = {
      strictTransportSecurity: options.hsts
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
      frameguard: { action: 'deny' as const },
    };
    await app.register(fastifyHelmet, {
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...contentSecurityDirectives(options, nonce), ...https },
      },
    });

    const apiJsonPolicy = serializePolicy({ ...apiJsonDirectives, ...https });
    app.addHook('onSend', async (request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (
        request.url.startsWith('/api/') &&
        typeof type === 'string' &&
        type.startsWith('application/json') &&
        reply.hasHeader('content-security-policy')
      ) {
        reply.header('Content-Security-Policy', apiJsonPolicy);
        for (const header of pageOnlyHeaders) reply.removeHeader(header);
      }
      return payload;
    });

    // Swagger UI's routes (registered after this plugin) get their own policy; the built
    // scripts and stylesheets only the headers a subresource uses.
    app.addHook('onRoute', (route) => {
      if (isHashedSubresource(route.url)) {
        route.config = { ...route.config, helmet: subresourceHelmet } as typeof route.config;
        return;
      }
      if (!route.url.startsWith('/api/docs')) return;
      route.config = {
        ...route.config,
        helmet: {
          ...common,
          contentSecurityPolicy: {
            useDefaults: false,
            directives: { ...apiDocsDirectives, ...https },
          },
        },
      } as typeof route.config;
    });
  },
  { name: 'security-headers' },
);
