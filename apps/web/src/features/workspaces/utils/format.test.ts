import { describe, expect, it } from 'vitest';

import { intakeOf, stateOf } from './format';

const now = new Date('2026-11-29T12:00:00Z');
const active = {
  isActive: true,
  publishedAt: '2026-10-01T00:00:00Z',
  opensAt: '2026-10-01T00:00:00Z',
  closesAt: '2026-12-31T00:00:00Z',
};

describe('intakeOf', () => {
  it('says whether an active opportunity takes applications now', () => {
    expect(intakeOf(active, now)).toBe('Open for applications');
    expect(intakeOf({ ...active, closesAt: null }, now)).toBe('Open for applications');
    expect(intakeOf({ ...active, closesAt: '2026-11-20T00:00:00Z' }, now)).toBe(
      'Applications closed',
    );
    expect(intakeOf({ ...active, opensAt: '2026-12-05T00:00:00Z' }, now)).toBe('Not open yet');
    expect(intakeOf({ ...active, opensAt: null }, now)).toBe('Not open yet');
  });

  it('says nothing of one that is not active, which its state already names', () => {
    const ended = { ...active, isActive: false, closesAt: '2026-06-01T00:00:00Z' };
    expect(intakeOf(ended, now)).toBeNull();
    expect(stateOf(ended, now)).toBe('Ended');
    // Still active after its closing date: the intake says it is closed.
    const closed = { ...active, closesAt: '2026-11-01T00:00:00Z' };
    expect([stateOf(closed, now), intakeOf(closed, now)]).toEqual([
      'Active',
      'Applications closed',
    ]);
  });
});
