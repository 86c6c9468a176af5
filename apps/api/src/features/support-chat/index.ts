export { supportChatRoutes } from './support-chat.routes.ts';
