export { campaignsRoutes } from './campaigns.routes.ts';
export { createCampaignsService, type CampaignsService } from './campaigns.service.ts';
