import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { authMessages } from '@pathways/shared/auth/auth.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { jsonResponse, makeUser, mockFetch, renderApp, signIn } from '../../testing/test-utils';

beforeAll(() => import('./confirm-email'), 120_000);

/** The API answering the confirmation link with `status` and `body`; other calls are not found. */
function confirmationAnswers(status: number, body: unknown) {
  return mockFetch(({ path }) =>
    path.startsWith('/api/candidate/confirmation?')
      ? jsonResponse(status, body)
      : jsonResponse(404, { code: 'not_found', message: 'Not found' }),
  );
}

describe('the confirmation link page', () => {
  it('thanks the user by address when the link confirms, and offers to log in', async () => {
    const calls = confirmationAnswers(200, makeUser({ email: 'lerato@example.test' }));
    renderApp('/candidate/confirm_email/first-use');
    expect(
      await screen.findByText('Thank you. Your e-mail address lerato@example.test is confirmed.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(paths.login);
    expect(calls.map((c) => c.path)).toContain('/api/candidate/confirmation?token=first-use');
  });

  it('says only that the address is confirmed for a link already used, and offers to log in', async () => {
    confirmationAnswers(200, { confirmed: true, message: authMessages.alreadyConfirmed });
    renderApp('/candidate/confirm_email/used');
    expect(await screen.findByText('Your e-mail address is already confirmed.')).toBeTruthy();
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(screen.queryByText(/@/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(paths.login);
  });

  it('reads the signed-in account again after a used link, which names no one', async () => {
    signIn();
    let accountReads = 0;
    let answerLink: () => void = () => {};
    const linkAnswered = new Promise<void>((resolve) => (answerLink = resolve));
    mockFetch(async ({ path }) => {
      if (path === '/api/candidate/candidate') {
        accountReads += 1;
        const confirmationSentAt = new Date().toISOString();
        return jsonResponse(200, makeUser({ confirmedAt: null, confirmationSentAt }));
      }
      if (path.startsWith('/api/candidate/confirmation?')) {
        await linkAnswered;
        return jsonResponse(200, { confirmed: true, message: authMessages.alreadyConfirmed });
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    });
    renderApp('/candidate/confirm_email/used');
    // The page has read the account, not confirmed yet, before the link answers.
    expect(await screen.findByText(/Please confirm your e-mail address/)).toBeTruthy();
    expect(accountReads).toBe(1);
    answerLink();
    expect(await screen.findByText(authMessages.alreadyConfirmed)).toBeTruthy();
    await waitFor(() => expect(accountReads).toBe(2));
  });

  it('offers a new link for an expired one', async () => {
    confirmationAnswers(422, { code: 'token_expired', message: authMessages.linkExpired });
    renderApp('/candidate/confirm_email/expired');
    expect(await screen.findByText(/confirmation links work for one day/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
  });
});
