import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ApplicationSummary } from '@pathways/shared/applications/applications.schemas';
import type { EligibilityDetail } from '@pathways/shared/eligibility/eligibility.schemas';
import type { OpportunityDetail } from '@pathways/shared/opportunities/opportunities.schemas';

import {
  currentLocation,
  jsonResponse,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../../testing/test-utils';
import { windowLine } from '../../utils/window';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function opportunity(overrides: Partial<OpportunityDetail> = {}): OpportunityDetail {
  return {
    id: 5,
    name: 'Data Analyst Internship',
    kind: 'job',
    summary: 'A year of data work.',
    logo: null,
    publishedAt: inDays(-10),
    opensAt: inDays(-5),
    closesAt: inDays(30),
    commencesAt: inDays(90),
    isOpen: true,
    description: 'A year of data work.\n\nMentored by </script><b>analysts</b>.',
    isActive: true,
    positions: 12,
    currency: 'ZAR',
    employmentType: null,
    valueMin: 180000,
    valueMax: 240000,
    organization: {
      id: 3,
      name: 'Indlovu Bank',
      logo: null,
      slug: 'indlovu-bank',
      website: 'https://indlovu.example',
    },
    locations: [
      {
        id: 11,
        address: '1 Long Street',
        city: 'Cape Town',
        latitude: -33.92,
        longitude: 18.42,
        province: 'Western Cape',
        country: 'ZA',
      },
    ],
    requirements: [
      { id: 1, kind: 'qualification', description: 'Needs a completed matric or higher' },
      { id: 2, kind: 'age', description: 'Needs an age between 18 and 35' },
    ],
    jobPosting: {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Data Analyst Internship',
      description: 'Mentored by </script><b>analysts</b>.',
      url: 'http://localhost/opportunities/5/data-analyst-internship',
      identifier: { '@type': 'PropertyValue', name: 'Indlovu Bank', value: '5' },
      datePosted: '2026-11-12',
      hiringOrganization: { '@type': 'Organization', name: 'Indlovu Bank' },
      directApply: true,
    },
    ...overrides,
  };
}

function eligibility(eligible: boolean): EligibilityDetail {
  return {
    id: 1,
    eligible,
    opportunity: { id: 5, name: 'Data Analyst Internship' },
    checkedAt: new Date().toISOString(),
    criteria: [
      {
        requirementId: 1,
        kind: 'qualification',
        status: 'met',
        description: 'Needs a completed matric or higher',
        reason: 'National Senior Certificate (completed)',
      },
      eligible
        ? {
            requirementId: 2,
            kind: 'age',
            status: 'met',
            description: 'Needs an age between 18 and 35',
            reason: '21 years old',
          }
        : {
            requirementId: 2,
            kind: 'age',
            status: 'unknown',
            description: 'Needs an age between 18 and 35',
            reason: 'Your date of birth is not on your profile',
            action: {
              type: 'profile.date_of_birth',
              label: 'Add your date of birth',
              resolutionPath: '/candidate/profile#bornAt',
            },
          },
    ],
  };
}

function application(opportunityId: number): ApplicationSummary {
  return {
    id: 41,
    status: 'Applied',
    phase: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    complete: true,
    completion: 100,
    archivedAt: null,
    eligibility: null,
    opportunity: {
      id: opportunityId,
      name: 'Some opportunity',
      logo: null,
      kind: 'job',
      opensAt: null,
      closesAt: null,
      organization: { id: 3, name: 'Indlovu Bank', logo: null },
    },
  };
}

interface Api {
  detail?: OpportunityDetail | null;
  eligible?: boolean;
  applications?: ApplicationSummary[];
}

function mockApi({ detail = opportunity(), eligible = true, applications = [] }: Api = {}) {
  return mockFetch((call: FetchCall) => {
    const path = call.path.split('?')[0];
    if (path === '/api/opportunities/5') {
      return detail ? jsonResponse(200, detail) : jsonResponse(404, { message: 'Not found' });
    }
    if (path === '/api/candidate/opportunities/5/eligibility') {
      return jsonResponse(200, eligibility(eligible));
    }
    if (path === '/api/candidate/applications') {
      const wanted = new URLSearchParams(call.path.split('?')[1]).get('opportunity');
      const items = applications.filter((a) => !wanted || String(a.opportunity.id) === wanted);
      return jsonResponse(200, { items, page: 1, per: 1, total: items.length, counts: {} });
    }
    if (path === '/api/candidate/action_items') return jsonResponse(200, { items: [] });
    return jsonResponse(404, {});
  });
}

describe('the opportunity page', () => {
  it('shows a guest the opportunity, its requirements in words and the sign-up call', async () => {
    const calls = mockApi();
    const view = renderApp('/opportunities/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Data Analyst Internship' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Indlovu Bank' }).getAttribute('href')).toBe(
      '/organizations/3/indlovu-bank',
    );
    const requirements = screen.getByRole('region', { name: 'Requirements' });
    expect(
      within(requirements)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Needs a completed matric or higher', 'Needs an age between 18 and 35']);
    expect(
      within(requirements).getByRole('button', { name: 'Sign up to see whether you qualify' }),
    ).toBeTruthy();
    expect(within(requirements).getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Location' }).textContent).toContain(
      '1 Long Street, Cape Town, Western Cape',
    );
    // The canonical address replaces the bare one.
    await waitFor(() =>
      expect(currentLocation(view)).toBe('/opportunities/5/data-analyst-internship'),
    );
    await waitFor(() => expect(document.title).toBe('Data Analyst Internship · Pathways'));
    // A guest is never checked.
    expect(calls.some((c) => c.path.includes('eligibility'))).toBe(false);
  });

  it("shows the organization's logo, sized; when the browser asks to save data, only when pressed", async () => {
    const logo = '/api/organizations/3/logo?v=1';
    const detail = opportunity();
    mockApi({ detail: { ...detail, organization: { ...detail.organization, logo } } });
    const view = renderApp('/opportunities/5');
    await screen.findByRole('heading', { level: 1, name: 'Data Analyst Internship' });
    const img = view.container.querySelector('header img');
    expect(img?.getAttribute('src')).toBe(logo);
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['56', '56']);
    view.unmount();

    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true },
      configurable: true,
    });
    try {
      const saving = renderApp('/opportunities/5');
      const show = await screen.findByRole('button', { name: 'Show the logo of Indlovu Bank' });
      expect(saving.container.querySelector('header img')).toBeNull();
      fireEvent.click(show);
      expect(saving.container.querySelector('header img')?.getAttribute('src')).toBe(logo);
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });

  it('embeds the JobPosting, escaped so the text cannot end the script element', async () => {
    mockApi();
    const view = renderApp('/opportunities/5/data-analyst-internship');
    await screen.findByRole('heading', { level: 1, name: 'Data Analyst Internship' });
    const script = view.container.querySelector('script[type="application/ld+json"]');
    expect(script).toBeTruthy();
    expect(script!.innerHTML).not.toContain('</script>');
    expect(script!.innerHTML).toContain('\\u003c/script\\u003e');
    const posting = JSON.parse(script!.textContent ?? '') as Record<string, unknown>;
    expect(posting['@type']).toBe('JobPosting');
    expect(posting.title).toBe('Data Analyst Internship');
  });

  it('states the terms of a job among its facts, and nothing when they are not stated', async () => {
    mockApi({ detail: opportunity({ employmentType: 'part_time' }) });
    const view = renderApp('/opportunities/5');
    await screen.findByRole('heading', { level: 1, name: 'Data Analyst Internship' });
    const facts = view.container.querySelector('dl');
    const terms = [...(facts?.querySelectorAll('dt') ?? [])].find(
      (dt) => dt.textContent === 'Terms',
    );
    expect(terms?.nextElementSibling?.textContent).toBe('Part-time');
    view.unmount();

    mockApi();
    const unstated = renderApp('/opportunities/5');
    await screen.findByRole('heading', { level: 1, name: 'Data Analyst Internship' });
    const dts = [...unstated.container.querySelectorAll('dl dt')].map((dt) => dt.textContent);
    expect(dts).toContain('Closes');
    expect(dts).not.toContain('Terms');
  });

  it('has no JobPosting for a bursary', async () => {
    mockApi({ detail: opportunity({ kind: 'bursary', jobPosting: null }) });
    const view = renderApp('/opportunities/5');
    await screen.findByRole('heading', { level: 1, name: 'Data Analyst Internship' });
    expect(view.container.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('replaces an outdated name in the address, keeping the query and the hash', async () => {
    mockApi();
    const view = renderApp('/opportunities/5/old-name?ref=mail#about');
    await waitFor(() =>
      expect(currentLocation(view)).toBe('/opportunities/5/data-analyst-internship?ref=mail#about'),
    );
  });

  it('shows the not-found page for a missing opportunity or a bad id', async () => {
    mockApi({ detail: null });
    renderApp('/opportunities/5/whatever');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('shows the not-found page for an id that is not a number', async () => {
    const calls = mockApi();
    renderApp('/opportunities/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/opportunities/'))).toBe(false);
  });

  it('lets a candidate who qualifies apply', async () => {
    signIn({ role: 'candidate' });
    mockApi({ eligible: true, applications: [application(9)] });
    renderApp('/opportunities/5/data-analyst-internship');
    expect(await screen.findByText('You qualify')).toBeTruthy();
    const apply = await screen.findByRole('link', { name: 'Apply' });
    expect(apply.getAttribute('href')).toBe('/candidate/opportunities/5/apply');
    expect(screen.getByRole('heading', { level: 2, name: 'Do you qualify?' })).toBeTruthy();
  });

  it('lets a candidate who does not qualify yet apply, saying what that means', async () => {
    signIn({ role: 'candidate' });
    mockApi({ eligible: false });
    renderApp('/opportunities/5');
    expect(await screen.findByText('We need a little more about you')).toBeTruthy();
    const apply = await screen.findByRole('link', { name: 'Apply' });
    expect(apply.getAttribute('href')).toBe('/candidate/opportunities/5/apply');
    const reason = document.getElementById(apply.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toContain(
      'Your profile does not say enough yet to check every requirement.',
    );
    expect(reason?.textContent).toContain('applicants who qualify are considered first');
    expect(screen.getByRole('link', { name: 'Add your date of birth' }).getAttribute('href')).toBe(
      '/candidate/profile#bornAt',
    );
  });

  it('shares one check between the apply button and the checklist', async () => {
    signIn({ role: 'candidate' });
    const calls = mockApi({ eligible: true });
    renderApp('/opportunities/5/data-analyst-internship');
    await screen.findByRole('link', { name: 'Apply' });
    expect(calls.filter((c) => c.path.endsWith('/eligibility'))).toHaveLength(1);
  });

  it('sends a candidate who applied to the application', async () => {
    signIn({ role: 'candidate' });
    const calls = mockApi({ applications: [application(5)] });
    renderApp('/opportunities/5/data-analyst-internship');
    const view = await screen.findByRole('link', { name: 'View my application' });
    expect(calls.map((c) => c.path)).toContain('/api/candidate/applications?opportunity=5&per=1');
    expect(view.getAttribute('href')).toBe('/candidate/applications/41');
    expect(screen.queryByRole('link', { name: 'Apply' })).toBeNull();
  });

  it('says when applications open for an opportunity not open yet', async () => {
    signIn({ role: 'candidate' });
    const upcoming = opportunity({ isOpen: false, opensAt: inDays(10), closesAt: inDays(40) });
    mockApi({ detail: upcoming });
    renderApp('/opportunities/5/data-analyst-internship');
    expect((await screen.findByTestId('opportunity-window')).textContent).toBe(
      windowLine(upcoming),
    );
    expect(screen.getByTestId('opportunity-window').textContent).toMatch(
      /^Applications open on \d{1,2} \w+ \d{4}$/,
    );
    expect(screen.queryByRole('link', { name: 'Apply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('shows a client the page without eligibility or apply', async () => {
    signIn({ role: 'client', primary: true });
    const calls = mockApi();
    renderApp('/opportunities/5/data-analyst-internship');
    expect(await screen.findByRole('region', { name: 'Requirements' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sign up/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Apply' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/candidate/'))).toBe(false);
  });
});

describe('the opportunity page formats', () => {
  it('says when the window closed', () => {
    expect(
      windowLine(
        {
          isOpen: false,
          opensAt: '2026-01-01T00:00:00.000Z',
          closesAt: '2026-03-02T10:00:00.000Z',
        },
        new Date('2026-11-22T00:00:00.000Z'),
      ),
    ).toBe('Applications closed on 2 March 2026');
  });
});
