import { describe, expect, it } from 'vitest';

import {
  defaultSignupTiming,
  instantSignupTiming,
  messageDelay,
  typingDuration,
} from './signup-timing';

describe('sign-up timing', () => {
  it('loads for 2.5 s and waits 800 ms before typing', () => {
    expect(defaultSignupTiming.loaderMs).toBe(2500);
    expect(defaultSignupTiming.bubbleDelayMs).toBe(800);
  });

  it('types 50 ms a character', () => {
    expect(typingDuration('')).toBe(0);
    expect(typingDuration('Hi')).toBe(100);
    expect(typingDuration('x'.repeat(39))).toBe(1950);
  });

  it('types for at most 2 s', () => {
    expect(typingDuration('x'.repeat(40))).toBe(2000);
    expect(typingDuration('x'.repeat(500))).toBe(2000);
  });

  it('adds the delay before the typing', () => {
    expect(messageDelay('Hi')).toBe(900);
    expect(messageDelay('x'.repeat(100))).toBe(2800);
  });

  it('waits for nothing with the instant timing', () => {
    expect(messageDelay('x'.repeat(100), instantSignupTiming)).toBe(0);
    expect(instantSignupTiming.loaderMs).toBe(0);
  });
});
