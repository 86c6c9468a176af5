export { managersRoutes } from './managers.routes.ts';
