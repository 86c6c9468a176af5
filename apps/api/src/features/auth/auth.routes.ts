import {
  acceptTermsResponse,
  changePasswordBody,
  emailConfirmationResponse,
  loginBody,
  messageBody,
  passwordResetBody,
  passwordResetRequestBody,
  registerBody,
  resendConfirmationBody,
  roleParam,
  tokenQuery,
  updateCandidateBody,
  user,
} from '@pathways/shared/auth/auth.schemas';
import { text } from '@pathways/shared/common/text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { RateLimits } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../plugins/access.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import { createLoginLimiter } from './login-limits.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const tags = ['auth'];

function meta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

function sendSignedIn(reply: FastifyReply, signedIn: SignedIn, status = 200) {
  return reply
    .header('Authorization', `Bearer ${signedIn.token}`)
    .status(status)
    .send(signedIn.user);
}

const accountOf = (email: string) => email.trim().toLowerCase();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function authRoutes(
  fastify: FastifyInstance,
  options: { auth: AuthService; rateLimits: RateLimits; now: () => Date },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth, rateLimits: limits } = options;
  const perIp = (max: number) => ({ max, timeWindow: limits.windowMs });
  const loginLimiter = createLoginLimiter(
    {
      perPair: limits.loginPerAccount,
      accountSlowdownAfter: limits.loginAccountSlowdown,
      windowMs: limits.windowMs,
      stepMs: 1000,
      maxDelayMs: 5000,
    },
    () => options.now().getTime(),
  );

  app.post(
    '/api/candidates',
    {
      config: { access: 'public', rateLimit: perIp(limits.registerPerIp) },
      schema: {
        tags,
        summary: 'Register a candidate',
        body: registerBody,
        response: { 201: user },
      },
    },
    async (request, reply) =>
      sendSignedIn(reply, await auth.register(request.body, meta(request)), 201),
  );

  app.post(
    '/api/candidates/accept_terms',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Accept the privacy policy and terms',
        response: { 200: acceptTermsResponse },
      },
    },
    async (request) => auth.acceptTerms(actorOf(request)),
  );

  app.post(
    '/api/auth/login',
    {
      // Attempts per address (any account) are counted by the route's own limit; wrong
      // passwords per account and address by the login limiter.
      config: { access: 'public', rateLimit: perIp(limits.loginPerIp) },
      schema: { tags, summary: 'Log in', body: loginBody, response: { 200: user } },
    },
    async (request, reply) => {
      const account = accountOf(request.body.email);
      const verdict = loginLimiter.check(account, request.ip);
      if (!verdict.allowed) {
        reply.header('Retry-After', String(verdict.retryAfterSeconds));
        throw new AppError(
          'rate_limited',
          'Too many attempts. Please wait a moment and try again.',
        );
      }
      if (verdict.delayMs > 0) await sleep(verdict.delayMs);
      try {
        const signedIn = await auth.login(request.body, meta(request));
        loginLimiter.succeeded(account, request.ip);
        return sendSignedIn(reply, signedIn);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthenticated') {
          loginLimiter.failed(account, request.ip);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Renew the access token of a live session',
        response: { 200: user },
      },
    },
    async (request, reply) => sendSignedIn(reply, await auth.refresh(actorOf(request))),
  );

  app.delete(
    '/api/auth/session',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'Log out (ends this session)' } },
    async (request, reply) => {
      await auth.logout(actorOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/candidate/candidate',
    {
      config: { access: 'candidate' },
      schema: { tags, summary: "The candidate's own account", response: { 200: user } },
    },
    async (request) => auth.ownUser(actorOf(request)),
  );

  app.patch(
    '/api/candidate/candidate',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Change the e-mail address (confirmed again) or record the sign-up campaign',
        body: updateCandidateBody,
        response: { 200: user.extend({ message: text().optional() }) },
      },
    },
    async (request) => {
      const { user: updated, message } = await auth.updateCandidate(
        actorOf(request),
        request.body.candidate,
      );
      return message ? { ...updated, message } : updated;
    },
  );

  app.put(
    '/api/candidate/candidate/password',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Change the password',
        body: changePasswordBody,
        response: { 200: messageBody },
      },
    },
    async (request) => auth.changePassword(actorOf(request), request.body),
  );

  // A client user's own address, GET client/clients/{id}, is served with the managers of the
  // organization: the same path answers a colleague.

  app.get(
    '/api/admin/admins/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "An admin's own account", params: idParam, response: { 200: user } },
    },
    async (request) => auth.ownUser(actorOf(request), request.params.id),
  );

  app.get(
    '/api/candidate/candidate/send_email_confirmation',
    {
      config: {
        access: 'candidate',
        rateLimit: {
          ...perIp(limits.emailPerIp),
          keyGenerator: (r: FastifyRequest) => `resend:${r.headers.authorization ?? r.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Send a new e-mail confirmation link',
        response: { 200: messageBody },
      },
    },
    async (request) => auth.sendEmailConfirmation(actorOf(request)),
  );

  app.get(
    '/api/:role/confirmation',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm an e-mail address',
        description:
          'Answers the user to the request that confirms the address; a link followed again, or one of an address already confirmed, answers only `{ confirmed: true, message }`.',
        params: roleParam,
        querystring: tokenQuery,
        response: { 200: emailConfirmationResponse },
      },
    },
    async (request) => auth.confirmEmail(request.params.role, request.query.token),
  );

  app.post(
    '/api/:role/confirmation/resend',
    {
      config: { access: 'public', rateLimit: perIp(limits.emailPerIp) },
      schema: {
        tags,
        summary: 'Send a fresh link for an expired one',
        params: roleParam,
        body: resendConfirmationBody,
        response: { 200: messageBody },
      },
    },
    async (request) => auth.resendConfirmation(request.params.role, request.body.token),
  );

  app.post(
    '/api/:role/password',
    {
      config: { access: 'public', rateLimit: perIp(limits.emailPerIp) },
      schema: {
        tags,
        summary: 'Request a password reset link',
        params: roleParam,
        body: passwordResetRequestBody,
        response: { 202: messageBody },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await auth.requestPasswordReset(request.params.role, request.body.email)),
  );

  app.put(
    '/api/:role/password',
    {
      config: { access: 'public', rateLimit: perIp(limits.emailPerIp) },
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        params: roleParam,
        body: passwordResetBody,
        response: { 200: messageBody },
      },
    },
    async (request) => auth.resetPassword(request.params.role, request.body),
  );
}
