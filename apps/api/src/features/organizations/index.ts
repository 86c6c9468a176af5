export { organizationsRoutes } from './organizations.routes.ts';
export { canonicalOrganizationPath } from './organizations.service.ts';
export {
  createOrganizationsService,
  organizationsDepsOf,
  type OrganizationsService,
} from './organizations.service.ts';
