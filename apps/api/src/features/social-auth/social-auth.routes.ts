import { messageBody } from '@pathways/shared/auth/auth.schemas';
import {
  providerParam,
  socialIdentitiesResponse,
  socialProvidersResponse,
  socialSessionBody,
  socialSessionResponse,
  socialStartQuery,
  socialStartResponse,
  type SocialProvider,
} from '@pathways/shared/social-auth/social-auth.schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { readCookie } from '../../lib/cookies.ts';
import { deviceCookieHeader, newDeviceId } from '../auth/index.ts';
import { clientKey, routeLimit } from '../limits/index.ts';
import { actorOf } from '../../plugins/access.ts';
import {
  createSocialAuthService,
  ROUND_TRIP_TTL_MS,
  type SocialAuthDeps,
} from './social-auth.service.ts';

const tags = ['social sign-in'];
const COOKIE = 'pathways_social';

/** The browser's key of its round trips: httpOnly, sent back only to the callback's path. */
function keyCookie(provider: SocialProvider, value: string, maxAgeMs: number, secure: boolean) {
  return [
    `${COOKIE}_${provider}=${value}`,
    `Path=/api/candidate/auth/${provider}`,
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
    'HttpOnly',
    // Lax: the provider's redirect back is a top-level navigation from another site.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export async function socialAuthRoutes(fastify: FastifyInstance, deps: SocialAuthDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const social = createSocialAuthService(deps);
  const secure = deps.config.appUrl.startsWith('https://');
  // Sign-ups and sign-ins through a provider are limited per address like sign-ups, each step
  // with its own count.
  const perAddress = (name: string) =>
    routeLimit(name, deps.config.rateLimits.signupPerAddress, (r) => clientKey(r.ip));
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const withKey = (reply: FastifyReply, provider: SocialProvider, key: string) =>
    reply.header('Set-Cookie', keyCookie(provider, key, ROUND_TRIP_TTL_MS, secure));

  app.get(
    '/api/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The social sign-in providers this server offers',
        response: { 200: socialProvidersResponse },
      },
    },
    async () => social.enabledProviders(),
  );

  app.get(
    '/api/candidate/auth/:provider',
    {
      config: { access: 'public', rateLimit: perAddress('social-start-address') },
      schema: {
        tags,
        summary:
          'Sign up or in with a provider: redirects to it (an optional campaign comes along)',
        params: providerParam,
        querystring: socialStartQuery,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { url, browserKey } = await social.start(provider, request.query);
      return withKey(reply, provider, browserKey).redirect(url, 302);
    },
  );

  app.post(
    '/api/candidate/auth/:provider',
    {
      config: { access: 'candidate', rateLimit: perAddress('social-link-address') },
      schema: {
        tags,
        summary: 'Link a provider to my account: answers the address to send the browser to',
        params: providerParam,
        response: { 200: socialStartResponse },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { url, browserKey } = await social.start(provider, {
        linkUserId: actorOf(request).userId,
      });
      return withKey(reply, provider, browserKey).send({ url });
    },
  );

  app.get(
    '/api/candidate/auth/:provider/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The provider's redirect back: on to the web app with a one-time code or a reason",
        params: providerParam,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const target = await social.callback(
        provider,
        query,
        readCookie(request, `${COOKIE}_${provider}`),
      );
      // The cookie stays for the exchange of the one-time code, which must come from this browser.
      return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    },
  );

  app.post(
    '/api/candidate/auth/:provider/session',
    {
      config: { access: 'public', rateLimit: perAddress('social-session-address') },
      schema: {
        tags,
        summary: 'Exchange the one-time code for the session (sign-in) or the result (link)',
        params: providerParam,
        body: socialSessionBody,
        response: { 200: socialSessionResponse },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { body, token } = await social.exchange(
        provider,
        request.body.code,
        readCookie(request, `${COOKIE}_${provider}`),
        meta(request),
      );
      reply.header('Set-Cookie', keyCookie(provider, '', 0, secure));
      if (token) {
        reply.header('Authorization', `Bearer ${token}`);
        // A browser signed in through a provider is known to the account at log-in.
        const device = { userId: body.user.id, deviceId: newDeviceId() };
        reply.header('Set-Cookie', deviceCookieHeader(deps.config.jwtSecret, device, secure));
      }
      return body;
    },
  );

  app.get(
    '/api/candidate/candidate/identities',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'My linked providers, and whether I have a password',
        response: { 200: socialIdentitiesResponse },
      },
    },
    async (request) => social.identities(actorOf(request)),
  );

  app.delete(
    '/api/candidate/candidate/identities/:provider',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Remove a linked provider (while another way to log in remains)',
        params: providerParam,
        response: { 200: messageBody },
      },
    },
    async (request) => social.unlink(actorOf(request), request.params.provider),
  );
}
