export { campaignsRoutes } from './campaigns.routes.ts';
export {
  createCampaignsService,
  legacyCampaignPath,
  type CampaignsService,
} from './campaigns.service.ts';
