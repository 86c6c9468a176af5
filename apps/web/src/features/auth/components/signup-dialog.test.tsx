import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/test-utils';
import SignupDialog from './signup-dialog';

describe('SignupDialog', () => {
  it('loads for 2.5 s, then types the welcome at 50 ms a character after 800 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<SignupDialog open onClose={() => undefined} />, '/#signup');
    expect(screen.getByRole('dialog', { name: 'Join Pathways' })).toBeTruthy();
    expect(screen.getByText('Getting things ready…')).toBeTruthy();

    act(() => vi.advanceTimersByTime(2499));
    expect(screen.getByText('Getting things ready…')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('log', { name: 'Conversation with Pathways' })).toBeTruthy();
    expect(screen.getByTestId('typing')).toBeTruthy();

    // "Hi! Welcome to Pathways." is 24 characters: 800 ms, then 1200 ms of typing.
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Hi! Welcome to Pathways.')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Hi! Welcome to Pathways.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();

    // The second message is capped at 2 s of typing; then the choices come.
    act(() => vi.advanceTimersByTime(2800));
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Come back later' })).toBeTruthy();
  });
});
