export { campaignAnalyticsRoutes } from './campaign-analytics.routes.ts';
