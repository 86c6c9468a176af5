import type { EligibilityResult } from '../eligibility/evaluate.ts';
import { distanceKm, type OpportunityPlace } from '../eligibility/snapshot.ts';
import { paths } from '../navigation/paths.ts';

// The notifications no person sends: what a fresh eligibility check tells the candidate. Each is
// raised at most once per candidate and opportunity (the store keeps that promise).

export const BECAME_ELIGIBLE = 'eligibility.became_eligible';
export const ONE_STEP_AWAY = 'eligibility.one_step_away';

/** How far (km) an opportunity's nearest place may be for a "one step away" notice. */
export const ONE_STEP_AWAY_RADIUS_KM = 50;

type Point = { latitude: number; longitude: number };

/**
 * Whether an opportunity is near the candidate, measured as the distance requirement measures
 * (great-circle kilometres to its nearest place): one offered without a fixed place is near
 * everyone; one with places is near a candidate with a home within the radius of one of them, and
 * never near a candidate whose home is not known.
 */
export function isNearCandidate(
  home: Point | null,
  places: readonly OpportunityPlace[],
  radiusKm: number = ONE_STEP_AWAY_RADIUS_KM,
): boolean {
  if (places.length === 0) return true;
  if (!home) return false;
  return places.some((place) => distanceKm(home, place) <= radiusKm);
}

export interface EligibilityNoticeInput {
  opportunity: { id: number; name: string; open: boolean; places: readonly OpportunityPlace[] };
  /** Where the candidate lives (their profile's location), null when not known. */
  home: Point | null;
  /** Whether the stored check before this one found the candidate eligible (no row: false). */
  wasEligible: boolean;
  result: EligibilityResult;
}

export interface EligibilityNotice {
  type: typeof BECAME_ELIGIBLE | typeof ONE_STEP_AWAY;
  opportunityId: number;
  description: string;
  path: string;
}

/**
 * Became eligible: the candidate now meets every requirement of an open opportunity they did not
 * meet before. One step away: the opportunity is near the candidate (`isNearCandidate`), all its
 * requirements but one are met, and the missing one is the candidate's to fix (the check offers a
 * step); the notice names the step and links to it. Closed opportunities tell nothing.
 */
export function eligibilityNotice(input: EligibilityNoticeInput): EligibilityNotice | null {
  const { opportunity, wasEligible, result } = input;
  if (!opportunity.open) return null;
  if (result.eligible) {
    if (wasEligible) return null;
    return {
      type: BECAME_ELIGIBLE,
      opportunityId: opportunity.id,
      description: `You now qualify for ${opportunity.name}. Have a look and apply.`,
      path: paths.opportunity(opportunity.id),
    };
  }
  if (!isNearCandidate(input.home, opportunity.places)) return null;
  const missing = result.criteria.filter((c) => c.status !== 'met');
  if (missing.length !== 1) return null;
  const action = missing[0]!.action;
  if (!action) return null;
  return {
    type: ONE_STEP_AWAY,
    opportunityId: opportunity.id,
    description: `You are one step away from ${opportunity.name}: ${action.label}.`,
    path: action.resolutionPath,
  };
}
