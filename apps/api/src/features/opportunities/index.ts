export { opportunitiesRoutes } from './opportunities.routes.ts';
export { createOpportunitiesService, type OpportunitiesService } from './opportunities.service.ts';
