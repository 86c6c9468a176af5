import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';
import type {
  OpportunityKind,
  OpportunityListItem,
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

/** A candidate's map: the locations GET candidate/opportunity_locations answered. */
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

/** A guest's map: every location of the opportunities on the current result page. */
export function pointsFromItems(items: OpportunityListItem[]): MapPoint[] {
  return items.flatMap((item) =>
    item.locations.map((location, index) => ({
      key: `${item.id}-${location.id}`,
      latitude: location.latitude,
      longitude: location.longitude,
      name: item.name,
      organizationName: item.organization.name,
      kind: item.kind,
      address: location.address,
      // The item's distance is to its nearest location, the first one.
      distanceInMeters: index === 0 ? item.distanceInMeters : null,
      href: opportunityPagePath(item.id, item.name),
    })),
  );
}
