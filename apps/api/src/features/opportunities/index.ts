export { opportunitiesRoutes } from './opportunities.routes.ts';
export {
  createOpportunitiesService,
  listItems,
  type OpportunitiesService,
} from './opportunities.service.ts';
