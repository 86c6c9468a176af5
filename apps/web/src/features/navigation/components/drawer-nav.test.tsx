import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  currentLocation,
  jsonResponse,
  makeUser,
  mockFetch,
  renderWithProviders,
  signIn,
} from '../../../testing/test-utils';
import type { ClientMe } from '@pathways/shared/managers/managers.schemas';

import { tokenStore } from '../../../lib/session/token-store';
import { DrawerNav } from './drawer-nav';

const clientMe = (overrides: Partial<ClientMe> = {}): ClientMe => ({
  organizationId: 12,
  organizationName: 'Acme',
  primary: false,
  activeWorkspaces: [],
  managedWorkspaceCount: 0,
  ...overrides,
});

const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('DrawerNav', () => {
  it('gives a candidate the candidate links, without Messages while there are no chats', async () => {
    signIn({ role: 'candidate' });
    mockFetch(() => jsonResponse(200, makeUser()));
    renderWithProviders(
      <DrawerNav viewer={{ id: 1, role: 'candidate', primary: false }} onNavigate={() => {}} />,
    );
    expect(await screen.findByText('Thandi Mokoena')).toBeTruthy();
    expect(linkNames()).toEqual([
      'Opportunities Search',
      'My Profile',
      'My Documents',
      'My Applications',
      'Settings',
    ]);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('shows a candidate Messages once chats exist, with the unread count', async () => {
    signIn({ role: 'candidate' });
    const chat = {
      id: 1,
      applicationId: 31,
      opportunity: { id: 5, name: 'Engineering Bursary' },
      organization: { id: 2, name: 'Acme Mining' },
      candidate: { id: 1, name: 'Thandi Mokoena' },
      lastMessage: null,
      lastMessageAt: null,
      unreadCount: 3,
    };
    mockFetch(({ path }) =>
      path === '/api/candidate/chats'
        ? jsonResponse(200, { items: [chat], unreadCount: 3 })
        : jsonResponse(200, makeUser()),
    );
    renderWithProviders(
      <DrawerNav viewer={{ id: 1, role: 'candidate', primary: false }} onNavigate={() => {}} />,
    );
    await waitFor(() => expect(linkNames()).toContain('3Messages'));
    const link = screen.getByRole('link', { name: /Messages/ });
    expect(link.getAttribute('href')).toBe('/candidate/messages');
  });

  it('hides Opportunities Search from a suspended candidate', async () => {
    signIn({ role: 'candidate' });
    mockFetch(() => jsonResponse(200, makeUser({ isSuspended: true })));
    renderWithProviders(
      <DrawerNav viewer={{ id: 1, role: 'candidate', primary: false }} onNavigate={() => {}} />,
    );
    await screen.findByText('Thandi Mokoena');
    await waitFor(() => expect(linkNames()).not.toContain('Opportunities Search'));
    expect(linkNames()).toContain('My Profile');
  });

  it('gives a primary client candidate search and the employer page of its organization', async () => {
    signIn({ role: 'client', sub: '3', primary: true });
    mockFetch(({ path }) =>
      path === '/api/client/me'
        ? jsonResponse(200, clientMe({ primary: true }))
        : jsonResponse(200, makeUser({ id: 3, role: 'client', primary: true, organizationId: 12 })),
    );
    renderWithProviders(
      <DrawerNav viewer={{ id: 3, role: 'client', primary: true }} onNavigate={() => {}} />,
    );
    await waitFor(() => expect(linkNames()).toContain('Employer page'));
    expect(linkNames()).toEqual([
      'Candidate search',
      'Workspaces',
      'Interviews',
      'Campaigns',
      'Analytics',
      'Employer page',
      'Managers',
      'Integrations',
    ]);
    expect(screen.getByRole('link', { name: 'Employer page' }).getAttribute('href')).toBe(
      '/organizations/12',
    );
    expect(screen.getByText('No active workspaces yet.')).toBeTruthy();
  });

  it('gives a non-primary client who manages nothing Shared With Me instead', async () => {
    signIn({ role: 'client', sub: '4', primary: false });
    mockFetch(({ path }) =>
      path === '/api/client/me'
        ? jsonResponse(200, clientMe())
        : jsonResponse(200, makeUser({ id: 4, role: 'client', organizationId: 12 })),
    );
    renderWithProviders(
      <DrawerNav viewer={{ id: 4, role: 'client', primary: false }} onNavigate={() => {}} />,
    );
    await waitFor(() => expect(linkNames()).toContain('Employer page'));
    expect(linkNames()[0]).toBe('Shared With Me');
    expect(linkNames()).not.toContain('Candidate search');
  });

  it('lists a manager their active workspaces, each opening its applications, with candidate search', async () => {
    signIn({ role: 'client', sub: '5', primary: false });
    mockFetch(({ path }) =>
      path === '/api/client/me'
        ? jsonResponse(
            200,
            clientMe({
              activeWorkspaces: [
                { id: 21, name: 'Graduate engineers' },
                { id: 22, name: 'Winter interns' },
              ],
              managedWorkspaceCount: 3,
            }),
          )
        : jsonResponse(200, makeUser({ id: 5, role: 'client', organizationId: 12 })),
    );
    renderWithProviders(
      <DrawerNav viewer={{ id: 5, role: 'client', primary: false }} onNavigate={() => {}} />,
    );
    const workspaces = await screen.findByRole('list', { name: 'Active workspaces' });
    const links = within(workspaces).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Graduate engineers', '/client/opportunities/21/applications'],
      ['Winter interns', '/client/opportunities/22/applications'],
    ]);
    expect(linkNames()[0]).toBe('Candidate search');
    expect(linkNames()).not.toContain('Shared With Me');
  });

  it('follows the server when the primary flag of the token is out of date', async () => {
    signIn({ role: 'client', sub: '6', primary: true });
    mockFetch(({ path }) =>
      path === '/api/client/me'
        ? jsonResponse(200, clientMe({ primary: false }))
        : jsonResponse(200, makeUser({ id: 6, role: 'client', organizationId: 12 })),
    );
    renderWithProviders(
      <DrawerNav viewer={{ id: 6, role: 'client', primary: true }} onNavigate={() => {}} />,
    );
    await waitFor(() => expect(linkNames()[0]).toBe('Shared With Me'));
  });

  it('logs out: ends the session on the server, forgets the token, goes home', async () => {
    signIn({ role: 'candidate' });
    const calls = mockFetch(({ method }) =>
      method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(200, makeUser()),
    );
    const result = renderWithProviders(
      <DrawerNav viewer={{ id: 1, role: 'candidate', primary: false }} onNavigate={() => {}} />,
      '/candidate/profile',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(tokenStore.get()).toBeNull());
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/auth/session'),
    ).toBe(true);
    await waitFor(() => expect(currentLocation(result)).toBe('/'));
  });
});
