import type {
  Application,
  ApplicationLocation,
  ApplicationOpportunitySummary,
  ApplicationPhase,
  ApplicationSummary,
  Invite,
} from '@pathways/shared/applications/applications.schemas';
import { applicationStatus } from '@pathways/shared/applications/applications.rules';
import { orderedPhases } from '@pathways/shared/pipeline/chain';

import type {
  ApplicationRow,
  InviteRow,
  LocationRow,
  PhaseRow,
} from './applications.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Each phase's place in its opportunity's pipeline, by phase id. */
export function phaseOrders(phases: readonly PhaseRow[]): Map<number, number> {
  const byOpportunity = Map.groupBy(phases, (p) => p.opportunityId);
  const orders = new Map<number, number>();
  for (const list of byOpportunity.values()) {
    for (const p of orderedPhases(list)) orders.set(p.id, p.order);
  }
  return orders;
}

function toPhase(row: ApplicationRow, orders: Map<number, number>): ApplicationPhase | null {
  if (row.phaseId === null || row.phaseName === null) return null;
  return { id: row.phaseId, name: row.phaseName, order: orders.get(row.phaseId) ?? 1 };
}

function toOpportunitySummary(
  row: Pick<ApplicationRow, 'opportunity' | 'organization'>,
): ApplicationOpportunitySummary {
  const o = row.opportunity;
  return {
    id: o.id,
    name: o.name,
    logo: o.logo,
    kind: o.kind,
    opensAt: iso(o.opensAt),
    closesAt: iso(o.closesAt),
    organization: row.organization,
  };
}

export const toLocation = (row: LocationRow): ApplicationLocation => ({
  id: row.id,
  address: row.address,
  city: row.city,
  latitude: row.latitude,
  longitude: row.longitude,
});

export function toApplicationSummary(
  row: ApplicationRow,
  orders: Map<number, number>,
): ApplicationSummary {
  return {
    id: row.id,
    status: applicationStatus(row),
    phase: toPhase(row, orders),
    createdAt: row.createdAt.toISOString(),
    complete: row.complete,
    completion: row.completion,
    archivedAt: iso(row.archivedAt),
    eligibility: row.eligibility && {
      eligible: row.eligibility.eligible,
      referredAt: iso(row.eligibility.referredAt),
    },
    opportunity: toOpportunitySummary(row),
  };
}

export function toApplication(
  row: ApplicationRow,
  related: { phases: PhaseRow[]; chosen: LocationRow[]; offered: LocationRow[] },
): Application {
  const summary = toApplicationSummary(row, phaseOrders(related.phases));
  return {
    ...summary,
    screeningSubmittedAt: iso(row.screeningSubmittedAt),
    locations: related.chosen.map(toLocation),
    opportunity: { ...summary.opportunity, locations: related.offered.map(toLocation) },
  };
}

export const toInvite = (row: InviteRow): Invite => ({
  id: row.id,
  invitedAt: row.invitedAt.toISOString(),
  opportunity: toOpportunitySummary(row),
});
