import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { documentMessages, MAX_UPLOAD_BYTES } from '@pathways/shared/documents/documents.schemas';

import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderWithProviders,
  signIn,
} from '../../../testing/test-utils';
import { AvatarCard } from './avatar-card';

/** The signed-in candidate with a picture, and the API that removes it. */
function api() {
  let user = makeUser({ avatar: '/api/avatars/1-picture.webp' });
  return mockFetch((call) => {
    if (call.path === '/api/candidate/candidate' && call.method === 'GET') {
      return jsonResponse(200, user);
    }
    if (call.path === '/api/candidate/avatar' && call.method === 'DELETE') {
      user = { ...user, avatar: null };
      return new Response(null, { status: 204 });
    }
    return jsonResponse(200, { items: [] });
  });
}

describe('the profile picture card', () => {
  it('refuses a file over the limit before sending it, and removes the picture', async () => {
    signIn({ role: 'candidate', sub: '1' });
    const calls = api();
    const user = userEvent.setup();
    renderWithProviders(<AvatarCard />);

    const tooLarge = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'me.jpg', {
      type: 'image/jpeg',
    });
    await screen.findByRole('button', { name: 'Change picture' });
    await user.upload(screen.getByLabelText('Profile picture file'), tooLarge);
    expect(await screen.findByText(`${documentMessages.fileTooLarge}.`)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/candidate/avatar')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your profile picture was removed')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/candidate/avatar')).toBe(
      true,
    );
    expect(await screen.findByRole('button', { name: 'Upload a picture' })).toBeTruthy();
  });
});
