export { documentsRoutes } from './documents.routes.ts';
