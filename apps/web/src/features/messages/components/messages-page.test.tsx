import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ChatList, ChatThread } from '@pathways/shared/messages/messages.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { MessagesView } from './messages-page';

// The candidate's messages page against answers shaped as the API gives them.

const chats: ChatList = {
  unreadCount: 2,
  items: [
    {
      id: 1,
      applicationId: 31,
      opportunity: { id: 5, name: 'Engineering Bursary' },
      organization: { id: 2, name: 'Acme Mining' },
      candidate: { id: 9, name: 'Thandi Mokoena' },
      lastMessage: {
        senderType: 'client',
        body: 'Please send your transcript',
        createdAt: '2026-11-02T08:00:00.000Z',
      },
      lastMessageAt: '2026-11-02T08:00:00.000Z',
      unreadCount: 2,
    },
    {
      id: 2,
      applicationId: 32,
      opportunity: { id: 6, name: 'Graduate Programme' },
      organization: { id: 3, name: 'Blue Bank' },
      candidate: { id: 9, name: 'Thandi Mokoena' },
      lastMessage: {
        senderType: 'candidate',
        body: 'Thanks',
        createdAt: '2026-11-01T08:00:00.000Z',
      },
      lastMessageAt: '2026-11-01T08:00:00.000Z',
      unreadCount: 0,
    },
  ],
};

const thread: ChatThread = {
  applicationId: 31,
  opportunity: { id: 5, name: 'Engineering Bursary' },
  organization: { id: 2, name: 'Acme Mining' },
  candidate: { id: 9, name: 'Thandi Mokoena' },
  messages: [
    {
      id: 10,
      senderType: 'client',
      senderName: 'Sipho Dlamini',
      body: 'Read <b>this</b>: https://example.org/form.',
      readAt: '2026-11-02T09:00:00.000Z',
      createdAt: '2026-11-02T08:00:00.000Z',
    },
  ],
};

function serve(send?: (body: unknown) => Response) {
  return mockFetch((call) => {
    if (call.path === '/api/candidate/chats') return jsonResponse(200, chats);
    if (call.path === '/api/candidate/applications/31/chats') {
      if (call.method === 'POST') return send ? send(call.body) : jsonResponse(201, thread);
      return jsonResponse(200, thread);
    }
    return jsonResponse(404, {});
  });
}

describe('MessagesView', () => {
  it('lists the conversations newest first, the unread one with its count', async () => {
    signIn({ role: 'candidate' });
    serve();
    renderWithProviders(<MessagesView />, '/candidate/messages');
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Engineering Bursary'),
      expect.stringContaining('Graduate Programme'),
    ]);
    expect(within(rows[0]!).getByLabelText('2 unread')).toBeTruthy();
    expect(within(rows[1]!).queryByLabelText(/unread/)).toBeNull();
    expect(rows[1]!.textContent).toContain('You: Thanks');
  });

  it('opens the thread named by ?application, text as text and links safe', async () => {
    signIn({ role: 'candidate' });
    serve();
    renderWithProviders(<MessagesView />, '/candidate/messages?application=31');
    const messages = await screen.findByRole('list', { name: 'Messages of this conversation' });
    expect(messages.textContent).toContain('Read <b>this</b>: ');
    expect(messages.querySelector('b')).toBeNull();
    const link = within(messages).getByRole('link', { name: 'https://example.org/form' });
    expect(link.getAttribute('href')).toBe('https://example.org/form');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('sends a message and shows the refusal the server gives', async () => {
    signIn({ role: 'candidate' });
    const calls = serve(() =>
      jsonResponse(422, {
        code: 'validation',
        message: 'Invalid',
        errors: { 'message.body': ['is too long (at most 4000 characters)'] },
      }),
    );
    renderWithProviders(<MessagesView />, '/candidate/messages?application=31');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByText('is too long (at most 4000 characters)')).toBeTruthy(),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ message: { body: 'Hello' } });
  });

  it('refuses an empty message without asking the server', async () => {
    signIn({ role: 'candidate' });
    const calls = serve();
    renderWithProviders(<MessagesView />, '/candidate/messages?application=31');
    await screen.findByRole('textbox', { name: 'Your message' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText("can't be blank")).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
