export { notificationsRoutes } from './notifications.routes.ts';
export { notify, type NewNotification } from './notifications.service.ts';
