export { notificationsRoutes } from './notifications.routes.ts';
export { alreadyNotified, notify, type NewNotification } from './notifications.service.ts';
