export { applicationsRoutes } from './applications.routes.ts';
