import { describe, expect, it } from 'vitest';

import { remainingMinutes, signupSteps, stepIndex, timeRemainingLabel } from './signup-steps';

describe('sign-up steps', () => {
  it('runs Email, Name, Identification, Finish Up in order', () => {
    expect(signupSteps.map((s) => s.label)).toEqual([
      'Email',
      'Name',
      'Identification',
      'Finish Up',
    ]);
    expect(signupSteps.map((s) => s.minutes)).toEqual([0, 1, 1, 0]);
    expect(stepIndex('email')).toBe(0);
    expect(stepIndex('finish')).toBe(3);
  });

  it('sums the durations of the steps that remain', () => {
    expect(remainingMinutes(0)).toBe(2);
    expect(remainingMinutes(1)).toBe(2);
    expect(remainingMinutes(2)).toBe(1);
    expect(remainingMinutes(3)).toBe(0);
    expect(remainingMinutes(4)).toBe(0);
  });

  it('labels the chip, with "< 1 min remaining" when nothing with a duration remains', () => {
    expect(timeRemainingLabel(0)).toBe('2 min remaining');
    expect(timeRemainingLabel(2)).toBe('1 min remaining');
    expect(timeRemainingLabel(3)).toBe('< 1 min remaining');
    expect(timeRemainingLabel(4)).toBe('< 1 min remaining');
  });
});
