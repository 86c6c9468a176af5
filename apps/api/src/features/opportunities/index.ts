export { opportunitiesRoutes } from './opportunities.routes.ts';
export { createOpportunitiesService, type OpportunitiesService } from './opportunities.service.ts';
export { findCards, findLocations } from './opportunities.repository.ts';
export { toListItem } from './opportunities.mapper.ts';
