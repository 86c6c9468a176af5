// The rules of moving, regretting and flagging applications, as pure functions: the API loads
// the applications, these decide what happens to each, and the API writes it.

/** The ids of `wanted` that are not in `found`, each once, in the order asked. */
export function missingIds(wanted: readonly number[], found: Iterable<number>): number[] {
  const known = new Set(found);
  return [...new Set(wanted)].filter((id) => !known.has(id));
}

/** A message with `{ids}` replaced by the ids, comma-separated. */
export function namingIds(message: string, ids: readonly number[]): string {
  return message.replace('{ids}', ids.join(', '));
}

/** What the rules need to know of one application. */
export interface ScreenedApplication {
  id: number;
  phaseId: number | null;
  archivedAt: Date | string | null;
  regrettedAt: Date | string | null;
}

export interface MovePlan {
  /** Applications that change phase: each gets an event. */
  moves: { id: number; fromPhaseId: number | null }[];
  /** Already in the phase: nothing to do, no event. */
  unchanged: number[];
  /** The candidate withdrew them: they cannot be moved. */
  withdrawn: number[];
  /** Regretted: they cannot be moved. */
  regretted: number[];
}

/**
 * Which of these applications move to `phaseId`. A withdrawn or regretted application cannot be
 * moved (withdrawal is said first, as the candidate sees it); one already in the phase stays
 * as it is, without an event.
 */
export function planMoves(applications: readonly ScreenedApplication[], phaseId: number): MovePlan {
  const plan: MovePlan = { moves: [], unchanged: [], withdrawn: [], regretted: [] };
  for (const a of applications) {
    if (a.archivedAt) plan.withdrawn.push(a.id);
    else if (a.regrettedAt) plan.regretted.push(a.id);
    else if (a.phaseId === phaseId) plan.unchanged.push(a.id);
    else plan.moves.push({ id: a.id, fromPhaseId: a.phaseId });
  }
  return plan;
}

export interface RegretPlan {
  regrets: { id: number; phaseId: number | null }[];
  alreadyRegretted: number[];
  withdrawn: number[];
}

/**
 * Which of these applications are regretted now. One already regretted cannot be regretted
 * again, and one the candidate withdrew is no longer the organization's to decline.
 */
export function planRegrets(applications: readonly ScreenedApplication[]): RegretPlan {
  const plan: RegretPlan = { regrets: [], alreadyRegretted: [], withdrawn: [] };
  for (const a of applications) {
    if (a.regrettedAt) plan.alreadyRegretted.push(a.id);
    else if (a.archivedAt) plan.withdrawn.push(a.id);
    else plan.regrets.push({ id: a.id, phaseId: a.phaseId });
  }
  return plan;
}

/** What deciding on a phase move's e-mail reads of an application when the e-mail is due. */
export interface MoveMailFacts {
  phaseId: number | null;
  /** The phase the candidate was last told of by e-mail; null: none yet. */
  toldPhaseId: number | null;
  /** The pipeline's initial phase, where applying put the candidate. */
  initialPhaseId: number | null;
  archivedAt: Date | null;
  regrettedAt: Date | null;
  /** When it was last moved. */
  lastMovedAt: Date | null;
}

/**
 * Whether the e-mail of a move made at `movedAt` goes, once the move's undo window has passed:
 * only while the application stands in a phase (neither withdrawn nor regretted), when it was not
 * moved again since (the later move's e-mail speaks for it), and when that phase is not the one
 * the candidate was last told of (a move undone, or moved there and back, tells nothing). Without
 * `movedAt` (a move queued before moves carried it), the later-move test is skipped.
 */
export function isMoveMailDue(facts: MoveMailFacts, movedAt: Date | null): boolean {
  if (facts.archivedAt || facts.regrettedAt || facts.phaseId === null) return false;
  if (movedAt && facts.lastMovedAt && facts.lastMovedAt.getTime() > movedAt.getTime()) {
    return false;
  }
  return facts.phaseId !== (facts.toldPhaseId ?? facts.initialPhaseId);
}
