export { campaignsRoutes } from './campaigns.routes.ts';
export { campaignCovering, findCampaignByKey, type CampaignRow } from './campaigns.repository.ts';
export {
  createCampaignsService,
  legacyCampaignPath,
  type CampaignsService,
} from './campaigns.service.ts';
