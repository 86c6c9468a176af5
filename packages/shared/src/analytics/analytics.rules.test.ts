import { describe, expect, it } from 'vitest';
import fc from 'fast-check';

import {
  addDays,
  analyticsCsv,
  complementCells,
  showCriterionFunnel,
  suppressCriterionFunnel,
  suppressFunnel,
  suppressFunnelSteps,
  suppressCells,
  weekEnd,
  weekStart,
  withheldReason,
  withholdCells,
} from './analytics.rules.ts';
import { explorerQuery, applicantsAnalyticsQuery } from './analytics.schemas.ts';
import { reportCount, shownCount } from './suppression.ts';

const cell = (key: string, n: number) => ({ key, label: key.toUpperCase(), n });

describe('suppressCells', () => {
  it('shows groups of 5 and more and empty groups', () => {
    expect(suppressCells([cell('a', 5), cell('b', 0), cell('c', 12)]).map((c) => c.count)).toEqual([
      5, 0, 12,
    ]);
  });

  it('hides a group of 4, and the next smallest so the total cannot give it away', () => {
    expect(
      suppressCells([cell('a', 4), cell('b', 9), cell('c', 6), cell('d', 0)]).map((c) => c.count),
    ).toEqual([null, 9, null, 0]);
  });

  it('hides no second group when two are hidden already', () => {
    expect(suppressCells([cell('a', 1), cell('b', 2), cell('c', 50)]).map((c) => c.count)).toEqual([
      null,
      null,
      50,
    ]);
  });

  it('keeps labels and keys', () => {
    expect(suppressCells([cell('a', 7)])).toEqual([{ key: 'a', label: 'A', count: 7 }]);
  });

  it('never leaves exactly one hidden group among groups that are not empty', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(30), { maxLength: 12 }), (ns) => {
        const cells = ns.map((n, i) => cell(String(i), n));
        const out = suppressCells(cells);
        const hidden = out.filter((c) => c.count === null).length;
        const nonEmpty = ns.filter((n) => n > 0).length;
        const smallShown = out.some((c) => c.count !== null && c.count > 0 && c.count < 5);
        return !smallShown && (hidden !== 1 || nonEmpty === 1);
      }),
    );
  });
});

describe('complementCells', () => {
  it('leaves a breakdown with nothing hidden as it is, whatever its shown total', () => {
    // Counts are moved by their cells' adjustments: 10 + 12 need not add up to the total.
    const cells = [
      { key: 'a', count: 10 },
      { key: 'b', count: 12 },
    ];
    expect(complementCells(cells, 24)).toEqual(cells);
    expect(complementCells(cells, 20)).toEqual(cells);
  });

  it('hides the smallest shown group when one group is hidden', () => {
    expect(
      complementCells([
        { key: 'a', count: null },
        { key: 'b', count: 7 },
        { key: 'c', count: 0 },
        { key: 'd', count: 30 },
      ]).map((c) => c.count),
    ).toEqual([null, null, 0, 30]);
  });

  it('leaves breakdowns with no or two hidden groups alone', () => {
    const none = [{ key: 'a', count: 5 }];
    expect(complementCells(none)).toEqual(none);
    const two = [
      { key: 'a', count: null },
      { key: 'b', count: null },
      { key: 'c', count: 9 },
    ];
    expect(complementCells(two)).toEqual(two);
  });
});

describe('complementCells with the total of a one-group-per-person breakdown', () => {
  const counts = (cells: { count: number | null }[]) => cells.map((c) => c.count);

  it('hides one more group when the hidden groups together are 1 to 4 people', () => {
    // 96 people: 50 + 43 shown, and two hidden groups that together are 3 people.
    const cells = [
      { key: 'male', count: 50 },
      { key: 'female', count: 43 },
      { key: 'non_binary', count: null },
      { key: 'unstated', count: null },
    ];
    expect(counts(complementCells(cells))).toEqual([50, 43, null, null]);
    const shown = complementCells(cells, 96);
    expect(counts(shown)).toEqual([50, null, null, null]);
    expect(96 - 50).toBeGreaterThanOrEqual(5);
  });

  it('keeps hiding until the hidden groups together are 5 or more', () => {
    const cells = [
      { key: 'a', count: null },
      { key: 'b', count: null },
      { key: 'c', count: 5 },
      { key: 'd', count: 5 },
      { key: 'e', count: 40 },
    ];
    // 2 hidden; 52 - 50 = 2: hide c (the hidden together are then 7).
    expect(counts(complementCells(cells, 52))).toEqual([null, null, null, 5, 40]);
  });

  it('leaves a breakdown alone when the hidden groups together are 5 or more, or none', () => {
    const cells = [
      { key: 'a', count: null },
      { key: 'b', count: null },
      { key: 'c', count: 20 },
    ];
    expect(counts(complementCells(cells, 27))).toEqual([null, null, 20]);
    expect(counts(complementCells([{ key: 'a', count: 20 }], 20))).toEqual([20]);
  });

  it('still hides a second group when exactly one is hidden', () => {
    const cells = [
      { key: 'a', count: null },
      { key: 'b', count: 9 },
      { key: 'c', count: 30 },
    ];
    expect(counts(complementCells(cells, 42))).toEqual([null, null, 30]);
  });

  it('never shows a group that the total and the shown groups would give away (property)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      let x = seed;
      const next = () => (x = (x * 1103515245 + 12345) % 2147483648) % 12;
      const raw = Array.from({ length: 2 + (seed % 5) }, (_, i) => ({ key: `k${i}`, n: next() }));
      const total = raw.reduce((sum, c) => sum + c.n, 0);
      // A total of 1 to 4 people is withheld whole before any breakdown is shown.
      if (reportCount(total) === null) continue;
      const shown = complementCells(
        raw.map((c) => ({ key: c.key, count: reportCount(c.n) })),
        total,
      );
      const hidden = total - shown.reduce((sum, c) => sum + (c.count ?? 0), 0);
      expect(hidden === 0 || hidden >= 5, `seed ${seed}`).toBe(true);
      expect(shown.filter((c) => c.count === null).length).not.toBe(1);
    }
  });
});

describe('suppressFunnel', () => {
  it('shows steps that differ from the step before by 0 or 5 and more', () => {
    expect(suppressFunnel([40, 35, 35, 0])).toEqual([40, 35, 35, 0]);
  });

  it('hides a step 1 to 4 below the one before, and every step after it', () => {
    // 9 reached the first step, 6 the second: 3 stopped at the first.
    expect(suppressFunnel([9, 6, 5])).toEqual([9, null, null]);
    expect(suppressFunnel([100, 96, 50, 10])).toEqual([100, null, null, null]);
    expect(suppressFunnel([100, 50, 49, 10])).toEqual([100, 50, null, null]);
  });

  it('hides a small step and what follows, even a large one after it', () => {
    expect(suppressFunnel([20, 4, 0])).toEqual([20, null, null]);
    expect(suppressFunnel([20, null, 10])).toEqual([20, null, null]);
    expect(suppressFunnel([3, 3])).toEqual([null, null]);
  });

  it('compares with every earlier step, so a funnel that grows back gives nothing away', () => {
    // 100 -> 90 -> 102: 102 - 100 = 2 would be a group of its own.
    expect(suppressFunnel([100, 90, 102])).toEqual([100, 90, null]);
    expect(suppressFunnel([20, 30])).toEqual([20, 30]);
  });

  it('shows empty funnels whole', () => {
    expect(suppressFunnel([])).toEqual([]);
    expect(suppressFunnel([0, 0])).toEqual([0, 0]);
  });

  it('never leaves two shown steps 1 to 4 apart, nor a shown step of 1 to 4', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(40), { maxLength: 8 }), (raw) => {
        // A funnel: each step at most the one before.
        const steps = raw.map((_, i) => Math.min(...raw.slice(0, i + 1)));
        const shown = suppressFunnel(steps);
        const values = shown.filter((n): n is number => n !== null);
        for (const n of values) expect(n === 0 || n >= 5).toBe(true);
        for (const a of values)
          for (const b of values) expect(Math.abs(a - b) === 0 || Math.abs(a - b) >= 5).toBe(true);
        // Hidden steps form the tail.
        const firstHidden = shown.indexOf(null);
        if (firstHidden >= 0) expect(shown.slice(firstHidden).every((n) => n === null)).toBe(true);
        // A shown step is the true count.
        shown.forEach((n, i) => n !== null && expect(n).toBe(steps[i]));
      }),
    );
  });
});

describe('suppressCriterionFunnel', () => {
  const requirement = (id: number, unmet: number) => ({ id, description: `R${id}`, unmet });

  it('shows what a requirement removes alone only when neither it nor what it leaves is 1 to 4', () => {
    const funnel = suppressCriterionFunnel({
      candidates: 40,
      requirements: [
        requirement(1, 10),
        requirement(2, 3),
        requirement(3, 37),
        requirement(4, 0),
        requirement(5, 40),
      ],
      steps: [
        { id: 3, removed: 37, remaining: 3 },
        { id: 1, removed: 3, remaining: 0 },
      ],
    });
    expect(funnel.candidates).toBe(40);
    // 3 removed alone, or 3 left (40 - 37): hidden; nobody or everybody removed: shown.
    expect(funnel.requirements.map((r) => r.unmet)).toEqual([10, null, null, 0, 40]);
    // The steps go by the funnel rule, as on the analytics pages.
    expect(funnel.steps).toEqual(
      suppressFunnelSteps([
        { id: 3, removed: 37, remaining: 3 },
        { id: 1, removed: 3, remaining: 0 },
      ]),
    );
    expect(funnel.steps.map((s) => s.remaining)).toEqual([null, null]);
  });

  it('hides every count when the candidates are 1 to 4', () => {
    const funnel = suppressCriterionFunnel({
      candidates: 3,
      requirements: [requirement(1, 0), requirement(2, 3)],
      steps: [
        { id: 2, removed: 3, remaining: 0 },
        { id: 1, removed: 0, remaining: 0 },
      ],
    });
    expect(funnel.candidates).toBeNull();
    expect(funnel.requirements.map((r) => r.unmet)).toEqual([null, null]);
    expect(funnel.steps.map((s) => s.remaining)).toEqual([null, null]);
  });
});

describe('showCriterionFunnel', () => {
  const requirement = (id: number, unmet: number) => ({ id, description: `R${id}`, unmet });
  const funnel = {
    candidates: 40,
    requirements: [requirement(1, 10), requirement(2, 3), requirement(3, 30)],
    steps: [
      { id: 3, removed: 30, remaining: 10 },
      { id: 1, removed: 7, remaining: 3 },
      { id: 2, removed: 0, remaining: 3 },
    ],
    keys: {
      candidates: 5000,
      unmet: [1300, 400, 3900],
      removed: [3900, 700, 0],
      remaining: [1100, 400, 400],
    },
  };

  it('hides what the funnel rules hide, judged on the people counted', () => {
    const shown = showCriterionFunnel(funnel);
    const hidden = suppressCriterionFunnel(funnel);
    const nulls = (f: typeof hidden) => [
      f.candidates === null,
      ...f.requirements.map((r) => r.unmet === null),
      ...f.steps.flatMap((s) => [s.removed === null, s.remaining === null]),
    ];
    expect(nulls(shown)).toEqual(nulls(hidden));
  });

  it('shows every other count moved by the cell key of its own people', () => {
    const shown = showCriterionFunnel(funnel);
    expect(shown.candidates).toBe(shownCount(40, 5000));
    expect(shown.requirements.map((r) => r.unmet)).toEqual([
      shownCount(10, 1300),
      null,
      shownCount(30, 3900),
    ]);
    expect(shown.steps[0]).toEqual({
      id: 3,
      removed: shownCount(30, 3900),
      remaining: shownCount(10, 1100),
    });
    // Nobody removed stays 0; the sums of keys are never part of the answer.
    expect(shown.steps[2]!.removed).toBe(0);
    expect(JSON.stringify(shown)).not.toContain('keys');
  });
});

describe('suppressFunnelSteps', () => {
  it('hides remaining counts from the first hidden step on', () => {
    const steps = suppressFunnelSteps([
      { id: 1, removed: 10, remaining: 40 },
      { id: 2, removed: 3, remaining: 37 },
      { id: 3, removed: 20, remaining: 17 },
      { id: 4, removed: 0, remaining: 17 },
    ]);
    expect(steps).toEqual([
      { id: 1, removed: 10, remaining: 40 },
      { id: 2, removed: null, remaining: null },
      { id: 3, removed: 20, remaining: null },
      { id: 4, removed: 0, remaining: null },
    ]);
  });

  it('hides a small remaining group and what follows', () => {
    expect(
      suppressFunnelSteps([
        { id: 1, removed: 6, remaining: 4 },
        { id: 2, removed: 0, remaining: 4 },
      ]),
    ).toEqual([
      { id: 1, removed: 6, remaining: null },
      { id: 2, removed: 0, remaining: null },
    ]);
  });
});

describe('suppressFunnelSteps, the criterion funnel', () => {
  it('hides a remaining count 1 to 4 below the start even when the removed count is shown', () => {
    // Removed counts are exact differences, so the rule hides what the removed count would.
    expect(
      suppressFunnelSteps([
        { id: 1, removed: 0, remaining: 30 },
        { id: 2, removed: 5, remaining: 25 },
        { id: 3, removed: 2, remaining: 23 },
      ]),
    ).toEqual([
      { id: 1, removed: 0, remaining: 30 },
      { id: 2, removed: 5, remaining: 25 },
      { id: 3, removed: null, remaining: null },
    ]);
  });
});

describe('withheldReason', () => {
  it('withholds 1 to 4 people and shows 0 and 5', () => {
    expect(withheldReason(4, [])).toBe('small_group');
    expect(withheldReason(1, [])).toBe('small_group');
    expect(withheldReason(5, [])).toBeNull();
    expect(withheldReason(0, [])).toBeNull();
  });

  it('withholds when one filter less adds 1 to 4 people', () => {
    expect(withheldReason(20, [24])).toBe('small_difference');
    expect(withheldReason(20, [21, 40])).toBe('small_difference');
    expect(withheldReason(20, [25, 20])).toBeNull();
    expect(withheldReason(20, [20])).toBeNull();
  });

  it('withholds when the dates with an end moved by a week count 1 to 4 people more or fewer', () => {
    // 12 applied in the weeks asked; a week more at the end would count 15: 3 people.
    expect(withheldReason(12, [21], { sizes: [12, 15] })).toBe('small_difference');
    expect(withheldReason(15, [21], { sizes: [12] })).toBe('small_difference');
    expect(withheldReason(12, [21], { sizes: [12, 17, 6, 0] })).toBeNull();
  });

  it('withholds when one value more or less in a list adds or leaves out 1 to 4 people', () => {
    // genders=female (5 of 14): adding male would add the 4 men.
    expect(withheldReason(5, [14], { differences: [5, 4, 5] })).toBe('small_difference');
    expect(withheldReason(9, [14], { differences: [1] })).toBe('small_difference');
    expect(withheldReason(9, [14], { differences: [-3] })).toBe('small_difference');
    expect(withheldReason(9, [14], { differences: [0, 5, 9, -5] })).toBeNull();
    expect(withheldReason(9, [14], {})).toBeNull();
  });

  it('a small group is told as such before any difference', () => {
    expect(withheldReason(3, [14], { sizes: [5], differences: [2] })).toBe('small_group');
  });

  it('withholdCells hides every count', () => {
    expect(withholdCells([{ key: 'a', label: 'A', count: 9 }])).toEqual([
      { key: 'a', label: 'A', count: null },
    ]);
  });
});

describe('weeks', () => {
  it('start on Monday and end on Sunday (UTC)', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekEnd('2026-11-25')).toBe('2026-11-29');
    expect(weekEnd('2026-12-30')).toBe('2027-01-03');
  });

  it('move by days across months and years, whatever the local time zone', () => {
    expect(addDays('2026-11-23', 7)).toBe('2026-11-30');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('analyticsCsv', () => {
  it('writes what the table shows, suppressed cells as "fewer than 5"', () => {
    const csv = analyticsCsv(
      { dimension: 'Gender', measure: 'Applicants' },
      [
        { key: 'f', label: 'Female', count: 12 },
        { key: 'm', label: 'Male, "other"', count: null },
      ],
      30,
    );
    expect(csv).toBe(
      'Gender,Applicants\r\nFemale,12\r\n"Male, ""other""",fewer than 5\r\nTotal,30\r\n',
    );
  });

  it('adds a value column for time in phase', () => {
    const csv = analyticsCsv({ dimension: 'Phase', measure: 'Applicants', value: 'Median days' }, [
      { key: '1', label: 'Interview', count: 6, value: 2.5 },
      { key: '2', label: 'Offer', count: null, value: null },
    ]);
    expect(csv).toBe(
      'Phase,Applicants,Median days\r\nInterview,6,2.5\r\nOffer,fewer than 5,fewer than 5\r\n',
    );
  });
});

describe('query schemas', () => {
  it('read lists and switches from the query string', () => {
    const q = explorerQuery.parse({
      measure: 'regrets',
      dimension: 'gender',
      opportunities: '3,4',
      genders: 'female,male',
      complete: 'true',
      from: '2026-01-01',
    });
    expect(q).toMatchObject({
      measure: 'regrets',
      dimension: 'gender',
      opportunities: [3, 4],
      genders: ['female', 'male'],
      complete: true,
      from: '2026-01-01',
    });
  });

  it('refuse a phase breakdown of eligible candidates, a reversed range and junk ids', () => {
    const r1 = explorerQuery.safeParse({ measure: 'eligible', dimension: 'phase' });
    expect(r1.success).toBe(false);
    expect(r1.error?.issues[0]?.path).toEqual(['dimension']);
    const r2 = applicantsAnalyticsQuery.safeParse({ from: '2026-02-01', to: '2026-01-01' });
    expect(r2.error?.issues[0]?.path).toEqual(['to']);
    expect(applicantsAnalyticsQuery.safeParse({ opportunities: '1,x' }).success).toBe(false);
    expect(applicantsAnalyticsQuery.safeParse({ from: '2026-13-45' }).success).toBe(false);
    expect(explorerQuery.safeParse({ genders: 'robot' }).success).toBe(false);
  });

  it('default to applicants by week', () => {
    expect(explorerQuery.parse({})).toMatchObject({ measure: 'applicants', dimension: 'week' });
  });
});
