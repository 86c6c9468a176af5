export { notificationsRoutes } from './notifications.routes.ts';
export {
  mailBecameEligible,
  notify,
  sendOptionalMails,
  type MailDeps,
  type NewNotification,
} from './notifications.service.ts';
