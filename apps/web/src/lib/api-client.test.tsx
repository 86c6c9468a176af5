import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import {
  currentLocation,
  jsonResponse,
  makeToken,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
} from '../testing/test-utils';
import { ApiError, apiRequest, onSessionExpired } from './api-client';
import { tokenStore } from './session/token-store';

describe('apiRequest', () => {
  it('sends the stored token and stores the one a response issues', async () => {
    const old = signIn();
    const fresh = makeToken({ sid: 'session-2' });
    const calls = mockFetch(() =>
      jsonResponse(200, makeUser(), { Authorization: `Bearer ${fresh}` }),
    );
    await apiRequest('auth/refresh', { method: 'POST' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/refresh',
      authorization: `Bearer ${old}`,
    });
    expect(tokenStore.get()).toBe(fresh);
  });

  it('parses the response with the schema it is given', async () => {
    mockFetch(() => jsonResponse(200, { message: 42 }));
    await expect(
      apiRequest('x', { schema: z.object({ message: z.string() }) }),
    ).rejects.toBeInstanceOf(z.ZodError);
  });

  it('loads a schema given as a function when the request is made, and parses with it', async () => {
    const calls = mockFetch(() => jsonResponse(200, { message: 'hello' }));
    const load = vi.fn(() => Promise.resolve(z.object({ message: z.string() })));
    await expect(apiRequest('x', { schema: load })).resolves.toEqual({ message: 'hello' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);

    mockFetch(() => jsonResponse(200, { message: 42 }));
    await expect(
      apiRequest('x', { schema: () => Promise.resolve(z.object({ message: z.string() })) }),
    ).rejects.toBeInstanceOf(z.ZodError);
  });

  it('answers a failed request with its error, not with the schema that could not load', async () => {
    mockFetch(() => jsonResponse(404, { code: 'not_found', message: 'Not found' }));
    const error = await apiRequest('x', {
      schema: () => Promise.reject(new Error('the schema did not load')),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
  });

  it('turns an error body into an ApiError with field errors', async () => {
    mockFetch(() =>
      jsonResponse(
        422,
        { code: 'validation', message: 'Invalid', errors: { email: ['Email is required'] } },
        {},
      ),
    );
    const error = await apiRequest('candidates', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation',
      fieldErrors: { email: ['Email is required'] },
      isBlocked: false,
    });
  });

  it('reads Retry-After from a 429', async () => {
    mockFetch(() =>
      jsonResponse(429, { code: 'rate_limited', message: 'Slow down' }, { 'Retry-After': '120' }),
    );
    const error = await apiRequest('auth/login', { method: 'POST', sessionCall: false }).catch(
      (e) => e,
    );
    expect(error).toMatchObject({ status: 429, retryAfter: 120 });
  });

  it('ends the session once on a 401 while a token is stored', async () => {
    signIn();
    const handler = vi.fn(() => tokenStore.clear());
    onSessionExpired(handler);
    mockFetch(() => jsonResponse(401, { code: 'session_expired', message: 'Expired' }));
    await Promise.allSettled([apiRequest('candidate/candidate'), apiRequest('candidate/profile')]);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(tokenStore.get()).toBeNull();
  });

  it('leaves a guest alone on a 401', async () => {
    const handler = vi.fn();
    onSessionExpired(handler);
    mockFetch(() => jsonResponse(401, { code: 'unauthenticated', message: 'Log in' }));
    await expect(apiRequest('candidate/candidate')).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not end the session when a login answers 401 (wrong credentials)', async () => {
    signIn();
    const handler = vi.fn();
    onSessionExpired(handler);
    mockFetch(() => jsonResponse(401, { code: 'unauthenticated', message: 'Wrong' }));
    await expect(
      apiRequest('auth/login', { method: 'POST', body: {}, sessionCall: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not end a newer session for a late 401 of an older token', async () => {
    signIn({ sid: 'old' });
    const handler = vi.fn();
    onSessionExpired(handler);
    let answer!: (response: Response) => void;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = apiRequest('candidate/candidate').catch(() => {});
    await waitFor(() => expect(answer).toBeDefined());
    tokenStore.set(makeToken({ sid: 'new' }));
    answer(jsonResponse(401, { code: 'session_expired', message: 'Expired' }));
    await pending;
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps an expiry noticed before the handler registers, and runs it then', async () => {
    signIn();
    mockFetch(() => jsonResponse(401, { code: 'session_expired', message: 'Expired' }));
    await apiRequest('candidate/candidate').catch(() => {});
    const handler = vi.fn();
    onSessionExpired(handler);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('passes the abort signal to fetch', async () => {
    const controller = new AbortController();
    controller.abort();
    mockFetch(() => jsonResponse(200, {}));
    await expect(apiRequest('x', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('session expiry in the app', () => {
  it('logs out with the inactivity message and opens /login on a 401', async () => {
    signIn({ role: 'candidate' });
    mockFetch(() => jsonResponse(401, { code: 'session_expired', message: 'Session expired' }));
    const result = renderApp('/candidate/profile');
    expect(await screen.findByText('You have been logged out due to inactivity.')).toBeTruthy();
    await waitFor(() => expect(currentLocation(result)).toBe('/login'));
    expect(tokenStore.get()).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('logs out a user whose token has already expired', async () => {
    signIn({ exp: Math.floor(Date.now() / 1000) - 60 });
    mockFetch(() => jsonResponse(401, { code: 'session_expired', message: 'Session expired' }));
    const result = renderApp('/dashboard');
    expect(await screen.findByText('You have been logged out due to inactivity.')).toBeTruthy();
    await waitFor(() => expect(currentLocation(result)).toBe('/login'));
  });
});
