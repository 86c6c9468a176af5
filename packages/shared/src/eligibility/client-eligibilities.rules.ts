// The client's view of stored eligibilities: which rows a client sees, the criteria counts of a
// row, and the criterion funnel of an opportunity. Pure: the API feeds them stored rows.

import type { FunnelKeys } from '../analytics/analytics.rules.ts';

/** A profile is complete at 100 %. */
export const COMPLETE_PROFILE = 100;

/**
 * A client does not see a candidate's eligibility row when the candidate was not referred (did
 * not apply or come through a campaign) and either the profile is incomplete or the candidate
 * is not eligible (an unchecked row, `eligible` null, counts as not eligible). The SQL twin is
 * `hiddenSql` of the client eligibilities repository; a test holds the two equal.
 */
export function isHiddenEligibility(row: {
  referredAt: Date | string | null;
  completion: number;
  eligible: boolean | null;
}): boolean {
  return row.referredAt === null && (row.completion < COMPLETE_PROFILE || row.eligible !== true);
}

/**
 * Only a visible, eligible row may be invited: the candidate qualifies, and the client sees the
 * row (it is referred or the profile is complete).
 */
export function isInvitable(row: {
  referredAt: Date | string | null;
  completion: number;
  eligible: boolean | null;
}): boolean {
  return row.eligible === true && !isHiddenEligibility(row);
}

export interface CriteriaSummary {
  met: number;
  unmet: number;
  unknown: number;
}

/** How many of a row's stored criteria are met, unmet and unknown; unreadable entries are skipped. */
export function summarizeCriteria(criteria: readonly unknown[]): CriteriaSummary {
  const summary: CriteriaSummary = { met: 0, unmet: 0, unknown: 0 };
  for (const c of criteria) {
    const status = (c as { status?: unknown } | null)?.status;
    if (status === 'met' || status === 'unmet' || status === 'unknown') summary[status] += 1;
  }
  return summary;
}

/**
 * A row's eligibility in words, as the candidate hears it: eligible when every requirement is
 * met; not eligible when one is unmet; not known yet when nothing is unmet but some requirement
 * cannot be judged from the profile yet (the candidate is asked for more); unchecked before the
 * first check.
 */
export type EligibilityVerdict = 'eligible' | 'not_eligible' | 'unknown' | 'unchecked';

export function eligibilityVerdict(row: {
  eligible: boolean | null;
  criteria: CriteriaSummary;
}): EligibilityVerdict {
  if (row.eligible === null) return 'unchecked';
  if (row.eligible) return 'eligible';
  return row.criteria.unmet === 0 && row.criteria.unknown > 0 ? 'unknown' : 'not_eligible';
}

/** One requirement of the opportunity, as the funnel names it. */
export interface FunnelRequirement {
  id: number;
  kind: string;
  description: string;
}

/**
 * Candidates who share the same set of unmet requirements, and how many they are. The API reads
 * these groups in one query; a candidate meeting every requirement has an empty `unmet`.
 */
export interface UnmetGroup {
  unmet: readonly number[];
  candidates: number;
  /** The sum of the candidates' analytics keys, for the counts as shown (0 when not given). */
  keys?: number;
}

export interface FunnelRequirementCount extends FunnelRequirement {
  /** Candidates this requirement alone removes (they do not meet it). */
  unmet: number;
}

export interface FunnelStep extends FunnelRequirement {
  /** Candidates this step removes of those the steps before it left. */
  removed: number;
  /** Candidates left after this step. */
  remaining: number;
}

export interface CriterionFunnel {
  /** Candidates counted (the API counts those with a complete profile). */
  candidates: number;
  /** Every requirement in its own order, with how many candidates it removes on its own. */
  requirements: FunnelRequirementCount[];
  /**
   * The requirements applied one after the other, the one removing most people first (ties keep
   * the requirements' order): the start count is `candidates`, then what is left after each.
   * Only unmet requirements remove a candidate; an unknown one (the profile does not say) does not.
   */
  steps: FunnelStep[];
  /** The sums of the analytics keys of the people of each count, for the counts as shown. */
  keys: FunnelKeys;
}

/** The criterion funnel of an opportunity over the stored criteria of its candidates. */
export function criterionFunnel(
  requirements: readonly FunnelRequirement[],
  groups: readonly UnmetGroup[],
): CriterionFunnel {
  const known = new Set(requirements.map((r) => r.id));
  const live = groups
    .filter((g) => g.candidates > 0)
    .map((g) => ({
      unmet: new Set(g.unmet.filter((id) => known.has(id))),
      n: g.candidates,
      keys: g.keys ?? 0,
    }));
  const candidates = live.reduce((sum, g) => sum + g.n, 0);
  const candidateKeys = live.reduce((sum, g) => sum + g.keys, 0);
  const unmetKeys = requirements.map((r) =>
    live.reduce((sum, g) => sum + (g.unmet.has(r.id) ? g.keys : 0), 0),
  );
  const counts = requirements.map((r) => ({
    ...r,
    unmet: live.reduce((sum, g) => sum + (g.unmet.has(r.id) ? g.n : 0), 0),
  }));
  const order = counts
    .map((r, position) => ({ r, position }))
    .sort((a, b) => b.r.unmet - a.r.unmet || a.position - b.position)
    .map(({ r }) => r);
  const removedAlready = new Set<(typeof live)[number]>();
  let remaining = candidates;
  let remainingKeys = candidateKeys;
  const keys: FunnelKeys = {
    candidates: candidateKeys,
    unmet: unmetKeys,
    removed: [],
    remaining: [],
  };
  const steps = order.map(({ unmet: _unmet, ...r }) => {
    let removed = 0;
    let removedKeys = 0;
    for (const g of live) {
      if (!removedAlready.has(g) && g.unmet.has(r.id)) {
        removedAlready.add(g);
        removed += g.n;
        removedKeys += g.keys;
      }
    }
    remaining -= removed;
    remainingKeys -= removedKeys;
    keys.removed.push(removedKeys);
    keys.remaining.push(remainingKeys);
    return { ...r, removed, remaining };
  });
  return { candidates, requirements: counts, steps, keys };
}
