export { organizationsRoutes } from './organizations.routes.ts';
