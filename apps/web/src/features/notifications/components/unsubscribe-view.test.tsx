import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBED_MESSAGE,
} from '@pathways/shared/notifications/notifications.schemas';

import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { UnsubscribeView } from './unsubscribe-view';

const stops = 'e-mails telling you that your application moved to its next step';

describe('UnsubscribeView', () => {
  it('says which e-mails stop, and stops them only when confirmed', async () => {
    const calls = mockFetch((call) =>
      call.method === 'POST'
        ? jsonResponse(200, { message: UNSUBSCRIBED_MESSAGE })
        : jsonResponse(200, { type: 'application.phase_move', stops }),
    );
    renderWithProviders(<UnsubscribeView token="7.abc.sig" />);
    expect(await screen.findByText(new RegExp(`This stops ${stops}`))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(UNSUBSCRIBED_MESSAGE)).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/api/notifications/unsubscribe/about?token=7.abc.sig'],
      ['POST', '/api/notifications/unsubscribe?token=7.abc.sig'],
    ]);
  });

  it('says clearly that a bad link is not valid', async () => {
    mockFetch(() => jsonResponse(404, { code: 'not_found', message: UNSUBSCRIBE_LINK_INVALID }));
    renderWithProviders(<UnsubscribeView token="nope" />);
    expect(await screen.findByText(UNSUBSCRIBE_LINK_INVALID)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('says the same without any token, asking nothing of the server', async () => {
    const calls = mockFetch(() => jsonResponse(500, {}));
    renderWithProviders(<UnsubscribeView token="" />);
    expect(screen.getByText(UNSUBSCRIBE_LINK_INVALID)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
