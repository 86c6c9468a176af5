import {
  mailPreferencesResponse,
  unsubscribeQuery,
  unsubscribeResponse,
  updateMailPreferencesBody,
  dismissNotificationBody,
  dismissNotificationResponse,
  notificationIdParam,
  notificationListQuery,
  notificationListResponse,
} from '@pathways/shared/notifications/notifications.schemas';
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

  app.get(
    '/api/candidate/notification_preferences',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Which notifications I also receive by e-mail',
        response: { 200: mailPreferencesResponse },
      },
    },
    async (request) => notifications.preferences(actorOf(request)),
  );

  app.put(
    '/api/candidate/notification_preferences',
    {
      config: { access: 'candidate' },
      schema: {
        tags,
        summary: 'Turn e-mail of some notification types on or off',
        body: updateMailPreferencesBody,
        response: { 200: mailPreferencesResponse },
      },
    },
    async (request) => notifications.updatePreferences(actorOf(request), request.body),
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
