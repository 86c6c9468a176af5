import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { PublicCampaign } from '@pathways/shared/campaigns/campaigns.schemas';
import type { EligibilityDetail } from '@pathways/shared/eligibility/eligibility.schemas';
import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';

import {
  currentLocation,
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
} from '../../../testing/test-utils';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const notFound = () => jsonResponse(404, { code: 'not_found', message: 'Not found' });

function campaign(overrides: Partial<PublicCampaign> = {}): PublicCampaign {
  return {
    id: 7,
    slug: 'ibtech',
    name: 'Graduate Programme: Technology',
    kind: 'opportunity',
    description: 'Two years, four rotations, one technology team.',
    image: null,
    copy: {},
    startsAt: inDays(-10),
    endsAt: inDays(20),
    organization: { id: 1, name: 'Indlovu Bank', logo: null },
    opportunity: { id: 5, name: 'Graduate Programme: Technology' },
    ...overrides,
  };
}

function item(id: number, name: string): OpportunityListItem {
  return {
    id,
    name,
    kind: 'bursary',
    summary: `${name} summary`,
    logo: null,
    publishedAt: inDays(-20),
    opensAt: inDays(-10),
    closesAt: inDays(30),
    commencesAt: inDays(90),
    isOpen: true,
    organization: { id: 1, name: 'Indlovu Bank', logo: null },
    locations: [],
    locationCount: 0,
    distanceInMeters: null,
  };
}

describe('legacy campaign short paths', () => {
  it('replace a known code with its campaign page, keeping the query and hash', async () => {
    const calls = mockFetch(({ path }) => {
      if (path === '/api/campaign_aliases/IBGT') {
        return jsonResponse(200, {
          alias: 'ibgt',
          campaign: { id: 7, slug: 'ibtech' },
          path: '/campaign/ibgt',
        });
      }
      if (path === '/api/campaigns/ibgt') return jsonResponse(200, campaign());
      return notFound();
    });
    const result = renderApp('/IBGT?utm_source=poster#top');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Graduate Programme: Technology' }),
    ).toBeTruthy();
    expect(currentLocation(result)).toBe('/campaign/ibgt?utm_source=poster#top');
    expect(calls.map((c) => c.path)).toContain('/api/campaign_aliases/IBGT');
    await waitFor(() => expect(document.title).toBe('Graduate Programme: Technology · Pathways'));
  });

  it('show the not-found page for a one-segment path that is no code', async () => {
    const calls = mockFetch(() => notFound());
    const result = renderApp('/no-such-code');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(currentLocation(result)).toBe('/no-such-code');
    expect(calls.map((c) => c.path)).toEqual(['/api/campaign_aliases/no-such-code']);
  });

  it('show the not-found page when the lookup fails, without retrying', async () => {
    const calls = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/KPMG');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('never look up deeper paths or odd characters', async () => {
    const calls = mockFetch(() => notFound());
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    renderApp('/a.b');
    expect((await screen.findAllByRole('heading', { name: 'Page not found' })).length).toBe(2);
    expect(calls).toEqual([]);
  });
});

describe('the campaign page', () => {
  it('brands an organization campaign with its copy overrides and lists the opportunities', async () => {
    const calls = mockFetch(({ path }) => {
      if (path === '/api/campaigns/indlovu') {
        return jsonResponse(
          200,
          campaign({
            slug: 'indlovu',
            name: 'Careers at Indlovu Bank',
            kind: 'organization',
            opportunity: null,
            startsAt: null,
            endsAt: null,
            copy: {
              headline: 'Bank on your future',
              tagline: 'Bursaries and graduate roles for 2027.',
              signupButton: 'Join Indlovu Bank on Pathways',
              somethingElse: 'for the sign-up conversation',
            },
          }),
        );
      }
      if (path.startsWith('/api/opportunities?')) {
        return jsonResponse(200, {
          items: [item(1, 'Actuarial Science Bursary'), item(2, 'Branch Banking Learnership')],
          page: 1,
          per: 10,
          total: 2,
          sort: { field: 'opens_at', direction: 'DESC' },
          filters: { organization: [1] },
        });
      }
      return notFound();
    });
    renderApp('/campaign/indlovu');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bank on your future' }),
    ).toBeTruthy();
    expect(screen.getByText('Bursaries and graduate roles for 2027.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Indlovu Bank' }).getAttribute('href')).toBe(
      '/organizations/1/indlovu-bank',
    );
    const list = await screen.findByRole('list', { name: 'Opportunities at Indlovu Bank' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Actuarial Science Bursary' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/opportunities?organization=1&per=10&page=1');

    const signups = screen.getAllByRole('button', { name: 'Join Indlovu Bank on Pathways' });
    expect(signups).toHaveLength(2);
    fireEvent.click(signups[0]!);
    expect(await screen.findByRole('dialog', { name: 'Join Pathways' })).toBeTruthy();
  });

  it("shows a signed-in candidate whether they qualify, and links the campaign's opportunity", async () => {
    signIn({ role: 'candidate' });
    const eligibilities: EligibilityDetail[] = [
      {
        id: 3,
        eligible: false,
        opportunity: { id: 5, name: 'Graduate Programme: Technology' },
        checkedAt: inDays(0),
        criteria: [
          {
            requirementId: 1,
            kind: 'grade',
            status: 'unmet',
            description: 'Needs an average of at least 65 %',
            reason: 'Your average is 58 %.',
          },
          {
            requirementId: 2,
            kind: 'documents',
            status: 'unknown',
            description: 'Needs a transcript',
            reason: 'We do not have your transcript yet.',
            action: {
              type: 'transcript',
              label: 'Upload transcript',
              resolutionPath: '/candidate/documents',
            },
          },
        ],
      },
    ];
    mockFetch(({ path }) => {
      if (path === '/api/candidate/candidate') return jsonResponse(200, makeUser());
      if (path === '/api/campaigns/ibtech') return jsonResponse(200, campaign());
      if (path === '/api/candidate/campaigns/7/eligibilities') {
        return jsonResponse(200, { items: eligibilities });
      }
      return notFound();
    });
    renderApp('/campaign/ibtech');
    const panel = (await screen.findByRole('heading', { name: 'Your eligibility' })).closest(
      'section',
    )!;
    expect(await within(panel).findByText('Not yet')).toBeTruthy();
    expect(within(panel).getByText('Your average is 58 %.')).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: 'Upload transcript' }).getAttribute('href'),
    ).toBe('/candidate/documents');
    expect(screen.getByText(/^Open now, closes/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the opportunity' }).getAttribute('href')).toBe(
      '/opportunities/5/graduate-programme-technology',
    );
    // The opportunity could not be loaded: a plain link to it instead of its card.
    expect(await screen.findByRole('link', { name: 'Read more' })).toBeTruthy();
    // Signed in: no sign-up call.
    expect(screen.queryByRole('button', { name: "Sign up, it's free" })).toBeNull();
  });

  it("shows an opportunity campaign's opportunity as its card", async () => {
    mockFetch(({ path }) => {
      if (path === '/api/campaigns/ibtech') return jsonResponse(200, campaign());
      if (path === '/api/opportunities/5') {
        const {
          distanceInMeters: _,
          locationCount: __,
          ...detail
        } = item(5, 'Graduate Programme: Technology');
        return jsonResponse(200, {
          ...detail,
          description: null,
          isActive: true,
          positions: null,
          currency: 'ZAR',
          valueMin: null,
          valueMax: null,
          employmentType: null,
          organization: { ...detail.organization, slug: 'indlovu-bank', website: null },
          requirements: [],
          jobPosting: null,
        });
      }
      return notFound();
    });
    renderApp('/campaign/ibtech');
    const section = (await screen.findByRole('heading', { name: 'The opportunity' })).closest(
      'section',
    )!;
    const card = await within(section).findByRole('article', {
      name: 'Graduate Programme: Technology',
    });
    expect(within(card).getByText('Graduate Programme: Technology summary')).toBeTruthy();
    expect(screen.getByText(/^Open now, closes/)).toBeTruthy();
  });

  it('is not found for an unknown campaign', async () => {
    mockFetch(() => notFound());
    renderApp('/campaign/nothing');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · Pathways'));
  });
});
