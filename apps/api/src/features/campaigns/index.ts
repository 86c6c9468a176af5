export { campaignsRoutes } from './campaigns.routes.ts';
export {
  campaignByKey,
  campaignCovering,
  createCampaignsService,
  legacyCampaignPath,
  type CampaignsService,
} from './campaigns.service.ts';
