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
import { tokenStore } from '../../../lib/auth/token-store';
import { RegisterForm } from './register-form';

async function fill(email: string, password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

function describedBy(label: string): string {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('RegisterForm', () => {
  it('checks the confirmation with the shared schema before calling the API', async () => {
    const calls = mockFetch(() => jsonResponse(500));
    renderWithProviders(<RegisterForm />);
    await fill('new@demo.test', 'long-enough-1', 'long-enough-2');
    expect(await screen.findByText('Must match password given')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the per-field errors of a 422 beside the fields, and the snackbar', async () => {
    mockFetch(() =>
      jsonResponse(422, {
        code: 'validation',
        message: 'Invalid',
        errors: {
          email: ['Email has already been taken'],
          password: ['Password is too common'],
          passwordConfirmation: ['Must match password given'],
        },
      }),
    );
    renderWithProviders(<RegisterForm />);
    await fill('thandi@demo.test', 'password123', 'password123');
    expect(await screen.findByText("Your account couldn't be created.")).toBeTruthy();
    await waitFor(() => expect(describedBy('Email')).toContain('Email has already been taken'));
    expect(describedBy('Password')).toContain('Password is too common');
    expect(describedBy('Confirm password')).toContain('Must match password given');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(tokenStore.get()).toBeNull();
  });

  it('says the account could not be created when the server fails', async () => {
    mockFetch(() => jsonResponse(500, { code: 'internal', message: 'Oops' }));
    renderWithProviders(<RegisterForm />);
    await fill('new@demo.test', 'long-enough-1', 'long-enough-1');
    expect(await screen.findByText("Your account couldn't be created.")).toBeTruthy();
  });

  it('stores the token and opens the dashboard on success', async () => {
    const token = makeToken({ role: 'candidate', sub: '42' });
    const calls = mockFetch(() =>
      jsonResponse(201, makeUser({ id: 42, email: 'new@demo.test' }), {
        Authorization: `Bearer ${token}`,
      }),
    );
    const result = renderWithProviders(<RegisterForm />, '/#signup');
    await fill('New@Demo.test', 'long-enough-1', 'long-enough-1');
    await waitFor(() => expect(currentLocation(result)).toBe('/dashboard'));
    expect(tokenStore.get()).toBe(token);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/candidates',
      body: {
        email: 'new@demo.test',
        password: 'long-enough-1',
        passwordConfirmation: 'long-enough-1',
      },
    });
  });
});
