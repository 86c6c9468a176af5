import { describe, expect, it } from 'vitest';

import {
  eligibilityVerdict,
  criterionFunnel,
  isHiddenEligibility,
  isInvitable,
  summarizeCriteria,
  type FunnelRequirement,
} from './client-eligibilities.rules.ts';

const at = '2026-11-20T10:00:00.000Z';

describe('isHiddenEligibility', () => {
  it.each([
    // referred rows are always shown
    [at, 0, null, false],
    [at, 40, false, false],
    [at, 100, false, false],
    [at, 100, true, false],
    [new Date(at), 10, false, false],
    // not referred: shown only when complete and eligible
    [null, 100, true, false],
    [null, 99, true, true],
    [null, 0, true, true],
    [null, 100, false, true],
    [null, 100, null, true],
    [null, 50, false, true],
  ] as const)('referred %s, completion %i, eligible %s: hidden %s', (r, c, e, hidden) => {
    expect(isHiddenEligibility({ referredAt: r, completion: c, eligible: e })).toBe(hidden);
  });
});

describe('isInvitable', () => {
  it('needs an eligible row the client can see', () => {
    expect(isInvitable({ referredAt: null, completion: 100, eligible: true })).toBe(true);
    expect(isInvitable({ referredAt: at, completion: 30, eligible: true })).toBe(true);
    expect(isInvitable({ referredAt: null, completion: 90, eligible: true })).toBe(false);
    expect(isInvitable({ referredAt: at, completion: 100, eligible: false })).toBe(false);
    expect(isInvitable({ referredAt: at, completion: 100, eligible: null })).toBe(false);
  });
});

describe('summarizeCriteria', () => {
  it('counts each status and skips what it cannot read', () => {
    expect(
      summarizeCriteria([
        { status: 'met' },
        { status: 'met' },
        { status: 'unmet' },
        { status: 'unknown' },
        { status: 'other' },
        null,
        'met',
      ]),
    ).toEqual({ met: 2, unmet: 1, unknown: 1 });
    expect(summarizeCriteria([])).toEqual({ met: 0, unmet: 0, unknown: 0 });
  });
});

const req = (id: number): FunnelRequirement => ({
  id,
  kind: 'age',
  description: `Requirement ${id}`,
});

describe('criterionFunnel', () => {
  it('is empty without candidates, each requirement removing nobody', () => {
    const funnel = criterionFunnel([req(1), req(2)], []);
    expect(funnel.candidates).toBe(0);
    expect(funnel.requirements.map((r) => r.unmet)).toEqual([0, 0]);
    expect(funnel.steps.map((s) => [s.id, s.removed, s.remaining])).toEqual([
      [1, 0, 0],
      [2, 0, 0],
    ]);
  });

  it('counts what each requirement removes alone, and applies them most-removing first', () => {
    // 10 candidates: 4 meet everything, 3 fail only 2, 2 fail 1 and 2, 1 fails only 3.
    const funnel = criterionFunnel(
      [req(1), req(2), req(3)],
      [
        { unmet: [], candidates: 4 },
        { unmet: [2], candidates: 3 },
        { unmet: [1, 2], candidates: 2 },
        { unmet: [3], candidates: 1 },
      ],
    );
    expect(funnel.candidates).toBe(10);
    expect(funnel.requirements.map((r) => [r.id, r.unmet])).toEqual([
      [1, 2],
      [2, 5],
      [3, 1],
    ]);
    // 2 first (removes 5 of 10), then 1 (its 2 are already gone), then 3.
    expect(funnel.steps.map((s) => [s.id, s.removed, s.remaining])).toEqual([
      [2, 5, 5],
      [1, 0, 5],
      [3, 1, 4],
    ]);
    expect(funnel.steps[0]).toMatchObject({ description: 'Requirement 2', kind: 'age' });
  });

  it('adds up the analytics keys of the people of each count beside the count', () => {
    // The same groups as above, each with the sum of its people's keys.
    const funnel = criterionFunnel(
      [req(1), req(2), req(3)],
      [
        { unmet: [], candidates: 4, keys: 400 },
        { unmet: [2], candidates: 3, keys: 30 },
        { unmet: [1, 2], candidates: 2, keys: 2 },
        { unmet: [3], candidates: 1, keys: 1000 },
      ],
    );
    expect(funnel.keys).toEqual({
      candidates: 1432,
      unmet: [2, 32, 1000],
      // Steps 2, 1, 3: removed 30 + 2, then nothing, then 1000.
      removed: [32, 0, 1000],
      remaining: [1400, 1400, 400],
    });
  });

  it('keeps the requirements order between requirements removing as many', () => {
    const funnel = criterionFunnel(
      [req(7), req(3), req(5)],
      [
        { unmet: [3], candidates: 2 },
        { unmet: [5], candidates: 2 },
      ],
    );
    expect(funnel.steps.map((s) => s.id)).toEqual([3, 5, 7]);
    expect(funnel.steps.at(-1)!.remaining).toBe(0);
  });

  it('ignores requirements that no longer exist and empty groups', () => {
    const funnel = criterionFunnel(
      [req(1)],
      [
        { unmet: [99], candidates: 3 },
        { unmet: [1, 99], candidates: 1 },
        { unmet: [1], candidates: 0 },
      ],
    );
    expect(funnel.candidates).toBe(4);
    expect(funnel.requirements[0]!.unmet).toBe(1);
    expect(funnel.steps).toEqual([{ ...req(1), removed: 1, remaining: 3 }]);
  });

  it('never removes more than it started with, whatever the groups', () => {
    const groups = Array.from({ length: 32 }, (_, mask) => ({
      unmet: [1, 2, 3, 4, 5].filter((id) => mask & (1 << (id - 1))),
      candidates: (mask % 5) + 1,
    }));
    const funnel = criterionFunnel([1, 2, 3, 4, 5].map(req), groups);
    const removed = funnel.steps.reduce((sum, s) => sum + s.removed, 0);
    const meetAll = groups.find((g) => g.unmet.length === 0)!.candidates;
    expect(funnel.steps.at(-1)!.remaining).toBe(meetAll);
    expect(removed + meetAll).toBe(funnel.candidates);
    const counts = funnel.requirements.map((r) => r.unmet);
    expect(funnel.steps[0]!.removed).toBe(Math.max(...counts));
  });
});

describe('eligibilityVerdict', () => {
  const summary = (met: number, unmet: number, unknown: number) => ({ met, unmet, unknown });

  it('is eligible when the check says so, and unchecked before any check', () => {
    expect(eligibilityVerdict({ eligible: true, criteria: summary(3, 0, 0) })).toBe('eligible');
    expect(eligibilityVerdict({ eligible: null, criteria: summary(0, 0, 0) })).toBe('unchecked');
  });

  it('is not known yet when nothing is unmet but something cannot be judged yet', () => {
    expect(eligibilityVerdict({ eligible: false, criteria: summary(2, 0, 1) })).toBe('unknown');
  });

  it('is not eligible when a requirement is unmet, whatever else is unknown', () => {
    expect(eligibilityVerdict({ eligible: false, criteria: summary(1, 1, 1) })).toBe(
      'not_eligible',
    );
    expect(eligibilityVerdict({ eligible: false, criteria: summary(0, 0, 0) })).toBe(
      'not_eligible',
    );
  });
});
