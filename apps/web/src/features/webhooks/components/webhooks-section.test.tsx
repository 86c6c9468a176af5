import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { WebhookDelivery, WebhookEndpoint } from '@pathways/shared/webhooks/webhooks.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { WebhooksSection } from './webhooks-section';

const endpoint = (overrides: Partial<WebhookEndpoint>): WebhookEndpoint => ({
  id: 7,
  url: 'https://hr.acme.test/pathways',
  description: 'HR system',
  events: null,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 31,
  messageId: 'msg_2b3Tq8s0aPbBW0Jd',
  type: 'application.created',
  status: 'succeeded',
  attempts: 1,
  nextAttemptAt: null,
  createdAt: '2026-11-21T09:30:00.000Z',
  payload: { type: 'application.created' },
  attemptLog: [
    {
      attemptedAt: '2026-11-21T09:30:00.000Z',
      statusCode: 200,
      responseMs: 84,
      error: null,
      responseBody: 'ok',
      manual: false,
    },
  ],
  ...overrides,
});

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwJkz0UpyL2u4=';

describe('WebhooksSection', () => {
  it('lists the endpoints with their status and events', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    mockFetch(() =>
      jsonResponse(200, {
        items: [
          endpoint({}),
          endpoint({
            id: 8,
            description: 'Payroll',
            url: 'https://payroll.acme.test/in',
            events: ['interview.booked', 'interview.cancelled'],
            enabled: false,
            disabledReason: 'failing',
            disabledAt: '2026-11-25T10:00:00.000Z',
          }),
        ],
      }),
    );
    renderWithProviders(<WebhooksSection />);
    const hr = await screen.findByRole('listitem', { name: 'HR system' });
    expect(within(hr).getByText('Enabled')).toBeTruthy();
    expect(within(hr).getByText('All events')).toBeTruthy();
    const payroll = screen.getByRole('listitem', { name: 'Payroll' });
    expect(within(payroll).getByText('Disabled after failures')).toBeTruthy();
    expect(
      within(payroll).getByText('2 events: interview.booked, interview.cancelled'),
    ).toBeTruthy();
    expect(within(payroll).getByText(/Disabled on 25 November 2026/)).toBeTruthy();
    expect(within(payroll).getByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(within(payroll).getByRole('button', { name: 'Send test event' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('adds an endpoint for chosen events and shows its secret once', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ method, body }) => {
      if (method === 'POST') {
        const sent = (body as { endpoint: Partial<WebhookEndpoint> }).endpoint;
        return jsonResponse(201, { endpoint: endpoint({ ...sent, id: 9 }), secret: SECRET });
      }
      return jsonResponse(200, { items: [] });
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection />);
    await screen.findByText('No endpoints yet.');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), 'https://hr.acme.test/hooks');
    await user.type(within(dialog).getByLabelText('Description'), 'HR system');
    await user.click(within(dialog).getByLabelText('All events, including those added later'));
    // None chosen: the form says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await within(dialog).findByText('Choose at least one event, or all events'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: /application\.created/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /interview\.booked/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByLabelText('Signing secret')).toHaveProperty('value', SECRET);
    expect(within(secret).getByText(/it will not be shown again/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/client/webhook_endpoints');
    expect(post.body).toEqual({
      endpoint: {
        url: 'https://hr.acme.test/hooks',
        description: 'HR system',
        events: ['application.created', 'interview.booked'],
      },
    });
  });

  it('shows the server’s refusal of a private address beside the URL field', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    mockFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse(422, {
            code: 'validation',
            message: 'This address leads to a private network',
            errors: {
              url: [
                'This address leads to a private, local or reserved network; use an address the internet can reach',
              ],
            },
          })
        : jsonResponse(200, { items: [] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection />);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), 'https://10.0.0.8/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await within(dialog).findByText(/leads to a private, local or reserved network/),
    ).toBeTruthy();
  });

  it('rotates the secret after confirmation and shows the new one', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ path }) =>
      path.endsWith('/rotate_secret')
        ? jsonResponse(200, {
            endpoint: endpoint({ previousSecretExpiresAt: '2026-11-30T10:00:00.000Z' }),
            secret: SECRET,
          })
        : jsonResponse(200, { items: [endpoint({})] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection />);
    const card = await screen.findByRole('listitem', { name: 'HR system' });
    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    const confirm = screen.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByText(/keeps signing beside it for 24 hours/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/7/rotate_secret'))).toBe(
      true,
    );
  });

  it('deletes an endpoint only after confirmation', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ method }) =>
      method === 'DELETE'
        ? new Response(null, { status: 204 })
        : jsonResponse(200, { items: [endpoint({})] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection />);
    const card = await screen.findByRole('listitem', { name: 'HR system' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/webhook_endpoints/7')),
      ).toBe(true),
    );
  });

  it('shows the deliveries log and replays one', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ path, method }) => {
      if (path.startsWith('/api/client/webhook_endpoints/7/deliveries') && method === 'GET') {
        return jsonResponse(200, {
          items: [
            delivery({
              id: 32,
              type: 'interview.booked',
              status: 'pending',
              attempts: 2,
              nextAttemptAt: '2026-11-21T10:05:05.000Z',
              attemptLog: [
                {
                  attemptedAt: '2026-11-21T10:00:05.000Z',
                  statusCode: 500,
                  responseMs: 120,
                  error: null,
                  responseBody: 'boom',
                  manual: false,
                },
              ],
            }),
            delivery({}),
          ],
          page: 1,
          per: 20,
          total: 2,
        });
      }
      if (path.endsWith('/replay')) return jsonResponse(202, { delivery: delivery({}) });
      return jsonResponse(200, { items: [endpoint({})] });
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection />);
    const card = await screen.findByRole('listitem', { name: 'HR system' });
    await user.click(within(card).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('dialog', { name: 'Deliveries to HR system' });
    const retrying = await within(log).findByRole('listitem', { name: 'interview.booked' });
    expect(within(retrying).getByText('Retrying')).toBeTruthy();
    expect(within(retrying).getByText(/2 attempts · HTTP 500 in 120 ms/)).toBeTruthy();
    expect(within(retrying).getByText(/Next attempt/)).toBeTruthy();
    const delivered = within(log).getByRole('listitem', { name: 'application.created' });
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(delivered).getByText(/1 attempt · HTTP 200 in 84 ms/)).toBeTruthy();
    await user.click(within(delivered).getByRole('button', { name: 'Replay' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === 'POST' &&
            c.path === '/api/client/webhook_endpoints/7/deliveries/31/replay',
        ),
      ).toBe(true),
    );
  });
});
