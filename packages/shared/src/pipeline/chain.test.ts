import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  chainProblems,
  initialPhase,
  insertAfter,
  isPermutationOf,
  isWholeChain,
  linkChanges,
  linksOf,
  moveTo,
  orderedPhases,
  removeFrom,
  type ChainedPhase,
} from './chain.ts';

const phase = (id: number, nextPhaseId: number | null, initial = false): ChainedPhase => ({
  id,
  nextPhaseId,
  initial,
});
const ids = (phases: readonly ChainedPhase[]) => orderedPhases(phases).map((p) => [p.id, p.order]);

describe('orderedPhases', () => {
  it('starts at the initial phase and follows next links, numbering from 1', () => {
    const chain = [phase(7, null), phase(3, 9, true), phase(9, 5), phase(5, 7)];
    expect(ids(chain)).toEqual([
      [3, 1],
      [9, 2],
      [5, 3],
      [7, 4],
    ]);
  });

  it('keeps the other fields of each phase', () => {
    const [first] = orderedPhases([{ ...phase(1, null, true), name: 'Applied' }]);
    expect(first).toEqual({ id: 1, nextPhaseId: null, initial: true, name: 'Applied', order: 1 });
  });

  it('answers an empty list for no phases', () => {
    expect(orderedPhases([])).toEqual([]);
    expect(initialPhase([])).toBeUndefined();
  });

  it('without an initial phase starts at the head of the chain', () => {
    expect(ids([phase(2, 3), phase(3, null), phase(1, 2)])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('stops at a cycle and still places every phase once', () => {
    // 1 → 2 → 3 → 2: the chain stops at 3.
    expect(ids([phase(1, 2, true), phase(2, 3), phase(3, 2)])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    // A pure cycle with no initial phase is entered at its lowest id.
    expect(ids([phase(6, 4), phase(4, 5), phase(5, 6)])).toEqual([
      [4, 1],
      [5, 2],
      [6, 3],
    ]);
  });

  it('appends phases the chain never reaches, each sub-chain from its head', () => {
    // Main chain 10 → 11; orphans 30 → 20, and a lone 25; a link to an unknown phase (99).
    const phases = [
      phase(10, 11, true),
      phase(11, 99),
      phase(20, null),
      phase(25, null),
      phase(30, 20),
    ];
    expect(ids(phases)).toEqual([
      [10, 1],
      [11, 2],
      [25, 3],
      [30, 4],
      [20, 5],
    ]);
  });

  it('with two phases marked initial, starts at the lower id', () => {
    expect(ids([phase(2, null, true), phase(1, null, true)])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('initialPhase is the first of the order', () => {
    expect(initialPhase([phase(2, null), phase(1, 2, true)])?.id).toBe(1);
    expect(initialPhase([phase(2, 1), phase(1, null)])?.id).toBe(2);
  });

  it('always numbers every phase exactly once, 1..n, whatever the links', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 0, maxLength: 15 }),
        fc.array(fc.integer({ min: 0, max: 45 }), { minLength: 15, maxLength: 15 }),
        fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
        (idList, links, initials) => {
          const phases = idList.map((id, i) =>
            phase(id, links[i]! === 0 ? null : links[i]!, initials[i]!),
          );
          const ordered = orderedPhases(phases);
          expect(ordered.map((p) => p.order)).toEqual(phases.map((_, i) => i + 1));
          expect(new Set(ordered.map((p) => p.id))).toEqual(new Set(idList));
        },
      ),
    );
  });
});

describe('chainProblems', () => {
  it('accepts a whole chain and an empty one', () => {
    expect(chainProblems(linksOf([4, 2, 9]))).toEqual([]);
    expect(chainProblems([])).toEqual([]);
  });

  it.each<[string, ChainedPhase[], string]>([
    ['no initial phase', [phase(1, 2), phase(2, null)], 'no_initial'],
    ['two initial phases', [phase(1, 2, true), phase(2, null, true)], 'several_initial'],
    ['a link outside the set', [phase(1, 5, true)], 'dangling_link'],
    ['two phases leading to one', [phase(1, 3, true), phase(2, 3), phase(3, null)], 'shared_next'],
    ['a cycle', [phase(1, 2, true), phase(2, 1)], 'cycle'],
    ['an orphan', [phase(1, null, true), phase(2, null)], 'unreachable'],
  ])('finds %s', (_, phases, problem) => {
    expect(chainProblems(phases)).toContain(problem);
  });
});

describe('chain operations', () => {
  it('inserts after a phase or at the end', () => {
    expect(insertAfter([1, 2, 3], 9, 1)).toEqual([1, 9, 2, 3]);
    expect(insertAfter([1, 2, 3], 9, null)).toEqual([1, 2, 3, 9]);
    expect(() => insertAfter([1, 2], 9, 7)).toThrow();
    expect(() => insertAfter([1, 2], 2, null)).toThrow();
  });

  it('moves a phase to a position numbered from 1, clamped to the chain', () => {
    expect(moveTo([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(moveTo([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(moveTo([1, 2, 3], 2, 99)).toEqual([1, 3, 2]);
    expect(() => moveTo([1, 2], 5, 1)).toThrow();
  });

  it('removes a phase, linking its predecessor to its successor', () => {
    expect(linksOf(removeFrom([1, 2, 3], 2))).toEqual([phase(1, 3, true), phase(3, null)]);
    expect(() => removeFrom([1], 2)).toThrow();
  });

  it('writes only the links that change', () => {
    const current = linksOf([1, 2, 3, 4]);
    // Swapping the last two: 2 now leads to 4, 4 to 3, 3 ends the chain.
    expect(linkChanges(current, [1, 2, 4, 3])).toEqual([phase(2, 4), phase(4, 3), phase(3, null)]);
    expect(linkChanges(current, [1, 2, 3, 4])).toEqual([]);
  });

  it('knows a whole new order from a partial or repeated one', () => {
    expect(isPermutationOf([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(isPermutationOf([1, 2, 3], [3, 1])).toBe(false);
    expect(isPermutationOf([1, 2, 3], [3, 1, 1])).toBe(false);
    expect(isPermutationOf([1, 2, 3], [3, 1, 4])).toBe(false);
  });
});

/** An operation on a chain, as the API offers them. */
type Operation =
  | { op: 'insert'; after: number | null }
  | { op: 'move'; pick: number; position: number }
  | { op: 'remove'; pick: number }
  | { op: 'reorder'; seed: number[] };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    after: fc.option(fc.nat({ max: 30 }), { nil: null }),
  }),
  fc.record({
    op: fc.constant('move' as const),
    pick: fc.nat({ max: 30 }),
    position: fc.integer({ min: -2, max: 35 }),
  }),
  fc.record({ op: fc.constant('remove' as const), pick: fc.nat({ max: 30 }) }),
  fc.record({
    op: fc.constant('reorder' as const),
    seed: fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
  }),
);

describe('any sequence of operations on a whole chain', () => {
  it('yields a whole chain in the expected order, read back through the stored links', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.array(operation, { maxLength: 25 }),
        (size, operations) => {
          // The expected order, kept as a plain list beside the stored links.
          let expected = Array.from({ length: size }, (_, i) => i + 1);
          let stored = new Map(linksOf(expected).map((p) => [p.id, p]));
          let nextId = size + 1;
          for (const o of operations) {
            let wanted: number[];
            if (o.op === 'insert') {
              const after =
                expected.length === 0 || o.after === null
                  ? null
                  : expected[o.after % expected.length]!;
              const id = nextId++;
              wanted = insertAfter(expected, id, after);
              stored.set(id, { id, initial: false, nextPhaseId: null });
            } else if (expected.length === 0) {
              continue;
            } else if (o.op === 'move') {
              wanted = moveTo(expected, expected[o.pick % expected.length]!, o.position);
            } else if (o.op === 'remove') {
              const id = expected[o.pick % expected.length]!;
              wanted = removeFrom(expected, id);
              stored.delete(id);
            } else {
              // A shuffle: sort by the random keys.
              wanted = expected
                .map((id, i) => [id, o.seed[i]!] as const)
                .sort((a, b) => a[1] - b[1] || a[0] - b[0])
                .map(([id]) => id);
              expect(isPermutationOf(expected, wanted)).toBe(true);
            }
            for (const change of linkChanges([...stored.values()], wanted)) {
              stored.set(change.id, change);
            }
            stored = new Map(stored);
            expected = wanted;
            const phases = [...stored.values()];
            expect(chainProblems(phases)).toEqual([]);
            expect(orderedPhases(phases).map((p) => p.id)).toEqual(expected);
          }
          expect(isWholeChain([...stored.values()])).toBe(true);
        },
      ),
    );
  });

  it('a moved phase lands at its position and the others keep their relative order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        (size, pick, position) => {
          const order = Array.from({ length: size }, (_, i) => i + 1);
          const id = order[pick % size]!;
          const moved = moveTo(order, id, position);
          expect(moved.indexOf(id)).toBe(Math.min(position, size) - 1);
          expect(moved.filter((p) => p !== id)).toEqual(order.filter((p) => p !== id));
        },
      ),
    );
  });
});
