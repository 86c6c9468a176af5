import { describe, expect, it } from 'vitest';

import { windowLine, windowState, type OpportunityWindow } from './window';

const now = new Date('2026-11-22T10:00:00Z');
const nowIso = now.toISOString();

const open: OpportunityWindow = {
  isOpen: true,
  opensAt: '2026-11-01T00:00:00Z',
  closesAt: '2026-12-03T12:00:00Z',
};
const rolling: OpportunityWindow = {
  isOpen: true,
  opensAt: '2026-11-01T00:00:00Z',
  closesAt: null,
};
const upcoming: OpportunityWindow = {
  isOpen: false,
  opensAt: '2027-01-15T12:00:00Z',
  closesAt: '2027-02-15T12:00:00Z',
};
const closed: OpportunityWindow = {
  isOpen: false,
  opensAt: '2026-01-01T00:00:00Z',
  closesAt: '2026-11-02T12:00:00Z',
};
const undated: OpportunityWindow = { isOpen: false, opensAt: null, closesAt: null };

describe('windowState', () => {
  it.each([
    ['open', open],
    ['open', rolling],
    ['upcoming', upcoming],
    ['upcoming', { isOpen: false, opensAt: '2027-01-15T12:00:00Z', closesAt: null }],
    ['closed', closed],
    ['unavailable', undated],
  ] as const)('is %s for %j', (state, window) => {
    expect(windowState(window, now)).toBe(state);
  });

  it('takes the server for its word on whether the window is open', () => {
    expect(windowState({ ...closed, isOpen: true }, now)).toBe('open');
    expect(windowState({ ...open, isOpen: false }, now)).toBe('unavailable');
  });

  it('counts an opportunity that closes exactly now as closed, and one opening now as not upcoming', () => {
    expect(windowState({ isOpen: false, opensAt: closed.opensAt, closesAt: nowIso }, now)).toBe(
      'closed',
    );
    expect(windowState({ isOpen: false, opensAt: nowIso, closesAt: null }, now)).toBe(
      'unavailable',
    );
  });
});

describe('windowLine', () => {
  it.each([
    [open, 'Closes 3 December 2026', 'Open for applications until 3 December 2026'],
    [rolling, 'Open', 'Open for applications'],
    [upcoming, 'Opens 15 January 2027', 'Applications open on 15 January 2027'],
    [closed, 'Closed 2 November 2026', 'Applications closed on 2 November 2026'],
    [undated, 'Not open for applications', 'Not open for applications'],
  ])('words %j briefly for a card and fully for a page', (window, brief, full) => {
    expect(windowLine(window, now, 'brief')).toBe(brief);
    expect(windowLine(window, now, 'full')).toBe(full);
    expect(windowLine(window, now)).toBe(full);
  });
});
