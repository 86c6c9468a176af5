import { describe, expect, it } from 'vitest';

import { formatInterviewTime } from './interview-time';

describe('formatInterviewTime', () => {
  it('reads a UTC time in South African time, whatever the browser’s zone', () => {
    expect(formatInterviewTime('2026-12-10T08:00:00.000Z')).toBe(
      'Thursday 10 December 2026 at 10:00',
    );
    expect(formatInterviewTime('2026-12-31T22:30:00Z')).toBe('Friday 1 January 2027 at 00:30');
  });
});
