import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { initialPhase, orderedPhases, type ChainedPhase } from './phases.ts';

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
