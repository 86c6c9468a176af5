import {
  mailPreferencesResponse,
  unsubscribeInfoResponse,
  unsubscribeQuery,
  unsubscribeResponse,
  updateMailPreferencesBody,
  dismissNotificationBody,
  dismissNotificationResponse,
  notificationIdParam,
  notificationListQuery,
  notificationListResponse,
} from '@pathways/shared/notifications/notifications.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { FeatureDeps } from '../../lib/deps.ts';
import { actorOf } from '../../plugins/access.ts';
import { createNotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

/** The candidate's bell: what is not dismissed yet, and dismissing one. */
export async function notificationsRoutes(fastify: FastifyInstance, deps: FeatureDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notifications = createNotificationsService(deps);

  app.get(
    '/api/candidate/notifications',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'My notifications not dismissed, newest first',
        querystring: notificationListQuery,
        response: { 200: notificationListResponse },
      },
    },
    async (request) => notifications.list(actorOf(request), request.query),
  );

  app.patch(
    '/api/candidate/notifications/:id',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Dismiss one of my notifications (message notifications cannot be dismissed)',
        params: notificationIdParam,
        body: dismissNotificationBody,
        response: { 200: dismissNotificationResponse },
      },
    },
    async (request) => ({
      notification: await notifications.dismiss(actorOf(request), request.params.id),
    }),
  );

  // Each role chooses the e-mails it receives: a candidate on the account page, a client user
  // on Shared With Me.
  for (const role of ['candidate', 'client'] as const) {
    app.get(
      `/api/${role}/notification_preferences`,
      {
        config: { access: role },
        schema: {
          tags,
          summary: 'Which e-mails I receive',
          response: { 200: mailPreferencesResponse },
        },
      },
      async (request) => notifications.preferences(actorOf(request)),
    );

    app.put(
      `/api/${role}/notification_preferences`,
      {
        config: { access: role },
        schema: {
          tags,
          summary: 'Turn some types of e-mail on or off',
          body: updateMailPreferencesBody,
          response: { 200: mailPreferencesResponse },
        },
      },
      async (request) => notifications.updatePreferences(actorOf(request), request.body),
    );
  }

  app.get(
    '/api/notifications/unsubscribe/about',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What e-mails a signed unsubscribe link turns off (no sign-in)',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeInfoResponse },
      },
    },
    async (request) => notifications.aboutUnsubscribe(request.query.token),
  );

  // A person who opens the one-click link in a browser gets the page that asks them to confirm:
  // a GET never changes anything (mail scanners open links too).
  app.get(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Opens the unsubscribe page', querystring: unsubscribeQuery },
    },
    async (request, reply) =>
      reply.redirect(
        `${paths.unsubscribe}?${new URLSearchParams({ token: request.query.token }).toString()}`,
        303,
      ),
  );

  // One-click unsubscribe (RFC 8058): mail programs post `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Turn off the e-mail a signed link names (no sign-in)',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeResponse },
      },
    },
    async (request) => notifications.unsubscribe(request.query.token),
  );
}
