import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A successful write on this route changes what a candidate's profile says. */
    changesProfile?: boolean;
  }
}

/**
 * After a candidate's successful write to their profile, documents or avatar (the handler has
 * committed; the answer is not sent yet), whatever depends on the profile is brought up to date:
 * stored eligibilities and application completion. A failure there is logged and never turns a
 * saved change into an error.
 */
export const profileChangesPlugin = fp(
  async (
    app: FastifyInstance,
    options: { onProfileChanged: (candidateId: number) => Promise<void> },
  ) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const changed =
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        request.routeOptions.config.changesProfile === true &&
        reply.statusCode < 400 &&
        request.actor?.role === 'candidate';
      if (!changed || !request.actor) return payload;
      try {
        await options.onProfileChanged(request.actor.userId);
      } catch (error) {
        request.log.error(
          { err: error, candidateId: request.actor.userId },
          'profile follow-up failed',
        );
      }
      return payload;
    });
  },
  { name: 'profile-changes' },
);
