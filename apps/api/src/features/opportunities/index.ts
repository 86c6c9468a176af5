export { opportunitiesRoutes } from './opportunities.routes.ts';
export { isOpenSql } from './opportunities.sql.ts';
export {
  createOpportunitiesService,
  listItems,
  opportunityPageHead,
  type OpportunitiesService,
} from './opportunities.service.ts';
export {
  createPublishedService,
  type HiringRow,
  type PublishedRow,
  type PublishedService,
} from './published.service.ts';
