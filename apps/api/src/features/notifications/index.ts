export { notificationsRoutes } from './notifications.routes.ts';
export {
  mailBecameEligible,
  notify,
  type MailDeps,
  type NewNotification,
} from './notifications.service.ts';
