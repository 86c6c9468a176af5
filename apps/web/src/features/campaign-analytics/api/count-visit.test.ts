import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockFetch, signIn } from '../../../testing/test-utils';
import { reportVisit } from './count-visit';

// The campaign page's view report: a browser signed in as a client user names itself with its
// token (the server leaves out the views of the campaign's own organization); a guest and a
// candidate report a view with nothing about them.

function report() {
  const calls = mockFetch(() => new Response(null, { status: 204 }));
  reportVisit(12);
  return calls;
}

describe('reporting a campaign page view', () => {
  it('a client user’s browser sends its bearer token', async () => {
    const token = signIn({ role: 'client', primary: true, sub: '5' });
    const calls = report();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/campaigns/12/visits',
      authorization: `Bearer ${token}`,
    });
  });

  it('a candidate’s browser sends no token', async () => {
    signIn({ role: 'candidate', sub: '9' });
    const calls = report();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ path: '/api/campaigns/12/visits', authorization: null });
  });

  it('a guest’s browser sends no token', async () => {
    const calls = report();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.authorization).toBeNull();
  });
});
