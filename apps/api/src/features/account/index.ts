export { accountRoutes } from './account.routes.ts';
