export { campaignsRoutes } from './campaigns.routes.ts';
export { findCampaignByKey, type CampaignRow } from './campaigns.repository.ts';
export {
  createCampaignsService,
  legacyCampaignPath,
  type CampaignsService,
} from './campaigns.service.ts';
