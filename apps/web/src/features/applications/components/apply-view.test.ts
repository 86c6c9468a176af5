import { describe, expect, it } from 'vitest';

import { closedMessage } from './apply-view';

const now = new Date('2026-11-22T10:00:00Z');

describe('closedMessage', () => {
  it('tells the applicant why the same window takes no applications', () => {
    expect(
      closedMessage(
        { isOpen: true, opensAt: '2026-11-01T00:00:00Z', closesAt: '2026-12-03T12:00:00Z' },
        now,
      ),
    ).toBeNull();
    expect(
      closedMessage({ isOpen: true, opensAt: '2026-11-01T00:00:00Z', closesAt: null }, now),
    ).toBeNull();
    expect(
      closedMessage({ isOpen: false, opensAt: '2027-01-15T12:00:00Z', closesAt: null }, now),
    ).toBe('Applications for this opportunity have not opened yet');
    expect(
      closedMessage(
        { isOpen: false, opensAt: '2026-01-01T00:00:00Z', closesAt: '2026-11-22T10:00:00Z' },
        now,
      ),
    ).toBe('Applications for this opportunity have closed');
    expect(closedMessage({ isOpen: false, opensAt: null, closesAt: null }, now)).toBe(
      'This opportunity is not accepting applications',
    );
  });
});
