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
    app.addHook('onSend', (request, reply, payload, done) => {
      const changed =
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        request.routeOptions.config.changesProfile === true &&
        reply.statusCode < 400 &&
        request.actor?.role === 'candidate';
      // Any other answer goes on at once.
      if (!changed || !request.actor) return done(null, payload);
      const candidateId = request.actor.userId;
      options
        .onProfileChanged(candidateId)
        .catch((error: unknown) => {
          request.log.error({ err: error, candidateId }, 'profile follow-up failed');
        })
        .then(() => done(null, payload), done);
    });
  },
  { name: 'profile-changes' },
);
