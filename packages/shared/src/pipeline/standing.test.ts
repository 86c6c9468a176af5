import { describe, expect, it } from 'vitest';

import { countStandings, REGRETTED, standingOf, WITHDRAWN } from './standing.ts';

const at = '2026-11-01T00:00:00.000Z';
const row = (
  phaseId: number | null,
  archivedAt: string | null = null,
  regrettedAt: string | null = null,
) => ({
  phaseId,
  archivedAt,
  regrettedAt,
});

describe('standingOf', () => {
  it('is the phase of an application neither withdrawn nor regretted', () => {
    expect(standingOf(row(4), 1)).toBe('4');
  });

  it('places an application in no phase yet in the initial phase', () => {
    expect(standingOf(row(null), 1)).toBe('1');
    expect(standingOf(row(null), null)).toBeNull();
  });

  it('is regretted for a regretted application, whatever its phase', () => {
    expect(standingOf(row(4, null, at), 1)).toBe(REGRETTED);
    expect(standingOf(row(null, null, at), null)).toBe(REGRETTED);
  });

  it('is withdrawn for a withdrawn application, even a regretted one', () => {
    expect(standingOf(row(4, at), 1)).toBe(WITHDRAWN);
    expect(standingOf(row(4, at, at), 1)).toBe(WITHDRAWN);
    expect(standingOf({ phaseId: 4, archivedAt: new Date(at), regrettedAt: null }, 1)).toBe(
      WITHDRAWN,
    );
  });
});

describe('countStandings', () => {
  it('counts each application once: in its phase, regretted or withdrawn', () => {
    const counts = countStandings(
      [row(1), row(null), row(2), row(2, null, at), row(1, at), row(2, at, at), row(3)],
      1,
    );
    expect([...counts.phases].sort()).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
    expect(counts.regretted).toBe(1);
    expect(counts.withdrawn).toBe(2);
  });

  it('counts nothing of nothing', () => {
    expect(countStandings([], null)).toEqual({ phases: new Map(), regretted: 0, withdrawn: 0 });
  });
});
