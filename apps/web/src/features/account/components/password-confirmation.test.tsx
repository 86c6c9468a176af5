import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderWithProviders,
  signIn,
} from '../../../testing/test-utils';
import { ChangeEmailForm } from './change-email-form';
import { DeleteAccountCard } from './delete-account-card';

// A sensitive change is confirmed with the password where the account has one; an account made
// through a social provider has none, so the forms do not ask for it.
function api(hasPassword: boolean) {
  return mockFetch((call) => {
    if (call.path === '/api/candidate/candidate/identities') {
      return jsonResponse(200, { items: [], hasPassword });
    }
    if (call.path === '/api/candidate/candidate' && call.method === 'PATCH') {
      return jsonResponse(200, { ...makeUser(), message: 'Check your new inbox.' });
    }
    if (call.path === '/api/candidate/candidate' && call.method === 'DELETE') {
      return new Response(null, { status: 204 });
    }
    if (call.path === '/api/candidate/candidate') return jsonResponse(200, makeUser());
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
}

describe('changing the e-mail address', () => {
  it('asks an account with a password for it', async () => {
    signIn();
    const calls = api(true);
    renderWithProviders(<ChangeEmailForm />);
    const form = await screen.findByRole('form', { name: 'Change e-mail address' });
    await userEvent.type(within(form).getByLabelText('New e-mail address'), 'new@example.test');
    fireEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('does not ask an account made through a provider, and sends only the address', async () => {
    signIn();
    const calls = api(false);
    renderWithProviders(<ChangeEmailForm />);
    const form = await screen.findByRole('form', { name: 'Change e-mail address' });
    await waitForNoPasswordField(form);
    await userEvent.type(within(form).getByLabelText('New e-mail address'), 'new@example.test');
    fireEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findAllByText('Check your new inbox.')).not.toHaveLength(0);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      candidate: { email: 'new@example.test' },
    });
  });
});

describe('deleting the account', () => {
  it('asks an account with a password for it', async () => {
    signIn();
    api(true);
    renderWithProviders(<DeleteAccountCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });

  it('deletes an account made through a provider without a password', async () => {
    signIn();
    const calls = api(false);
    renderWithProviders(<DeleteAccountCard />, '/candidate/account');
    // The answer about the password arrives before the dialog is opened.
    await waitForIdentities(calls);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await expect
      .poll(() => within(dialog).queryByLabelText('Password'), { timeout: 15_000 })
      .toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await screen.findByText('Your account and everything in it have been deleted.');
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({});
  });
});

async function waitForNoPasswordField(form: HTMLElement) {
  await expect
    .poll(() => within(form).queryByLabelText('Current password'), { timeout: 15_000 })
    .toBeNull();
}

async function waitForIdentities(calls: { path: string }[]) {
  await expect
    .poll(() => calls.some((c) => c.path === '/api/candidate/candidate/identities'), {
      timeout: 15_000,
    })
    .toBe(true);
}
