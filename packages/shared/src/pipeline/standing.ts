// Where an application stands in its opportunity's pipeline. One rule for every count of
// applicants per phase (the workspace cards, the Phases tab, the tracker's tabs, the counts
// endpoint): an application is in a phase while it is neither withdrawn nor regretted; withdrawn
// and regretted applications are counted apart, each once.

/** The standing of a withdrawn application: the candidate's act, whatever else happened. */
export const WITHDRAWN = 'withdrawn';
/** The standing of an application the organization regretted and the candidate did not withdraw. */
export const REGRETTED = 'regretted';

/** What the rule reads of an application. */
export interface StandingFacts {
  archivedAt: string | Date | null;
  regrettedAt: string | Date | null;
  phaseId: number | null;
}

/**
 * Withdrawn when the candidate withdrew it; else regretted when the organization regretted it;
 * else the id (as text) of its phase, where one not placed in a phase yet counts in the initial
 * phase. Null only when it is in no phase and the pipeline has none.
 */
export function standingOf(row: StandingFacts, initialPhaseId: number | null): string | null {
  if (row.archivedAt) return WITHDRAWN;
  if (row.regrettedAt) return REGRETTED;
  const phase = row.phaseId ?? initialPhaseId;
  return phase === null ? null : String(phase);
}

/** How many applications stand in each phase, and how many were regretted and withdrawn apart. */
export interface StandingCounts {
  /** Per phase id; a phase nobody is in is absent. */
  phases: Map<number, number>;
  regretted: number;
  withdrawn: number;
}

/** Counts the applications by their standing (see `standingOf`). */
export function countStandings(
  rows: readonly StandingFacts[],
  initialPhaseId: number | null,
): StandingCounts {
  const counts: StandingCounts = { phases: new Map(), regretted: 0, withdrawn: 0 };
  for (const row of rows) {
    const standing = standingOf(row, initialPhaseId);
    if (standing === WITHDRAWN) counts.withdrawn += 1;
    else if (standing === REGRETTED) counts.regretted += 1;
    else if (standing !== null) {
      const id = Number(standing);
      counts.phases.set(id, (counts.phases.get(id) ?? 0) + 1);
    }
  }
  return counts;
}
