import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useSettledValue } from './use-settled-value';

describe('useSettledValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes a change after a quiet moment on at once, and holds a burst until it ends', () => {
    const { result, rerender } = renderHook(({ value }) => useSettledValue(value, 150), {
      initialProps: { value: 'a' },
    });
    expect(result.current).toBe('a');

    // One change after a quiet moment: through without the pause.
    vi.advanceTimersByTime(1_000);
    rerender({ value: 'b' });
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('b');

    // A burst right after it: held until the changes stop for 150 ms, then the last one.
    act(() => {
      vi.advanceTimersByTime(50);
    });
    rerender({ value: 'c' });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    rerender({ value: 'd' });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current).toBe('b');
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(result.current).toBe('d');
  });
});
