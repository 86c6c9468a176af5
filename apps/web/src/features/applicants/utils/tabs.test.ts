import { describe, expect, it } from 'vitest';

import { phaseTabs, refusalMessage, selectedTab, tabOf, undoGroups } from './tabs';

const row = (
  phaseId: number | null,
  regrettedAt: string | null = null,
  archivedAt: string | null = null,
) => ({
  phaseId,
  regrettedAt,
  archivedAt,
});
const AT = '2026-11-24T08:00:00.000Z';

describe('tabOf', () => {
  it('lists an application under its phase', () => {
    expect(tabOf(row(4), 1)).toBe('4');
  });
  it('puts one in no phase yet in the first phase of the chain', () => {
    expect(tabOf(row(null), 1)).toBe('1');
    expect(tabOf(row(null), null)).toBeNull();
  });
  it('lists a regretted one under Regretted whatever its phase', () => {
    expect(tabOf(row(4, AT), 1)).toBe('regretted');
  });
  it('lists a withdrawn one under Withdrawn, even when it was regretted too', () => {
    expect(tabOf(row(4, null, AT), 1)).toBe('withdrawn');
    expect(tabOf(row(4, AT, AT), 1)).toBe('withdrawn');
  });
});

describe('phaseTabs', () => {
  const chain = [
    { id: 1, name: 'Applied' },
    { id: 2, name: 'Interview' },
  ];
  it('counts rows per phase in chain order, then Regretted and Withdrawn', () => {
    const tabs = phaseTabs(chain, [row(1), row(null), row(2), row(2, AT), row(1, null, AT)]);
    expect(tabs.map((t) => [t.key, t.label, t.count])).toEqual([
      ['1', 'Applied', 2],
      ['2', 'Interview', 1],
      ['regretted', 'Regretted', 1],
      ['withdrawn', 'Withdrawn', 1],
    ]);
  });
  it('shows every tab with 0 when nothing matches', () => {
    expect(phaseTabs(chain, []).map((t) => t.count)).toEqual([0, 0, 0, 0]);
  });
  it('ignores a row in a phase the chain does not have', () => {
    expect(phaseTabs(chain, [row(9)]).map((t) => t.count)).toEqual([0, 0, 0, 0]);
  });
});

describe('selectedTab', () => {
  const tabs = phaseTabs([{ id: 1, name: 'Applied' }], []);
  it('keeps the tab the address names', () => {
    expect(selectedTab(tabs, 'regretted')).toBe('regretted');
  });
  it('falls back to the first tab for an unknown or absent one', () => {
    expect(selectedTab(tabs, '77')).toBe('1');
    expect(selectedTab(tabs, null)).toBe('1');
    expect(selectedTab([], null)).toBeNull();
  });
});

describe('undoGroups', () => {
  it('groups the moved applications by the phase each came from', () => {
    expect(
      undoGroups([
        { id: 1, previousPhaseId: 1, phaseId: 3 },
        { id: 2, previousPhaseId: 2, phaseId: 3 },
        { id: 3, previousPhaseId: 1, phaseId: 3 },
      ]),
    ).toEqual([
      { phaseId: 1, ids: [1, 3] },
      { phaseId: 2, ids: [2] },
    ]);
  });
  it('leaves out those that were in no phase and those that did not move', () => {
    expect(
      undoGroups([
        { id: 1, previousPhaseId: null, phaseId: 3 },
        { id: 2, previousPhaseId: 3, phaseId: 3 },
      ]),
    ).toEqual([]);
  });
});

describe('refusalMessage', () => {
  it('says the first field message', () => {
    expect(
      refusalMessage({
        message: 'Unprocessable',
        fieldErrors: {
          opportunityApplicationIds: ['These are not applications of this opportunity: 9'],
        },
      }),
    ).toBe('These are not applications of this opportunity: 9');
  });
  it('falls back to the message', () => {
    expect(
      refusalMessage({ message: 'A regretted application cannot be moved', fieldErrors: {} }),
    ).toBe('A regretted application cannot be moved');
  });
});
