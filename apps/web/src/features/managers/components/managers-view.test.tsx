import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ClientUser } from '@pathways/shared/managers/managers.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { ManagersView } from './managers-view';

const person = (overrides: Partial<ClientUser>): ClientUser => ({
  id: 1,
  email: 'ann@acme.test',
  firstName: 'Ann',
  lastName: 'Primary',
  jobTitle: null,
  primary: true,
  active: true,
  status: 'joined',
  invitedAt: null,
  lastSignInAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const ann = person({});
const ben = person({
  id: 2,
  email: 'ben@acme.test',
  firstName: 'Ben',
  lastName: 'Invited',
  primary: false,
  status: 'invited',
  invitedAt: '2026-11-21T10:00:00.000Z',
  lastSignInAt: null,
  jobTitle: 'Recruiter',
});
const list = (items: ClientUser[]) => ({ items, page: 1, per: 100, total: items.length });

describe('ManagersView', () => {
  it('lists the managers with primary, invited or joined, and active', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    mockFetch(() =>
      jsonResponse(
        200,
        list([
          ann,
          ben,
          person({
            id: 3,
            firstName: 'Cy',
            lastName: 'Gone',
            email: 'cy@acme.test',
            primary: false,
            active: false,
          }),
        ]),
      ),
    );
    renderWithProviders(<ManagersView viewerId={1} primary />);
    const row = await screen.findByRole('listitem', { name: 'Ben Invited' });
    expect(within(row).getByText('Invited')).toBeTruthy();
    expect(within(row).getByText('ben@acme.test · Recruiter')).toBeTruthy();
    expect(within(row).getByText('Invited 21 November 2026')).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'Ann Primary' });
    expect(within(first).getByText('Primary')).toBeTruthy();
    expect(within(first).getByText('Ann Primary (you)')).toBeTruthy();
    expect(within(first).getByText('Last signed in 20 November 2026')).toBeTruthy();
    const gone = screen.getByRole('listitem', { name: 'Cy Gone' });
    expect(within(gone).getByText('Deactivated')).toBeTruthy();
  });

  it('adds a manager and shows the server’s message beside the e-mail field', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse(422, {
            code: 'validation',
            message: 'Email has already been taken',
            errors: { email: ['Email has already been taken'] },
          })
        : jsonResponse(200, list([ann])),
    );
    renderWithProviders(<ManagersView viewerId={1} primary />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a manager' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a manager' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('First name is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/First name/), 'Dee');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Taken');
    await user.type(within(dialog).getByLabelText(/E-mail address/), 'Dee@Acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Email has already been taken')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      client: { firstName: 'Dee', lastName: 'Taken', email: 'dee@acme.test', jobTitle: null },
    });
  });

  it('re-invites, makes primary and deactivates after confirming', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/client/clients/2/invite') {
        return jsonResponse(200, {
          client: ben,
          message: 'A new invitation is on its way to ben@acme.test.',
        });
      }
      if (method === 'PATCH') return jsonResponse(200, { client: ben });
      return jsonResponse(200, list([ann, ben]));
    });
    renderWithProviders(<ManagersView viewerId={1} primary />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ben Invited' }));
    await user.click(screen.getByRole('menuitem', { name: 'Send a new invitation' }));
    expect(
      await screen.findByText('A new invitation is on its way to ben@acme.test.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Ben Invited' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make primary' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ client: { primary: true } }),
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Ben Invited' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    const confirm = screen.getByRole('dialog', { name: 'Deactivate Ben Invited?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
        client: { active: false },
      }),
    );
    expect(calls.every((c) => c.path !== '/api/client/clients/1')).toBe(true);
  });

  it('tells the last primary user why they cannot withdraw their own primary flag', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const message =
      'Your organization needs at least one active primary user: make someone else primary first';
    mockFetch(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(409, { code: 'conflict', message })
        : jsonResponse(200, list([ann])),
    );
    renderWithProviders(<ManagersView viewerId={1} primary />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Primary' }));
    expect(screen.queryByRole('menuitem', { name: 'Deactivate' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Withdraw primary' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('shows a non-primary user the list without any action', async () => {
    signIn({ role: 'client', sub: '2', primary: false });
    mockFetch(() => jsonResponse(200, list([ann, ben])));
    renderWithProviders(<ManagersView viewerId={2} primary={false} />);
    await screen.findByRole('listitem', { name: 'Ann Primary' });
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a manager' })).toBeNull();
    expect(
      screen.getByText('Only a primary user of your organization can add or change managers.'),
    ).toBeTruthy();
  });
});
