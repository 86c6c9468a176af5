import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApiKey } from '@pathways/shared/api-keys/api-keys.schemas';
import { apiKeyMessages } from '@pathways/shared/api-keys/api-keys.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { ApiKeysSection } from './api-keys-section';

const key = (overrides: Partial<ApiKey>): ApiKey => ({
  id: 1,
  name: 'HR system sync',
  prefix: 'pwk_ab12cd34_…',
  scopes: { applications: 'read', campaigns: 'write' },
  status: 'active',
  createdAt: '2026-11-02T09:00:00.000Z',
  createdBy: { id: 1, name: 'Ann Primary' },
  expiresAt: '2027-02-02T09:00:00.000Z',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  revokedAt: null,
  ...overrides,
});

const secret = `pwk_ef56gh78_${'s'.repeat(43)}`;

describe('ApiKeysSection', () => {
  it('lists each key with its prefix, scopes, last use, expiry and status', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    mockFetch(() =>
      jsonResponse(200, {
        items: [
          key({}),
          key({
            id: 2,
            name: 'Old payroll',
            prefix: 'pwk_zz99yy88_…',
            scopes: { analytics: 'read' },
            status: 'revoked',
            lastUsedAt: null,
            revokedAt: '2026-11-10T08:00:00.000Z',
          }),
        ],
      }),
    );
    renderWithProviders(<ApiKeysSection />);
    const row = await screen.findByRole('listitem', { name: 'HR system sync' });
    expect(within(row).getByText('pwk_ab12cd34_…')).toBeTruthy();
    expect(within(row).getByText('Applications: read, Campaigns: write')).toBeTruthy();
    expect(
      within(row).getByText(
        'Created 2 November 2026 by Ann Primary · Last used 20 November 2026 · Expires 2 February 2027',
      ),
    ).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const old = screen.getByRole('listitem', { name: 'Old payroll' });
    expect(within(old).getByText('Revoked')).toBeTruthy();
    expect(within(old).getByText(/Never used · Revoked 10 November 2026/)).toBeTruthy();
    expect(within(old).queryByRole('button', { name: 'Revoke Old payroll' })).toBeNull();
  });

  it('creates a key with the chosen scopes and expiry, and shows its secret once to copy', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse(201, { apiKey: key({ id: 3, prefix: 'pwk_ef56gh78_…' }), secret })
        : jsonResponse(200, { items: [] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysSection />);
    await screen.findByText('Your organization has no API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'HR system sync');
    await user.click(within(dialog).getByRole('radio', { name: 'Applications: Read' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Campaigns: Write' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: '1 year' }));
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: /Your new key/ });
    expect(within(shown).getByLabelText('API key').textContent).toBe(secret);
    expect(within(shown).getByText(/shown only this once/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/client/api_keys');
    const sent = post.body as { apiKey: { name: string; scopes: object; expiresAt: string } };
    expect(sent.apiKey.name).toBe('HR system sync');
    expect(sent.apiKey.scopes).toEqual({ applications: 'read', campaigns: 'write' });
    const days = (new Date(sent.apiKey.expiresAt).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(secret)).toBeNull());
  });

  it('asks for a name and at least one area before sending anything', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(() => jsonResponse(200, { items: [] }));
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysSection />);
    await user.click(await screen.findByRole('button', { name: 'Create a key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(apiKeyMessages.scopesRequired)).toBeTruthy();
    expect(within(dialog).getByText(apiKeyMessages.nameRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('revokes a key only after confirmation', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse(200, { apiKey: key({ status: 'revoked' }) })
        : jsonResponse(200, { items: [key({})] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysSection />);
    await user.click(await screen.findByRole('button', { name: 'Revoke HR system sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “HR system sync”?' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/client/api_keys/1/revoke',
      ]),
    );
    expect(
      await screen.findByText('“HR system sync” is revoked: calls with it now fail.'),
    ).toBeTruthy();
  });

  it("shows a key's recent calls", async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    mockFetch(({ path }) =>
      path.startsWith('/api/client/api_keys/1/requests')
        ? jsonResponse(200, {
            items: [
              {
                at: '2026-11-20T10:00:00.000Z',
                method: 'GET',
                route: '/api/client/applications',
                status: 200,
                durationMs: 14,
              },
              {
                at: '2026-11-20T09:59:00.000Z',
                method: 'POST',
                route: '/api/client/campaigns',
                status: 403,
                durationMs: 3,
              },
            ],
            page: 1,
            per: 20,
            total: 2,
          })
        : jsonResponse(200, { items: [key({})] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysSection />);
    await user.click(await screen.findByRole('button', { name: 'Recent calls of HR system sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recent calls of “HR system sync”' });
    expect(await within(dialog).findByText('GET /api/client/applications')).toBeTruthy();
    expect(within(dialog).getByText('POST /api/client/campaigns')).toBeTruthy();
    expect(within(dialog).getByText('403')).toBeTruthy();
    expect(within(dialog).getByText('14 ms')).toBeTruthy();
  });
});
