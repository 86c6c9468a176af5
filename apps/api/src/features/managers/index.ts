export { clientScopeOf, requirePrimary, type ClientScope } from './client-scope.ts';
export { managersRoutes } from './managers.routes.ts';
