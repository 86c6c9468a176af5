export { socialAuthRoutes } from './social-auth.routes.ts';
export { createSocialProviders } from './social-auth.providers.ts';
