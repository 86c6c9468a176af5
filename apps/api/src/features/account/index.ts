export { accountRoutes } from './account.routes.ts';
export type { AccountDeps } from './account.service.ts';
