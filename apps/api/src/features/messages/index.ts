export { messagesRoutes } from './messages.routes.ts';
// For the tracker: unread messages per application, and the same count as SQL for its sort.
export { notifyOfMessage, unreadCounts } from './messages.service.ts';
export { unreadCountSql } from './messages.sql.ts';
