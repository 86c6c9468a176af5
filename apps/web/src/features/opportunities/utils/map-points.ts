import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';
import type {
  OpportunityKind,
  OpportunityMapLocation,
} from '@pathways/shared/opportunities/opportunities.schemas';

/** One marker: an opportunity at one of its locations. */
export interface MapPoint {
  /** Unique on the map: the location's id (a location belongs to one opportunity). */
  key: string;
  latitude: number;
  longitude: number;
  name: string;
  organizationName: string;
  kind: OpportunityKind;
  address: string;
  distanceInMeters: number | null;
  href: string;
}

/** The map: the locations GET opportunity_locations (or candidate/…) answered. */
export function pointsFromLocations(items: OpportunityMapLocation[]): MapPoint[] {
  return items.map((item) => ({
    key: `${item.opportunity.id}-${item.id}`,
    latitude: item.latitude,
    longitude: item.longitude,
    name: item.opportunity.name,
    organizationName: item.opportunity.organizationName,
    kind: item.opportunity.kind,
    address: item.address,
    distanceInMeters: item.distanceInMeters,
    href: opportunityPagePath(item.opportunity.id, item.opportunity.name),
  }));
}
