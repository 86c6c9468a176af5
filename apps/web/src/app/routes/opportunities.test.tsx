import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../testing/test-utils';

const emptyList = {
  items: [],
  page: 1,
  per: 10,
  total: 0,
  sort: { field: 'opens_at', direction: 'DESC' },
  filters: {},
};

function api(user: ReturnType<typeof makeUser>) {
  return mockFetch((call: FetchCall) => {
    const path = call.path.split('?')[0];
    if (path === '/api/candidate/candidate') return jsonResponse(200, user);
    if (path === '/api/candidate/opportunities') return jsonResponse(200, emptyList);
    if (path === '/api/candidate/profile') return jsonResponse(404, {});
    return jsonResponse(200, { items: [], page: 1, per: 25, total: 0 });
  });
}

describe('the opportunity search page', () => {
  it('is hidden from a suspended candidate, who is told why', async () => {
    signIn({ role: 'candidate' });
    const calls = api(makeUser({ isSuspended: true }));
    renderApp('/opportunities');
    expect(
      await screen.findByText(
        /Opportunity search is not available while your profile is suspended/,
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/candidate/opportunities'))).toBe(false);
  });

  it('searches for a candidate in good standing', async () => {
    signIn({ role: 'candidate' });
    const calls = api(makeUser());
    renderApp('/opportunities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opportunities' })).toBeTruthy();
    await expect
      .poll(() => calls.some((c) => c.path.startsWith('/api/candidate/opportunities')))
      .toBe(true);
    expect(screen.queryByText(/not available while your profile is suspended/)).toBeNull();
  });
});
