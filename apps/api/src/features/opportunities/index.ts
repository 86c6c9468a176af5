export { opportunitiesRoutes } from './opportunities.routes.ts';
