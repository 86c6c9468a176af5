import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderWithProviders,
  signIn,
} from '../../../testing/test-utils';
import CandidateBanners from './candidate-banners';

const hour = 60 * 60 * 1000;

describe('CandidateBanners', () => {
  it('asks to confirm the e-mail, with the link expiry as d MMMM yyy', async () => {
    signIn();
    const sent = new Date(2026, 10, 21, 9, 0, 0);
    vi.useFakeTimers({ shouldAdvanceTime: true, now: sent.getTime() + hour });
    mockFetch(() =>
      jsonResponse(200, makeUser({ confirmedAt: null, confirmationSentAt: sent.toISOString() })),
    );
    renderWithProviders(<CandidateBanners />);
    expect(await screen.findByText(/It works until 22 November 2026\./)).toBeTruthy();
  });

  it('says an old link has expired', async () => {
    signIn();
    const sent = new Date(2026, 10, 1, 9, 0, 0);
    vi.useFakeTimers({ shouldAdvanceTime: true, now: sent.getTime() + 48 * hour });
    mockFetch(() =>
      jsonResponse(200, makeUser({ confirmedAt: null, confirmationSentAt: sent.toISOString() })),
    );
    renderWithProviders(<CandidateBanners />);
    expect(await screen.findByText(/expired on 2 November 2026/)).toBeTruthy();
  });

  it('resends the e-mail, then refreshes the user 7 seconds later', async () => {
    signIn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = makeUser({
      confirmedAt: null,
      confirmationSentAt: new Date(Date.now() - hour).toISOString(),
    });
    let user = pending;
    const calls = mockFetch(({ path }) =>
      path === '/api/candidate/candidate/send_email_confirmation'
        ? jsonResponse(200, { message: 'A new confirmation e-mail is on its way.' })
        : jsonResponse(200, user),
    );
    renderWithProviders(<CandidateBanners />);
    const resend = await screen.findByRole('button', { name: 'Resend' });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(resend);
    expect(await screen.findByText('A new confirmation e-mail is on its way.')).toBeTruthy();
    const userFetches = () =>
      calls.filter((call) => call.path === '/api/candidate/candidate').length;
    const before = userFetches();
    user = makeUser({ confirmedAt: new Date().toISOString() });
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(userFetches()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(userFetches()).toBe(before + 1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Resend|Sending/ })).toBeNull(),
    );
  });

  it('shows the suspension banner to a suspended candidate', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, makeUser({ isSuspended: true })));
    renderWithProviders(<CandidateBanners />);
    expect(await screen.findByText('Your profile has been suspended')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact support' })).toBeTruthy();
  });

  it('shows nothing to a confirmed candidate in good standing', async () => {
    signIn();
    const calls = mockFetch(() => jsonResponse(200, makeUser()));
    const { container } = renderWithProviders(<CandidateBanners />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('[role="region"]')).toBeNull();
  });
});
