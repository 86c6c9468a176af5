import type { EligibilityResult } from '../eligibility/evaluate.ts';
import { paths } from '../navigation/paths.ts';

// The notifications no person sends: what a fresh eligibility check tells the candidate. Each is
// raised at most once per candidate and opportunity (the store keeps that promise).

export const BECAME_ELIGIBLE = 'eligibility.became_eligible';
export const ONE_STEP_AWAY = 'eligibility.one_step_away';

export interface EligibilityNoticeInput {
  opportunity: { id: number; name: string; open: boolean };
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
 * meet before. One step away: all requirements but one are met, and the missing one is the
 * candidate's to fix (the check offers a step); the notice names the step and links to it.
 * Closed opportunities tell nothing.
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
