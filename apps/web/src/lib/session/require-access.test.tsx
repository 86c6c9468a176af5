import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  currentLocation,
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
} from '../../testing/test-utils';
import { RequireAccess } from './require-access';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function renderGuarded(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<Where />} />
        <Route path="/dashboard" element={<Where />} />
        <Route element={<RequireAccess access="signedIn" />}>
          <Route path="/anyone" element={<Where />} />
        </Route>
        <Route element={<RequireAccess access="candidate" />}>
          <Route path="/candidate/profile" element={<Where />} />
        </Route>
        <Route element={<RequireAccess access="client" />}>
          <Route path="/client/opportunities" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireAccess', () => {
  it('sends a guest from a role route to /', () => {
    renderGuarded('/candidate/profile');
    expect(screen.getByText('at /')).toBeTruthy();
  });

  it('sends a guest from a signed-in route to /', () => {
    renderGuarded('/anyone');
    expect(screen.getByText('at /')).toBeTruthy();
  });

  it('sends a candidate from a client route to /dashboard', () => {
    signIn({ role: 'candidate' });
    renderGuarded('/client/opportunities');
    expect(screen.getByText('at /dashboard')).toBeTruthy();
  });

  it('sends a client from a candidate route to /dashboard', () => {
    signIn({ role: 'client', primary: true });
    renderGuarded('/candidate/profile');
    expect(screen.getByText('at /dashboard')).toBeTruthy();
  });

  it('lets the right role and any signed-in user through', () => {
    signIn({ role: 'client' });
    const { unmount } = renderGuarded('/client/opportunities');
    expect(screen.getByText('at /client/opportunities')).toBeTruthy();
    unmount();
    renderGuarded('/anyone');
    expect(screen.getByText('at /anyone')).toBeTruthy();
  });

  it('reads an unreadable token as a guest', () => {
    localStorage.setItem('pathways.token', 'not-a-jwt');
    renderGuarded('/candidate/profile');
    expect(screen.getByText('at /')).toBeTruthy();
  });
});

describe('the app routes', () => {
  // The pages a guest lands on read the API: the home page the newest open opportunities, an
  // unknown one-segment path the campaign aliases. Without a signed-in user, the API has no
  // opportunities and no aliases. Tests for signed-in users answer with their own stub.
  const guestCalls: string[] = [];
  beforeEach(() => {
    guestCalls.length = 0;
    mockFetch(({ path }) => {
      guestCalls.push(path);
      if (path.startsWith('/api/opportunities?')) {
        return jsonResponse(200, {
          items: [],
          page: 1,
          per: 6,
          total: 0,
          sort: { field: 'opens_at', direction: 'DESC' },
          filters: { open: true },
        });
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    });
  });

  it('shows a guest the home page instead of a candidate page', async () => {
    const result = renderApp('/candidate/profile');
    expect(
      await screen.findByRole('heading', {
        name: 'Find the jobs, bursaries and scholarships you qualify for',
      }),
    ).toBeTruthy();
    expect(currentLocation(result)).toBe('/');
    await waitFor(() => expect(document.title).toBe('Pathways: jobs, bursaries and scholarships'));
  });

  it('sends a client who opens a candidate page to the dashboard', async () => {
    signIn({ role: 'client', sub: '5', primary: true });
    mockFetch(({ path }) =>
      path === '/api/client/clients/5'
        ? jsonResponse(
            200,
            makeUser({
              id: 5,
              role: 'client',
              primary: true,
              firstName: 'Lerato',
              organizationId: 2,
            }),
          )
        : jsonResponse(404, { code: 'not_found', message: 'Not found' }),
    );
    const result = renderApp('/candidate/documents');
    expect(await screen.findByRole('heading', { name: 'Welcome, Lerato' })).toBeTruthy();
    expect(currentLocation(result)).toBe('/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard · Pathways'));
  });

  it("shows a candidate's page frame with its title", async () => {
    signIn({ role: 'candidate' });
    const calls = mockFetch(() => jsonResponse(200, makeUser()));
    renderApp('/candidate/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Messages · Pathways'));
    // The user comes from the candidate's own address, with the bearer token.
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/candidate/candidate')).toBe(true),
    );
    expect(calls[0]?.authorization).toMatch(/^Bearer /);
  });

  it.each(['/404', '/no/such/page'])('shows the not-found page at %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · Pathways'));
  });

  it('shows the not-found page for a one-segment path that is no campaign alias', async () => {
    renderApp('/KPMG');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · Pathways'));
    expect(guestCalls).toEqual(['/api/campaign_aliases/KPMG']);
  });

  it('does not treat another role segment as a password reset link', async () => {
    renderApp('/admin/password_reset/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('opens the sign-up dialog for #signup', async () => {
    renderApp('/employers#signup');
    expect(await screen.findByRole('dialog', { name: 'Join Pathways' })).toBeTruthy();
  });

  it('opens the support chat for #blocked and drops the hash', async () => {
    const result = renderApp('/#blocked');
    expect(await screen.findByRole('dialog', { name: 'Contact support' })).toBeTruthy();
    expect(currentLocation(result)).toBe('/');
  });
});
