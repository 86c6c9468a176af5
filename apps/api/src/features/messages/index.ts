export { messagesRoutes } from './messages.routes.ts';
export { notifyOfMessage } from './messages.service.ts';
// The clients who manage an opportunity: who may see its applications' threads and changes.
export { managersOf } from './messages.repository.ts';
// The one rule for "unread", for the tracker's unread chat counts.
export { unreadBy, unreadCountsByApplication } from './messages.repository.ts';
export { unreadCountSql } from './messages.sql.ts';
