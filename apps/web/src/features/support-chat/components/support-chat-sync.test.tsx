import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';

import { useUser } from '../../../lib/session/current-user';
import { tokenStore } from '../../../lib/session/token-store';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, makeUser, mockFetch, signIn } from '../../../testing/test-utils';
import type { ChatWidget } from '../support-chat-client';
import { supportChatMessages } from '../support-chat-messages';
import { SupportChatProvider } from '../support-chat-provider';
import { SupportChatSync } from './support-chat-sync';

/** A widget that records what the app tells it. */
function recordingWidget() {
  const calls: unknown[][] = [];
  const widget: ChatWidget = {
    toggle: (...args) => void calls.push(['toggle', ...args]),
    setUser: (...args) => void calls.push(['setUser', ...args]),
    setCustomAttributes: (...args) => void calls.push(['setCustomAttributes', ...args]),
    reset: () => void calls.push(['reset']),
  };
  return { widget, calls };
}

function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="at">{location.pathname + location.hash}</output>
      <button type="button" onClick={() => void navigate('/candidate/profile')}>
        Profile
      </button>
    </>
  );
}

/** The sync as the shell renders it: with the signed-in user's own record. */
function SyncWithUser() {
  const { data: user } = useUser();
  return <SupportChatSync user={user} />;
}

function renderSync(path: string, widget: ChatWidget) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SupportChatProvider loadWidget={async () => widget}>
        <MemoryRouter initialEntries={[path]}>
          <SyncWithUser />
          <Probe />
        </MemoryRouter>
      </SupportChatProvider>
    </QueryClientProvider>,
  );
}

describe('SupportChatSync', () => {
  it('#blocked opens the chat with the blocked message, then drops the hash', async () => {
    const { widget, calls } = recordingWidget();
    renderSync('/login#blocked', widget);
    await waitFor(() =>
      expect(calls).toContainEqual(['toggle', 'open', supportChatMessages.blocked]),
    );
    expect(screen.getByTestId('at').textContent).toBe('/login');
    expect(calls).toContainEqual(['setCustomAttributes', { current_page: '/login' }]);
    // A guest never signed in: nothing to reset.
    expect(calls).not.toContainEqual(['reset']);
  });

  it('identifies the signed-in user by e-mail and full name, tells each page, resets at logout', async () => {
    signIn({ role: 'candidate', sub: '7' });
    mockFetch(() =>
      jsonResponse(
        200,
        makeUser({ id: 7, email: 'naledi@demo.test', firstName: 'Naledi', lastName: 'Khumalo' }),
      ),
    );
    const { widget, calls } = recordingWidget();
    // `#blocked` loads the widget at once instead of when the page is idle.
    renderSync('/dashboard#blocked', widget);
    await waitFor(() =>
      expect(calls).toContainEqual([
        'setUser',
        'naledi@demo.test',
        { email: 'naledi@demo.test', name: 'Naledi Khumalo' },
      ]),
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Profile' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual(['setCustomAttributes', { current_page: '/candidate/profile' }]),
    );

    act(() => tokenStore.clear());
    await waitFor(() => expect(calls.at(-1)).toEqual(['reset']));
  });
});
