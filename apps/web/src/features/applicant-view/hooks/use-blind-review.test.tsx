import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { signIn } from '../../../testing/test-utils';
import { useBlindReview } from './use-blind-review';

describe('useBlindReview', () => {
  it('reads the signed-in user’s key', () => {
    signIn({ sub: '42', role: 'client' });
    localStorage.setItem('pathways.blindReview.42', '1');
    const { result } = renderHook(() => useBlindReview());
    expect(result.current.blind).toBe(true);
  });

  it('is off when another user turned it on', () => {
    signIn({ sub: '42', role: 'client' });
    localStorage.setItem('pathways.blindReview.41', '1');
    const { result } = renderHook(() => useBlindReview());
    expect(result.current.blind).toBe(false);
  });

  it('writes the key and every user of the hook follows', () => {
    signIn({ sub: '42', role: 'client' });
    const first = renderHook(() => useBlindReview());
    const second = renderHook(() => useBlindReview());
    act(() => first.result.current.setBlind(true));
    expect(localStorage.getItem('pathways.blindReview.42')).toBe('1');
    expect(second.result.current.blind).toBe(true);
    act(() => second.result.current.setBlind(false));
    expect(localStorage.getItem('pathways.blindReview.42')).toBeNull();
    expect(first.result.current.blind).toBe(false);
  });

  it('a second copy of the module follows a change made through the first', async () => {
    // The bundle may hold this module once per chunk that uses it.
    signIn({ sub: '42', role: 'client' });
    vi.resetModules();
    const copy = await import('./use-blind-review');
    expect(copy.useBlindReview).not.toBe(useBlindReview);
    const first = renderHook(() => useBlindReview());
    const second = renderHook(() => copy.useBlindReview());
    act(() => first.result.current.setBlind(true));
    expect(second.result.current.blind).toBe(true);
    act(() => second.result.current.setBlind(false));
    expect(first.result.current.blind).toBe(false);
  });

  it('follows another tab’s change', () => {
    signIn({ sub: '42', role: 'client' });
    const { result } = renderHook(() => useBlindReview());
    act(() => {
      localStorage.setItem('pathways.blindReview.42', '1');
      window.dispatchEvent(new StorageEvent('storage', { key: 'pathways.blindReview.42' }));
    });
    expect(result.current.blind).toBe(true);
  });

  it('is off and cannot be set for a guest', () => {
    const { result } = renderHook(() => useBlindReview());
    act(() => result.current.setBlind(true));
    expect(result.current.blind).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
