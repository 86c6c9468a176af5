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

    // Swagger UI's routes (registered after this plugin) get their own policy.
    app.addHook('onRoute', (route) => {
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
