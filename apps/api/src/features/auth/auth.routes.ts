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

import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { readCookie } from '../../lib/cookies.ts';
import { actorOf } from '../../plugins/access.ts';
import { clientKey, emailKey, refuseUnless, routeLimit, type Limiter } from '../limits/index.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import {
  DEVICE_COOKIE,
  deviceCookieHeader,
  newDeviceId,
  verifyDevice,
  type Device,
} from './device-cookie.ts';

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

const byAddress = (request: FastifyRequest) => clientKey(request.ip);

export async function authRoutes(
  fastify: FastifyInstance,
  options: { auth: AuthService; config: Config; limiter: Limiter },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth, limiter, config } = options;
  const limits = config.rateLimits;
  const secure = config.appUrl.startsWith('https://');

  /** Marks this browser as one that logged in to the account (keeping its device id). */
  function rememberDevice(reply: FastifyReply, userId: number, known?: Device) {
    const deviceId = known?.userId === userId ? known.deviceId : newDeviceId();
    reply.header('Set-Cookie', deviceCookieHeader(config.jwtSecret, { userId, deviceId }, secure));
  }

  app.post(
    '/api/candidates',
    {
      config: {
        access: 'public',
        rateLimit: routeLimit('signup-address', limits.signupPerAddress, byAddress),
      },
      schema: {
        tags,
        summary: 'Register a candidate',
        body: registerBody,
        response: { 201: user },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.register(request.body, meta(request));
      rememberDevice(reply, signedIn.user.id);
      return sendSignedIn(reply, signedIn, 201);
    },
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
      config: { access: 'public' },
      schema: { tags, summary: 'Log in', body: loginBody, response: { 200: user } },
    },
    async (request, reply) => {
      // A browser holding the device cookie of the account it logs in to answers only for its
      // own failures. Any other browser is limited by its address (attempts) and by the
      // account's failures from unknown browsers, so a stranger cannot lock the owner out.
      const cookie = verifyDevice(config.jwtSecret, readCookie(request, DEVICE_COOKIE));
      const known =
        cookie && (await auth.accountIdByEmail(request.body.email)) === cookie.userId
          ? cookie
          : undefined;
      const failures = known
        ? {
            key: `login-device:${known.userId}:${known.deviceId}`,
            ...limits.loginFailuresPerDevice,
          }
        : {
            key: `login-account:${emailKey(request.body.email)}`,
            ...limits.loginFailuresPerAccount,
          };
      if (!known) {
        const { max, windowMs } = limits.loginPerAddress;
        refuseUnless(
          reply,
          await limiter.hit(`login-address:${byAddress(request)}`, max, windowMs),
        );
      }
      refuseUnless(reply, await limiter.peek(failures.key, failures.max));
      try {
        const signedIn = await auth.login(request.body, meta(request));
        rememberDevice(reply, signedIn.user.id, known);
        return sendSignedIn(reply, signedIn);
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthenticated') {
          await limiter.hit(failures.key, failures.max, failures.windowMs);
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
        // Counted per account: the verified actor, never the token that named it.
        rateLimit: routeLimit(
          'confirmation',
          limits.confirmationPerAccount,
          (r) => `user:${actorOf(r).userId}`,
        ),
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
      config: {
        access: 'public',
        // The account the link was sent to shares its count with the signed-in resend; a token
        // that names no account is counted against the address.
        rateLimit: routeLimit(
          'confirmation',
          limits.confirmationPerAccount,
          async (r) => {
            const { role } = r.params as z.infer<typeof roleParam>;
            const { token } = r.body as z.infer<typeof resendConfirmationBody>;
            const account = await auth.accountOfConfirmationLink(role, token);
            return account ? `user:${account}` : `address:${byAddress(r)}`;
          },
          'preHandler',
        ),
      },
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
      config: {
        access: 'public',
        rateLimit: routeLimit('password-reset-address', limits.passwordResetPerAddress, byAddress),
      },
      schema: {
        tags,
        summary: 'Request a password reset link',
        params: roleParam,
        body: passwordResetRequestBody,
        response: { 202: messageBody },
      },
    },
    async (request, reply) => {
      // Besides the address's limit, each account (role and e-mail address) gets few e-mails.
      const { role } = request.params;
      const { max, windowMs } = limits.passwordResetPerAccount;
      const key = `password-reset:${role}:${emailKey(request.body.email)}`;
      refuseUnless(reply, await limiter.hit(key, max, windowMs));
      return reply.status(202).send(await auth.requestPasswordReset(role, request.body.email));
    },
  );

  app.put(
    '/api/:role/password',
    {
      config: {
        access: 'public',
        rateLimit: routeLimit('password-set-address', limits.passwordSetPerAddress, byAddress),
      },
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
