export { organizationsRoutes } from './organizations.routes.ts';
export { canonicalOrganizationPath, organizationAddress } from './organizations.service.ts';
export {
  createOrganizationsService,
  organizationsDepsOf,
  type OrganizationsService,
} from './organizations.service.ts';
