export { campaignsRoutes } from './campaigns.routes.ts';
