import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';

import type { TokenClaims, User } from '@pathways/shared/auth/auth.schemas';

import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { onSessionExpired } from '../lib/api-client';
import { tokenStore } from '../lib/session/token-store';
import { createQueryClient } from '../lib/query-client';

// Pages load lazily, as in the browser; the first import of a chunk can take several seconds
// on a machine busy with other work. A wait still fails when what it waits for never comes.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  tokenStore.reload();
  onSessionExpired(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * Loads a signed-in page's code before the tests that render it: the page and the pieces the
 * shell loads lazily for a signed-in user (side drawer, top bar, session watcher, snackbars).
 * Rendered cold, they arrive while a test already clicks, and evaluating them holds up every
 * event the test sends; loaded here, under a hook's own time limit, a test's waits are about
 * what the page does. Use as `beforeAll(() => loadSignedInPage(() => import('...')), 120_000)`.
 */
export async function loadSignedInPage(page: () => Promise<unknown>): Promise<void> {
  await Promise.all([
    page(),
    import('../features/auth/components/session-watcher'),
    import('../features/navigation/components/side-drawer'),
    import('../features/navigation/components/signed-in-top-bar'),
    import('../components/ui/snackbar-host'),
  ]);
}

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

let sessions = 0;

/** An unsigned JWT with these claims: the browser only reads the payload. */
export function makeToken(claims: Partial<TokenClaims> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload: TokenClaims = {
    sub: '1',
    role: 'candidate',
    sid: `session-${++sessions}`,
    iat: now,
    exp: now + 30 * 60,
    ...claims,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

export function signIn(claims: Partial<TokenClaims> = {}): string {
  const token = makeToken(claims);
  tokenStore.set(token);
  return token;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'thandi@demo.test',
    unconfirmedEmail: null,
    confirmationSentAt: null,
    confirmedAt: '2026-01-01T00:00:00.000Z',
    termsAcceptedAt: '2026-01-01T00:00:00.000Z',
    isSuspended: false,
    avatar: null,
    primary: false,
    role: 'candidate',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    organizationId: null,
    timeZone: null,
    ...overrides,
  };
}

export function jsonResponse(
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  /** The request's AbortSignal, to see whether it was cancelled. */
  signal?: AbortSignal;
}

/**
 * Replaces fetch (the boundary to the API) with a handler; returns the calls made.
 */
export function mockFetch(handler: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
      ...(init?.signal ? { signal: init.signal } : {}),
    };
    calls.push(call);
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search + location.hash}
    </output>
  );
}

export function currentLocation(result: RenderResult): string {
  return result.getByTestId('location').textContent ?? '';
}

/** Component tests have no live chat widget: support opens the e-mail dialog. */
const noSupportChatWidget = async () => null;

/** Renders the whole app (shell, routes, guards) at a path in a memory router. */
export function renderApp(path: string) {
  return render(
    <AppProvider
      queryClient={createQueryClient()}
      loadSupportChat={noSupportChatWidget}
      liveUpdates={false}
    >
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
}

/** Renders one component with the app's providers and a memory router. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <AppProvider
      queryClient={createQueryClient()}
      loadSupportChat={noSupportChatWidget}
      liveUpdates={false}
    >
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
}
