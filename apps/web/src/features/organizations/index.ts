// The organizations feature's public API: the organization page, its paged opportunities (also
// on organization campaigns), the logo mark and the canonical page address.
export { useOrganization, organizationQueryKey } from './api/get-organization';
export { OrganizationView } from './components/organization-view';
export { OrganizationOpportunities } from './components/organization-opportunities';
export { OpportunityGrid } from './components/opportunity-grid';
export { OrganizationLogo } from './components/organization-logo';
export { organizationPagePath } from './utils/organization-path';
