export { actionItemsRoutes } from './action-items.routes.ts';
