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
}

/**
 * Turns a request's Authorization header into the signed-in actor, or throws: 401 without a
 * bearer token, with a bad or expired one or a revoked session; 403 for a blocked account. The
 * sign-in feature provides it, so this plugin knows how access is decided but not how tokens work.
 */
export type VerifyAuthorization = (authorization: string | undefined) => Promise<Actor>;

/** Who may call a route: everyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'signedIn' | Role | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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
 * Every /api route must declare `config.access`; the app refuses to start otherwise. Protected
 * routes need a valid bearer token of a live session, and a role the route allows (else 403).
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, options: { verify: VerifyAuthorization }) => {
    app.decorateRequest('actor', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
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
      options
        .verify(request.headers.authorization)
        .then((actor) => {
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
