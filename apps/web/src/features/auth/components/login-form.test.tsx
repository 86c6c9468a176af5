import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  currentLocation,
  jsonResponse,
  makeToken,
  makeUser,
  mockFetch,
  renderWithProviders,
} from '../../../testing/test-utils';
import { tokenStore } from '../../../lib/session/token-store';
import LoginForm from './login-form';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('shows the shared validation messages beside the fields without calling the API', async () => {
    const calls = mockFetch(() => jsonResponse(500));
    renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('says an e-mail address must be valid', async () => {
    mockFetch(() => jsonResponse(500));
    renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('thandi-at-demo', 'demo-password');
    expect(await screen.findByText('Email must be valid')).toBeTruthy();
  });

  it('says the login failed on wrong credentials', async () => {
    mockFetch(() => jsonResponse(401, { code: 'unauthenticated', message: 'Invalid' }));
    renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('thandi@demo.test', 'wrong-password');
    expect(
      await screen.findByText("You couldn't be logged in. Please check the login details again."),
    ).toBeTruthy();
    expect(tokenStore.get()).toBeNull();
  });

  it('counts a 204 answer as a failed login', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('thandi@demo.test', 'demo-password');
    expect(
      await screen.findByText("You couldn't be logged in. Please check the login details again."),
    ).toBeTruthy();
  });

  it('tells a blocked user to contact support, with a button for it', async () => {
    mockFetch(() => jsonResponse(403, { code: 'blocked', message: 'Blocked', isBlocked: true }));
    renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('blocked@demo.test', 'demo-password');
    expect(
      await screen.findByText('Your profile has been blocked. Please contact support.'),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Contact support' }));
    expect(await screen.findByRole('dialog', { name: 'Contact support' })).toBeTruthy();
  });

  it('asks a rate-limited user to wait', async () => {
    mockFetch(() =>
      jsonResponse(429, { code: 'rate_limited', message: 'Slow down' }, { 'Retry-After': '90' }),
    );
    renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('thandi@demo.test', 'demo-password');
    expect(
      await screen.findByText('Too many login attempts. Please try again in 2 minutes.'),
    ).toBeTruthy();
  });

  it('shows server field errors beside the fields', async () => {
    mockFetch(() =>
      jsonResponse(422, {
        code: 'validation',
        message: 'Invalid',
        errors: { email: ['Email must be valid'] },
      }),
    );
    renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('odd@demo.test', 'demo-password');
    expect(await screen.findByText('Email must be valid')).toBeTruthy();
  });

  it('logs a client in and opens /client/opportunities', async () => {
    const token = makeToken({ role: 'client', sub: '7', primary: true });
    const calls = mockFetch(() =>
      jsonResponse(200, makeUser({ id: 7, role: 'client', primary: true }), {
        Authorization: `Bearer ${token}`,
      }),
    );
    const result = renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('Client@Demo.test', 'demo-password');
    await waitFor(() => expect(currentLocation(result)).toBe('/client/opportunities'));
    expect(tokenStore.get()).toBe(token);
    // The shared schema normalises the address before it is sent.
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'client@demo.test', password: 'demo-password' },
    });
  });

  it('logs a candidate in and opens /dashboard', async () => {
    const token = makeToken({ role: 'candidate' });
    mockFetch(() => jsonResponse(200, makeUser(), { Authorization: `Bearer ${token}` }));
    const result = renderWithProviders(<LoginForm />, '/login');
    await fillAndSubmit('thandi@demo.test', 'demo-password');
    await waitFor(() => expect(currentLocation(result)).toBe('/dashboard'));
  });

  it('goes back to the page that asked for the login', async () => {
    const token = makeToken({ role: 'candidate' });
    mockFetch(() => jsonResponse(200, makeUser(), { Authorization: `Bearer ${token}` }));
    const result = renderWithProviders(
      <LoginForm returnTo="/opportunities/12/data-analyst?ref=home" />,
      '/login',
    );
    await fillAndSubmit('thandi@demo.test', 'demo-password');
    await waitFor(() =>
      expect(currentLocation(result)).toBe('/opportunities/12/data-analyst?ref=home'),
    );
  });
});
