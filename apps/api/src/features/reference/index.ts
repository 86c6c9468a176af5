export { referenceRoutes } from './reference.routes.ts';
