// The screening pipeline of an opportunity is a chain of phases: one initial phase, then
// `next` links. Ordering, validating and changing the chain are pure functions here, used by
// the API (which stores the links in one transaction), the seed and the web app.

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

// ---------------------------------------------------------------- keeping the chain whole

/** What can be wrong with a stored chain; an empty list means it is whole. */
export type ChainProblem =
  'no_initial' | 'several_initial' | 'dangling_link' | 'shared_next' | 'cycle' | 'unreachable';

/**
 * A chain is whole when exactly one phase is initial, every link points to a phase of the same
 * set, no two phases lead to the same next phase, and following the links from the initial
 * phase visits every phase once and ends (no cycle, no orphan). An empty set is whole.
 */
export function chainProblems(phases: readonly ChainedPhase[]): ChainProblem[] {
  if (phases.length === 0) return [];
  const problems = new Set<ChainProblem>();
  const byId = new Map(phases.map((p) => [p.id, p]));
  const initials = phases.filter((p) => p.initial);
  if (initials.length === 0) problems.add('no_initial');
  if (initials.length > 1) problems.add('several_initial');
  const targets = new Set<number>();
  for (const p of phases) {
    if (p.nextPhaseId === null) continue;
    if (!byId.has(p.nextPhaseId)) problems.add('dangling_link');
    if (targets.has(p.nextPhaseId)) problems.add('shared_next');
    targets.add(p.nextPhaseId);
  }
  const start = initials[0];
  if (start) {
    const seen = new Set<number>();
    for (let p: ChainedPhase | undefined = start; p;) {
      if (seen.has(p.id)) {
        problems.add('cycle');
        break;
      }
      seen.add(p.id);
      p = p.nextPhaseId === null ? undefined : byId.get(p.nextPhaseId);
    }
    if (seen.size < phases.length) problems.add('unreachable');
  }
  return [...problems];
}

export const isWholeChain = (phases: readonly ChainedPhase[]) => chainProblems(phases).length === 0;

/** The links of phases in this order: the first is initial, each leads to the one after it. */
export function linksOf(orderedIds: readonly number[]): ChainedPhase[] {
  return orderedIds.map((id, i) => ({
    id,
    initial: i === 0,
    nextPhaseId: orderedIds[i + 1] ?? null,
  }));
}

/**
 * The phases whose links must change to turn `current` into the order `wanted` (every phase of
 * `current`, each once): only those rows need writing.
 */
export function linkChanges(
  current: readonly ChainedPhase[],
  wanted: readonly number[],
): ChainedPhase[] {
  const now = new Map(current.map((p) => [p.id, p]));
  return linksOf(wanted).filter((p) => {
    const was = now.get(p.id);
    return !was || was.initial !== p.initial || was.nextPhaseId !== p.nextPhaseId;
  });
}

/** The order with `id` added after `afterId`, or at the end when `afterId` is null. */
export function insertAfter(
  order: readonly number[],
  id: number,
  afterId: number | null,
): number[] {
  if (order.includes(id)) throw new Error(`phase ${id} is already in the chain`);
  if (afterId === null) return [...order, id];
  const at = order.indexOf(afterId);
  if (at < 0) throw new Error(`phase ${afterId} is not in the chain`);
  return [...order.slice(0, at + 1), id, ...order.slice(at + 1)];
}

/** The order with `id` moved to `position` (1 = first; beyond the end means last). */
export function moveTo(order: readonly number[], id: number, position: number): number[] {
  const rest = order.filter((p) => p !== id);
  if (rest.length === order.length) throw new Error(`phase ${id} is not in the chain`);
  const at = Math.min(Math.max(position, 1), order.length) - 1;
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** The order without `id`: its predecessor now leads to its successor. */
export function removeFrom(order: readonly number[], id: number): number[] {
  if (!order.includes(id)) throw new Error(`phase ${id} is not in the chain`);
  return order.filter((p) => p !== id);
}

/** True when `proposed` names every phase of `order` exactly once, and nothing else. */
export function isPermutationOf(order: readonly number[], proposed: readonly number[]): boolean {
  if (proposed.length !== order.length) return false;
  const wanted = new Set(order);
  const seen = new Set<number>();
  for (const id of proposed) {
    if (!wanted.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}
