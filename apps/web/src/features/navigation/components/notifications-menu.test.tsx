import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { NotificationItem } from '@pathways/shared/notifications/notifications.schemas';

import {
  currentLocation,
  jsonResponse,
  mockFetch,
  renderWithProviders,
  signIn,
} from '../../../testing/test-utils';
import { NotificationsMenu } from './candidate-header-menus';

const LIST = '/api/candidate/notifications?per=50';

function notification(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    type: 'application',
    description: `Notice ${id}`,
    image: null,
    path: `/candidate/applications/${id}`,
    notifiedAt: new Date(Date.now() - id * 60 * 60_000).toISOString(),
    ...overrides,
  };
}

const page = (items: NotificationItem[]) =>
  jsonResponse(200, { items, page: 1, per: 50, total: items.length });

async function openBell(count: number) {
  // The panel's code loads lazily with the menu: the first render can take a while.
  const bell = await screen.findByRole(
    'button',
    { name: `Notifications (${count})` },
    { timeout: 20_000 },
  );
  await userEvent.click(bell);
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  // The list itself loads when the panel opens, then its data.
  await waitFor(() => expect(within(panel).queryByText('Loading...')).toBeNull(), {
    timeout: 20_000,
  });
  return panel;
}

describe('the notifications bell', () => {
  it('counts the notifications and shows each with its image, words and time', async () => {
    signIn();
    mockFetch(() =>
      page([
        notification(1, { image: '/logo.png' }),
        notification(2, { type: 'message', path: null }),
      ]),
    );
    renderWithProviders(<NotificationsMenu />);
    const panel = await openBell(2);
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/Notice/).textContent)).toEqual([
      'Notice 1',
      'Notice 2',
    ]);
    const image = rows[0]!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/logo.png');
    expect(Number(image.getAttribute('width'))).toBeLessThanOrEqual(400);
    expect(Number(image.getAttribute('height'))).toBeLessThanOrEqual(400);
    expect(within(rows[0]!).getByText('about 1 hour ago')).toBeTruthy();
    // A message notification cannot be dismissed: it has no dismiss button.
    expect(within(rows[0]!).queryByRole('button', { name: 'Dismiss: Notice 1' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('shows a large image at most 400x400', async () => {
    signIn();
    // A picture far larger than the list allows (3000x2000).
    const large = `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="3000" height="2000" fill="red"/></svg>',
    )}`;
    mockFetch(() => page([notification(1, { image: large })]));
    renderWithProviders(<NotificationsMenu />);
    const panel = await openBell(1);
    const image = within(panel).getByRole('listitem').querySelector('img')!;
    expect(image.getAttribute('src')).toBe(large);
    // Drawn at a fixed size within the limit, and capped by the style whatever that size.
    const width = Number(image.getAttribute('width'));
    const height = Number(image.getAttribute('height'));
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(400);
    expect(height).toBeGreaterThan(0);
    expect(height).toBeLessThanOrEqual(400);
    const style = getComputedStyle(image);
    expect(style.maxWidth).toBe('400px');
    expect(style.maxHeight).toBe('400px');
    // Cropped to its box rather than stretched out of shape.
    expect(style.objectFit).toBe('cover');
  });

  it('follows the path, and a message notification opens the messages', async () => {
    signIn();
    mockFetch(() => page([notification(1), notification(2, { type: 'message', path: null })]));
    const result = renderWithProviders(<NotificationsMenu />, '/dashboard');
    let panel = await openBell(2);
    await userEvent.click(within(panel).getByText('Notice 1'));
    expect(currentLocation(result)).toBe('/candidate/applications/1');
    panel = await openBell(2);
    await userEvent.click(within(panel).getByText('Notice 2'));
    expect(currentLocation(result)).toBe('/candidate/messages');
  });

  it('removes a dismissed notification at once and fetches the list again', async () => {
    signIn();
    let items = [notification(1), notification(2)];
    let answerPatch: (r: Response) => void = () => {};
    const calls = mockFetch((call) => {
      if (call.method === 'PATCH')
        return new Promise<Response>((resolve) => (answerPatch = resolve));
      return page(items);
    });
    renderWithProviders(<NotificationsMenu />);
    const panel = await openBell(2);
    await userEvent.click(within(panel).getByRole('button', { name: 'Dismiss: Notice 1' }));
    // Gone before the server answers.
    expect(within(panel).queryByText('Notice 1')).toBeNull();
    // The open panel hides the rest of the page from assistive technology.
    expect(screen.getByRole('button', { name: 'Notifications (1)', hidden: true })).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/api/candidate/notifications/1');
    expect(patch.body).toEqual({ type: 'dismiss' });
    items = [notification(2)];
    answerPatch(jsonResponse(200, { notification: notification(1) }));
    await waitFor(() => expect(calls.filter((c) => c.path === LIST).length).toBe(2));
    expect(within(panel).getByText('Notice 2')).toBeTruthy();
  });

  it('brings the notification back and says "Error: Was not dismissed" when the server refuses', async () => {
    signIn();
    const calls = mockFetch((call) => {
      if (call.method === 'PATCH') return jsonResponse(500, { code: 'internal', message: 'boom' });
      return page([notification(1)]);
    });
    renderWithProviders(<NotificationsMenu />);
    const panel = await openBell(1);
    await userEvent.click(within(panel).getByRole('button', { name: 'Dismiss: Notice 1' }));
    expect(await screen.findByText('Error: Was not dismissed')).toBeTruthy();
    expect(await within(panel).findByText('Notice 1')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === LIST).length).toBe(2));
  });

  it('says when there is nothing to read', async () => {
    signIn();
    mockFetch(() => page([]));
    renderWithProviders(<NotificationsMenu />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Notifications' }, { timeout: 20_000 }),
    );
    expect(await screen.findByText('You have no notifications.')).toBeTruthy();
  });
});
