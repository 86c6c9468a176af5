import { buildJobPosting, type JobPostingPlace } from '@pathways/shared/opportunities/job-posting';
import type {
  OpportunityDetail,
  OpportunityListItem,
  OpportunityMapLocation,
} from '@pathways/shared/opportunities/opportunities.schemas';
import { isActive, isOpen } from '@pathways/shared/opportunities/windows';

import type { DetailRow, ListRow, LocationRow } from './opportunities.repository.ts';
import type { MapLocationRow } from './search.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Only published opportunities are ever listed or shown, so publishedAt is set. */
const published = (row: { publishedAt: Date | null }) => (row.publishedAt as Date).toISOString();

/** Distances are whole metres: enough for "850 m", and fewer bytes on a phone. */
const meters = (value: number) => Math.round(value);

/**
 * List items from the rows of findListRows, in their order: the rows of one opportunity follow
 * each other, one per place, nearest first. Each row is read once.
 */
export function toListItems(rows: ListRow[]): OpportunityListItem[] {
  const items: OpportunityListItem[] = [];
  let item: OpportunityListItem | undefined;
  for (const row of rows) {
    if (item?.id !== row.id) {
      item = {
        id: row.id,
        name: row.name,
        kind: row.kind,
        summary: row.summary,
        logo: row.logo ?? row.organizationLogo,
        publishedAt: row.publishedAt,
        opensAt: row.opensAt,
        closesAt: row.closesAt,
        commencesAt: row.commencesAt,
        isOpen: row.isOpen,
        organization: {
          id: row.organizationId,
          name: row.organizationName,
          logo: row.organizationLogo,
        },
        locations: [],
        locationCount: row.locationCount,
        // The distance is to the nearest place, the first row.
        distanceInMeters: row.distance === null ? null : meters(row.distance),
      };
      if (row.eligible !== undefined) item.eligible = row.eligible;
      items.push(item);
    }
    if (row.locationId !== null) {
      item.locations.push({
        id: row.locationId,
        address: row.address as string,
        city: row.city,
        latitude: row.latitude as number,
        longitude: row.longitude as number,
      });
    }
  }
  return items;
}

export function toDetail(
  row: DetailRow,
  locations: LocationRow[],
  requirements: { id: number; kind: string; description: string | null }[],
  now: Date,
  appUrl: string,
  /** The organization's first address, for a job with no place of its own. */
  organizationPlace?: JobPostingPlace,
): OpportunityDetail {
  const detail: Omit<OpportunityDetail, 'jobPosting'> = {
    id: row.id,
    name: row.name,
    kind: row.kind,
    summary: row.summary,
    description: row.description,
    logo: row.logo ?? row.organization.logo,
    publishedAt: published(row),
    opensAt: iso(row.opensAt),
    closesAt: iso(row.closesAt),
    commencesAt: iso(row.commencesAt),
    isOpen: isOpen(row, now),
    isActive: isActive(row, now),
    positions: row.positions,
    currency: row.currency,
    valueMin: row.valueMin,
    valueMax: row.valueMax,
    employmentType: row.employmentType,
    organization: row.organization,
    locations: locations.map((l) => ({
      id: l.id,
      address: l.address,
      city: l.city,
      province: l.province,
      country: l.country,
      latitude: l.latitude,
      longitude: l.longitude,
    })),
    requirements,
  };
  return { ...detail, jobPosting: buildJobPosting({ ...detail, organizationPlace }, appUrl) };
}

export const toMapLocation = (row: MapLocationRow): OpportunityMapLocation => ({
  id: row.id,
  latitude: row.latitude,
  longitude: row.longitude,
  address: row.address,
  city: row.city,
  distanceInMeters: meters(row.distance),
  opportunity: {
    id: row.opportunityId,
    name: row.opportunityName,
    kind: row.kind,
    organizationName: row.organizationName,
  },
});
