import type {
  OrganizationLocation,
  PublicOrganization,
} from '@pathways/shared/organizations/organizations.schemas';

import type { OrganizationLocationRow, OrganizationRow } from './organizations.repository.ts';

export const toLocationDto = (row: OrganizationLocationRow): OrganizationLocation => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  province: row.province,
  country: row.country,
  latitude: row.latitude,
  longitude: row.longitude,
});

export const toOrganizationDto = (
  row: OrganizationRow,
  locations: OrganizationLocationRow[],
): PublicOrganization => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logo: row.logo,
  description: row.description,
  website: row.website,
  industry: row.industry,
  locations: locations.map(toLocationDto),
});
