export { opportunitiesRoutes } from './opportunities.routes.ts';
export {
  createOpportunitiesService,
  listItems,
  opportunityPageHead,
  type OpportunitiesService,
} from './opportunities.service.ts';
