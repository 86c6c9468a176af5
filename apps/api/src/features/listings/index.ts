export { listingsRoutes } from './listings.routes.ts';
export { createListingsService, type ListingsService } from './listings.service.ts';
