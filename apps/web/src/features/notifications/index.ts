// The notifications feature's public API: the bell's count and its panel.
export { notificationsQueryKey, useNotifications } from './api/notifications';
export { NotificationsContent } from './components/notifications-content';
