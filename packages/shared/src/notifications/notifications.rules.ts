import type { EligibilityAction } from '../eligibility/actions.ts';
import type { EligibilityResult } from '../eligibility/evaluate.ts';
import { distanceKm, type OpportunityPlace } from '../eligibility/snapshot.ts';
import { paths } from '../navigation/paths.ts';

// The notifications no person sends: what a fresh eligibility check tells the candidate. Each is
// raised at most once per candidate and opportunity (the store keeps that promise).

export const BECAME_ELIGIBLE = 'eligibility.became_eligible';
export const ONE_STEP_AWAY = 'eligibility.one_step_away';

/** How far (km) an opportunity's nearest place may be for a "one step away" notice. */
export const ONE_STEP_AWAY_RADIUS_KM = 50;
/** At most this many "one step away" notices reach a candidate in ONE_STEP_AWAY_PERIOD_DAYS. */
export const ONE_STEP_AWAY_LIMIT = 3;
export const ONE_STEP_AWAY_PERIOD_DAYS = 7;

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

/**
 * Kilometres from the candidate's home to an opportunity's nearest place; null when it has no
 * fixed place or the home is not known.
 */
export function nearestPlaceKm(
  home: Point | null,
  places: readonly OpportunityPlace[],
): number | null {
  if (!home || places.length === 0) return null;
  return Math.min(...places.map((place) => distanceKm(home, place)));
}

/**
 * The one step between a candidate and an opportunity: every requirement but one is met, and the
 * missing one is the candidate's to fix (the check offers a step). Null otherwise.
 */
export function oneStepAwayAction(result: EligibilityResult): EligibilityAction | null {
  if (result.eligible) return null;
  const missing = result.criteria.filter((c) => c.status !== 'met');
  if (missing.length !== 1) return null;
  return missing[0]!.action ?? null;
}

export interface EligibilityNoticeInput {
  /** `open`: published and not closed (open for applications, or still to open). */
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
  const action = oneStepAwayAction(result);
  if (!action) return null;
  return {
    type: ONE_STEP_AWAY,
    opportunityId: opportunity.id,
    description: `You are one step away from ${opportunity.name}: ${action.label}.`,
    path: action.resolutionPath,
  };
}

/**
 * A "one step away" notice already told: about which opportunity, which step (its path), when,
 * and whether it has left the bell (dismissed, or resolved).
 */
export interface ToldOneStepAway {
  opportunityId: number | null;
  path: string | null;
  notifiedAt: Date;
  dismissedAt: Date | null;
}

export interface FoundOneStepAway {
  notice: EligibilityNotice;
  /** To the opportunity's nearest place (`nearestPlaceKm`); null when it has no fixed place. */
  distanceKm: number | null;
}

/**
 * How many more "one step away" notices may reach a candidate now: ONE_STEP_AWAY_LIMIT less
 * those told in the last ONE_STEP_AWAY_PERIOD_DAYS (none when the limit is reached).
 */
export function oneStepAwayRoom(
  told: readonly Pick<ToldOneStepAway, 'notifiedAt'>[],
  now: Date,
): number {
  const since = now.getTime() - ONE_STEP_AWAY_PERIOD_DAYS * 86_400_000;
  return Math.max(
    0,
    ONE_STEP_AWAY_LIMIT - told.filter((t) => t.notifiedAt.getTime() > since).length,
  );
}

/**
 * Which of the "one step away" notices a fresh check found are told, so a near miss is a real
 * one and never a flood:
 * - never twice for the same opportunity (whatever became of the first);
 * - one notice per step: a step named in the period or still in the bell, or by a nearer
 *   opportunity, is not named again (doing it once answers them all);
 * - at most ONE_STEP_AWAY_LIMIT in ONE_STEP_AWAY_PERIOD_DAYS, counting those already told;
 * - the nearest first: opportunities with a place by distance, then those without a fixed place,
 *   then by id.
 */
export function pickOneStepAway(
  found: readonly FoundOneStepAway[],
  told: readonly ToldOneStepAway[],
  now: Date,
): EligibilityNotice[] {
  const since = now.getTime() - ONE_STEP_AWAY_PERIOD_DAYS * 86_400_000;
  const toldOpportunities = new Set(told.map((t) => t.opportunityId));
  const namedSteps = new Set(
    told.filter((t) => t.dismissedAt === null || t.notifiedAt.getTime() > since).map((t) => t.path),
  );
  let room = oneStepAwayRoom(told, now);
  const picked: EligibilityNotice[] = [];
  const nearestFirst = [...found].sort(
    (a, b) =>
      (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
      a.notice.opportunityId - b.notice.opportunityId,
  );
  for (const { notice } of nearestFirst) {
    if (room <= 0) break;
    if (notice.type !== ONE_STEP_AWAY) continue;
    if (toldOpportunities.has(notice.opportunityId) || namedSteps.has(notice.path)) continue;
    picked.push(notice);
    namedSteps.add(notice.path);
    toldOpportunities.add(notice.opportunityId);
    room -= 1;
  }
  return picked;
}

/**
 * A "one step away" notice is resolved once it no longer holds: the opportunity has closed (or
 * is no longer published), or a fresh check no longer finds that step the one missing (the
 * candidate qualifies, or what stands between them and the opportunity is no longer the step the
 * notice named, by its path). A resolved notice leaves the bell.
 */
export function isOneStepAwayResolved(
  told: { path: string | null },
  result: EligibilityResult,
  opportunity: { open: boolean },
): boolean {
  if (!opportunity.open) return true;
  const action = oneStepAwayAction(result);
  return action === null || action.resolutionPath !== told.path;
}
