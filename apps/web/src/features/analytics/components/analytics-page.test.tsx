import { configure, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ApplicantsAnalytics } from '@pathways/shared/analytics/analytics.schemas';

import {
  jsonResponse,
  loadSignedInPage,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
} from '../../../testing/test-utils';

// The overview of /client/analytics: an answer the server withholds shows its reason, and
// neither a count of applicants nor charts that say nobody has applied.

configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => loadSignedInPage(() => import('./analytics-page')), 120_000);

const answer = (overrides: Partial<ApplicantsAnalytics> = {}): ApplicantsAnalytics => ({
  scope: 'organization',
  withheld: null,
  total: 12,
  weekly: [
    { key: '2026-11-09', label: '2026-11-09', count: 7 },
    { key: '2026-11-16', label: '2026-11-16', count: 5 },
  ],
  funnels: [],
  opportunities: [{ key: '1', label: 'Engineering bursary', count: 12 }],
  provinces: [],
  cities: [],
  institutions: [],
  qualificationTypes: [],
  genders: [],
  ethnicities: [],
  disability: [],
  ...overrides,
});

function render(overview: ApplicantsAnalytics) {
  signIn({ role: 'client', primary: true, sub: '5' });
  mockFetch((call) => {
    if (call.path.startsWith('/api/client/clients/')) {
      return jsonResponse(200, makeUser({ id: 5, role: 'client', primary: true }));
    }
    if (call.path.startsWith('/api/client/organization/analytics/applicants')) {
      return jsonResponse(200, overview);
    }
    if (call.path.startsWith('/api/client/opportunities')) {
      return jsonResponse(200, { items: [], all: true });
    }
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  return renderApp('/client/analytics');
}

describe('the analytics overview', () => {
  it('counts the applicants of an answer it is given', async () => {
    render(answer());
    await screen.findByText('12 applicants');
    expect(screen.getByRole('figure', { name: 'Applicants per week' })).toBeTruthy();
  });

  it('shows the server’s reason, not a count or empty charts, when it withholds the answer', async () => {
    render(
      answer({
        withheld: 'small_difference',
        total: null,
        weekly: [],
        opportunities: [],
      }),
    );
    await screen.findByText(
      'One of these filters leaves out fewer than 5 people, so nothing is shown: remove a filter or widen the dates.',
    );
    expect(screen.queryByText(/fewer than 5 applicants/i)).toBeNull();
    expect(screen.queryByText(/Nobody has applied/)).toBeNull();
    expect(screen.queryByRole('figure', { name: 'Applicants per week' })).toBeNull();
    expect(screen.queryByText(/No workspace has phases yet/)).toBeNull();
  });
});
