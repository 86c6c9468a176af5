import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ChatList } from '@pathways/shared/messages/messages.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { ClientInbox } from './client-inbox';

// The client's inbox against answers shaped as the API gives them (newest first).

const chat = (
  id: number,
  name: string,
  unreadCount: number,
  senderType: 'candidate' | 'client',
): ChatList['items'][number] => ({
  id,
  applicationId: 40 + id,
  opportunity: { id: 7, name: 'Engineering Bursary' },
  organization: { id: 2, name: 'Acme Mining' },
  candidate: { id: 100 + id, name },
  lastMessage: { senderType, body: `Last words of ${name}`, createdAt: '2026-11-02T08:00:00Z' },
  lastMessageAt: '2026-11-02T08:00:00.000Z',
  unreadCount,
});

describe('ClientInbox', () => {
  it('lists the conversations in the order given, marks unread ones, and opens the thread', async () => {
    signIn({ role: 'client' });
    const calls = mockFetch(() =>
      jsonResponse(200, {
        unreadCount: 3,
        items: [chat(1, 'Amahle Dlamini', 3, 'candidate'), chat(2, 'Sipho Ndlovu', 0, 'client')],
      }),
    );
    renderWithProviders(<ClientInbox />);
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Amahle Dlamini'),
      expect.stringContaining('Sipho Ndlovu'),
    ]);
    expect(within(links[0]!).getByLabelText('3 unread')).toBeTruthy();
    expect(within(links[1]!).queryByLabelText(/unread/)).toBeNull();
    expect(links[1]!.textContent).toContain('Your organization: Last words of Sipho Ndlovu');
    expect(calls.map((c) => c.path)).toEqual(['/api/client/chats']);
    await userEvent.click(links[0]!);
    expect(screen.getByTestId('location').textContent).toBe(
      '/client/opportunities/7/applications/41#messages',
    );
  });

  it('says so when there is no conversation yet', async () => {
    signIn({ role: 'client' });
    mockFetch(() => jsonResponse(200, { unreadCount: 0, items: [] }));
    renderWithProviders(<ClientInbox />);
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
  });
});
