export { notificationsRoutes } from './notifications.routes.ts';
export {
  findOpportunityNotices,
  mailBecameEligible,
  notify,
  withdrawNotices,
  sendOptionalMails,
  type MailDeps,
  type NewNotification,
} from './notifications.service.ts';
