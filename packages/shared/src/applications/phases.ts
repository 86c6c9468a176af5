/** What ordering needs of a phase: its id, whether it is the initial one, and its next phase. */
export interface ChainedPhase {
  id: number;
  initial: boolean;
  nextPhaseId: number | null;
}

/**
 * The ordered phase list starts at the initial phase and follows the next
 * links, numbering from 1. Stored chains can be imperfect (no initial phase, a link to a phase of
 * another opportunity, a cycle, phases nobody links to), so every phase still gets exactly one
 * place: after the main chain come the other chains, each from its head (a phase no remaining
 * phase links to), lowest id first; a pure cycle is entered at its lowest id. Never loops.
 */
export function orderedPhases<P extends ChainedPhase>(
  phases: readonly P[],
): (P & { order: number })[] {
  const byId = new Map(phases.map((p) => [p.id, p]));
  const remaining = new Map(byId);
  const ordered: (P & { order: number })[] = [];

  const follow = (start: P) => {
    for (let phase: P | undefined = start; phase && remaining.has(phase.id);) {
      remaining.delete(phase.id);
      ordered.push({ ...phase, order: ordered.length + 1 });
      phase = phase.nextPhaseId === null ? undefined : byId.get(phase.nextPhaseId);
    }
  };

  const byIdAsc = (a: P, b: P) => a.id - b.id;
  const initial = phases.filter((p) => p.initial).sort(byIdAsc)[0];
  if (initial) follow(initial);
  while (remaining.size > 0) {
    const left = [...remaining.values()].sort(byIdAsc);
    const linked = new Set(left.map((p) => p.nextPhaseId));
    follow(left.find((p) => !linked.has(p.id)) ?? left[0]!);
  }
  return ordered;
}

/** The first phase of the pipeline, where a new application starts; undefined when none. */
export function initialPhase<P extends ChainedPhase>(phases: readonly P[]): P | undefined {
  const [first] = orderedPhases(phases);
  return first ? phases.find((p) => p.id === first.id) : undefined;
}
