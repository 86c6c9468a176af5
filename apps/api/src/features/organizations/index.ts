export { organizationsRoutes } from './organizations.routes.ts';
export { canonicalOrganizationPath } from './organizations.service.ts';
