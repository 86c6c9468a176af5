import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  emptyProfileFacts,
  profileCompletion,
} from '@pathways/shared/action-items/action-items.rules';

import {
  currentLocation,
  jsonResponse,
  loadSignedInPage,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
} from '../../testing/test-utils';
import { makeProfile } from '../../features/profile/testing/profile-fixtures';

beforeAll(() => loadSignedInPage(() => import('./profile')), 120_000);

describe('the profile page', () => {
  it('leads "Upload a profile image" to the picture upload on the profile page', async () => {
    signIn();
    // What the server answers for a profile without a picture: the shared rule's own items.
    const completion = profileCompletion({
      profile: { ...emptyProfileFacts, biography: 'Final-year student.' },
      avatar: null,
    });
    mockFetch(({ path }) => {
      if (path === '/api/candidate/candidate') return jsonResponse(200, makeUser());
      if (path === '/api/candidate/profile') return jsonResponse(200, makeProfile());
      if (path === '/api/candidate/profile/completion') return jsonResponse(200, completion);
      if (path.startsWith('/api/candidate/action_items')) return jsonResponse(200, { items: [] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    });
    const user = userEvent.setup();
    const view = renderApp('/candidate/profile');
    const link = await screen.findByRole('link', { name: 'Upload a profile image' });
    await user.click(link);

    expect(currentLocation(view)).toBe('/candidate/profile#avatar');
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    const upload = await screen.findByRole('button', { name: 'Upload a picture' });
    await waitFor(() => expect(document.activeElement).toBe(upload));
  });
});
