import {
  looksLikeApiKey,
  scopeAllows,
  type ApiKeyRule,
  type ApiKeyScopes,
} from '@pathways/shared/api-keys/api-keys.rules';
import { apiKeyMessages } from '@pathways/shared/api-keys/api-keys.schemas';
import type { Role } from '@pathways/shared/auth/auth.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error.ts';

/** Who is calling, as the access token and its live session say. */
export interface Actor {
  userId: number;
  role: Role;
  primary: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
  /**
   * Set when the caller is an organization's API key rather than a person: it acts as a primary
   * user of `organizationId` (the user named is the key's creator), within its scopes only.
   */
  apiKey?: ApiKeyGrant;
}

/** What an API key may do: its organization and scopes. */
export interface ApiKeyGrant {
  id: number;
  organizationId: number;
  scopes: ApiKeyScopes;
}

/**
 * Turns a request's Authorization header into the signed-in actor, or throws: 401 without a
 * bearer token, with a bad or expired one or a revoked session; 403 for a blocked account. The
 * sign-in feature provides it, so this plugin knows how access is decided but not how tokens work.
 */
export type VerifyAuthorization = (authorization: string | undefined) => Promise<Actor>;

/** Turns an API key (`pwk_…`) into its actor, or throws 401 for an unknown, expired or revoked one. */
export type VerifyApiKey = (key: string) => Promise<Actor>;

/** What an operation needs of an API key, or null where keys may not call it. */
export type ApiKeyRuleOf = (method: string, url: string) => ApiKeyRule | null;

/** Who may call a route: everyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'signedIn' | Role | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Set from the table of key operations when the route starts: null refuses API keys. */
    apiKey?: ApiKeyRule | null;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function allows(access: Access, role: Role): boolean {
  if (access === 'public' || access === 'signedIn') return true;
  return typeof access === 'string' ? access === role : access.includes(role);
}

/** The signed-in actor of a route whose access is not public. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthenticated', 'Please log in');
  return request.actor;
}

/**
 * Lets an API key through to an operation, or refuses it (403): operations that declare no area
 * refuse every key, the others need a scope of their area that allows what they do.
 */
export function checkApiKey(rule: ApiKeyRule | null | undefined, grant: ApiKeyGrant): void {
  if (!rule) throw new AppError('forbidden', apiKeyMessages.keysOnly);
  if (!scopeAllows(grant.scopes, rule)) throw new AppError('forbidden', apiKeyMessages.outOfScope);
}

/** The bearer token of an Authorization header when it is written as an API key. */
function apiKeyOf(authorization: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return token && looksLikeApiKey(token) ? token : null;
}

/**
 * Every /api route must declare `config.access`; the app refuses to start otherwise. Protected
 * routes need a valid bearer token (of a live session, or an organization's API key) and a role
 * the route allows (else 403). This is the one place that decides who is calling.
 */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    options: { verify: VerifyAuthorization; verifyKey?: VerifyApiKey; keyRuleOf?: ApiKeyRuleOf },
  ) => {
    const keyRuleOf = options.keyRuleOf ?? (() => null);
    // Without a key verifier (an app that takes no keys), a key is just a bad token: 401.
    const verifyKey = options.verifyKey ?? ((key: string) => options.verify(`Bearer ${key}`));
    app.decorateRequest('actor', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      if (typeof route.method === 'string') {
        const method = route.method === 'HEAD' ? 'GET' : route.method;
        route.config = { ...route.config, apiKey: keyRuleOf(method, route.url) };
      }
      if (route.method === 'HEAD') return;
      if (route.url.startsWith('/api/docs')) {
        route.config = { ...route.config, access: 'public' };
        return;
      }
      if (route.config?.access === undefined) {
        throw new Error(`${String(route.method)} ${route.url} declares no access rule`);
      }
    });

    // A public route goes on at once; only a protected one waits for the token's check.
    app.addHook('onRequest', (request, _reply, done) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return done();
      const key = apiKeyOf(request.headers.authorization);
      (key ? verifyKey(key) : options.verify(request.headers.authorization))
        .then((actor) => {
          if (actor.apiKey) {
            // Known from here on, so a refused call is still logged against its key.
            request.actor = actor;
            checkApiKey(request.routeOptions.config.apiKey, actor.apiKey);
          }
          if (!allows(access, actor.role)) {
            throw new AppError('forbidden', 'You do not have access to this page');
          }
          request.actor = actor;
        })
        .then(() => done(), done);
    });
  },
  { name: 'access' },
);
