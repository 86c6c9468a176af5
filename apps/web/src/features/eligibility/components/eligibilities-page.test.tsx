import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type {
  ClientEligibilityRow,
  CriterionFunnelResponse,
} from '@pathways/shared/eligibility/client-eligibilities.schemas';

import {
  currentLocation,
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  renderWithProviders,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { QualifiedCandidates } from './qualified-candidates';

// The first page of a file loads its lazy chunks cold; on a busy machine that takes a while.
configure({ asyncUtilTimeout: 15_000 });

const row = (overrides: Partial<ClientEligibilityRow> = {}): ClientEligibilityRow => ({
  id: 11,
  candidateId: 101,
  name: 'Amahle Dlamini',
  photoUrl: null,
  completion: 100,
  eligible: true,
  referredAt: null,
  invitedAt: null,
  applied: false,
  withdrawn: false,
  profileUpdatedAt: '2026-11-20T08:00:00.000Z',
  criteria: { met: 3, unmet: 0, unknown: 0 },
  opportunity: { id: 7, name: 'Engineering Bursary' },
  ...overrides,
});

const rows = [
  row(),
  row({
    id: 12,
    candidateId: 102,
    name: 'Eben Smit',
    applied: true,
    referredAt: '2026-11-19T08:00:00.000Z',
  }),
  row({
    id: 13,
    candidateId: 103,
    name: 'Dineo Mokoena',
    eligible: false,
    completion: 60,
    referredAt: '2026-11-18T08:00:00.000Z',
    criteria: { met: 1, unmet: 1, unknown: 1 },
  }),
  row({ id: 14, candidateId: 104, name: 'Gugu Nkosi' }),
];

// As the API sends it: counts of fewer than 5, and those they would give away, are null.
const funnel: CriterionFunnelResponse = {
  candidates: 40,
  requirements: [
    { id: 1, kind: 'age', description: 'Age 18 or over', unmet: null },
    { id: 2, kind: 'drivers_license', description: "A driver's licence", unmet: 12 },
  ],
  steps: [
    {
      id: 2,
      kind: 'drivers_license',
      description: "A driver's licence",
      removed: 12,
      remaining: 28,
    },
    { id: 1, kind: 'age', description: 'Age 18 or over', removed: null, remaining: null },
  ],
};

const workspace = {
  opportunity: {
    id: 7,
    name: 'Engineering Bursary',
    kind: 'bursary',
    summary: null,
    description: null,
    logo: null,
    publishedAt: null,
    opensAt: null,
    closesAt: null,
    commencesAt: null,
    positions: null,
    valueMin: null,
    valueMax: null,
    currency: 'ZAR',
    employmentType: null,
    isActive: true,
    version: 1,
    updatedAt: '2026-11-20T08:00:00.000Z',
    locations: [],
    organization: { id: 3, name: 'Acme Holdings', logo: null },
    phases: [{ id: 1, name: 'Applied', description: null, order: 1, initial: true, next: null }],
    managers: [],
  },
};

function render(
  path: string,
  handler: (call: FetchCall) => Response | undefined = () => undefined,
) {
  signIn({ role: 'client', primary: true, sub: '5' });
  const calls = mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.path.startsWith('/api/client/clients/')) {
      return jsonResponse(200, makeUser({ id: 5, role: 'client', primary: true }));
    }
    if (call.path === '/api/client/opportunities/7') return jsonResponse(200, workspace);
    if (call.path === '/api/client/opportunities/7/eligibilities/funnel') {
      return jsonResponse(200, funnel);
    }
    if (call.path.startsWith('/api/client/opportunities/7/eligibilities?')) {
      return jsonResponse(200, { items: rows, page: 1, per: 25, total: 4 });
    }
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  return { calls, result: renderApp(path) };
}

const listCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.path.startsWith('/api/client/opportunities/7/eligibilities?'));

describe('the eligible candidates page', () => {
  it('lists the candidates, newest profile change first, with their facts', async () => {
    const { calls } = render('/client/opportunities/7/eligibilities');
    const table = await screen.findByRole('table', { name: 'Eligible candidates' });
    expect(await within(table).findByText('Amahle Dlamini')).toBeTruthy();
    expect(within(table).getByText('Applied')).toBeTruthy();
    expect(within(table).getByText('1 met, 1 not met, 1 not known')).toBeTruthy();
    expect(within(table).getByText('60 %')).toBeTruthy();
    expect(screen.getByText('4 candidates')).toBeTruthy();
    expect(listCalls(calls)[0]!.path).toBe(
      '/api/client/opportunities/7/eligibilities?page=1&sort=profile.updatedAt&direction=desc',
    );
    // Only those who can be invited get a button: not the applied, not the ineligible.
    expect(screen.getByRole('button', { name: 'Invite Amahle Dlamini' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite Eben Smit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite Dineo Mokoena' })).toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: 'Select Eben Smit' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('says "Not known yet" of nothing unmet but something unknown, and "Withdrawn" of a withdrawn applicant', async () => {
    const unsure = [
      row({
        id: 21,
        candidateId: 201,
        name: 'Lerato Khumalo',
        eligible: false,
        referredAt: '2026-11-18T08:00:00.000Z',
        criteria: { met: 2, unmet: 0, unknown: 1 },
      }),
      row({
        id: 22,
        candidateId: 202,
        name: 'Sipho Ndlovu',
        applied: true,
        withdrawn: true,
        referredAt: '2026-11-17T08:00:00.000Z',
      }),
      row({
        id: 23,
        candidateId: 203,
        name: 'Dineo Mokoena',
        eligible: false,
        referredAt: '2026-11-16T08:00:00.000Z',
        criteria: { met: 1, unmet: 1, unknown: 1 },
      }),
    ];
    render('/client/opportunities/7/eligibilities', (call) =>
      call.path.startsWith('/api/client/opportunities/7/eligibilities?')
        ? jsonResponse(200, { items: unsure, page: 1, per: 25, total: 3 })
        : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Eligible candidates' });
    const rowOf = async (name: string) =>
      (await within(table).findByText(name)).closest('tr') as HTMLElement;
    const lerato = await rowOf('Lerato Khumalo');
    expect(within(lerato).getByText('Not known yet')).toBeTruthy();
    expect(within(lerato).queryByText('Not eligible')).toBeNull();
    const sipho = await rowOf('Sipho Ndlovu');
    expect(within(sipho).getByText('Withdrawn')).toBeTruthy();
    expect(within(sipho).queryByText('Applied')).toBeNull();
    expect(within(await rowOf('Dineo Mokoena')).getByText('Not eligible')).toBeTruthy();
  });

  it('keeps the filters in the URL and asks the server with them', async () => {
    const user = userEvent.setup();
    const { calls, result } = render('/client/opportunities/7/eligibilities?page=2');
    await screen.findByText('Amahle Dlamini');
    const applied = screen.getByRole('group', { name: 'Applied' });
    await user.click(within(applied).getByRole('button', { name: 'Not applied' }));
    await waitFor(() =>
      expect(currentLocation(result)).toBe('/client/opportunities/7/eligibilities?applied=false'),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)!.path).toContain('applied=false'));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Gugu{Enter}');
    await waitFor(() => expect(currentLocation(result)).toContain('search=Gugu'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.path).toContain('search=Gugu'));
  });

  it('invites one candidate and says so', async () => {
    const user = userEvent.setup();
    const { calls } = render('/client/opportunities/7/eligibilities', (call) =>
      call.method === 'PATCH' && call.path === '/api/client/opportunities/7/eligibilities/11/invite'
        ? jsonResponse(200, { eligibility: row({ invitedAt: '2026-11-24T10:00:00.000Z' }) })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Invite Amahle Dlamini' }));
    expect(await screen.findByText('Amahle Dlamini is invited to apply.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('invites the selected candidates in one request and names those left out', async () => {
    const user = userEvent.setup();
    const { calls } = render('/client/opportunities/7/eligibilities', (call) =>
      call.method === 'POST'
        ? jsonResponse(200, {
            invited: [row({ id: 14, name: 'Gugu Nkosi' })],
            skipped: [{ id: 11, reason: 'invited' }],
          })
        : undefined,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select Amahle Dlamini' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Gugu Nkosi' }));
    await user.click(screen.getByRole('button', { name: 'Invite 2 selected' }));
    expect(
      await screen.findByText(
        'Gugu Nkosi is invited to apply. 1 was left out: invited or applied already.',
        { exact: false },
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ eligibilityIds: [11, 14] });
  });

  it("shows the server's reason when an invitation is refused", async () => {
    const user = userEvent.setup();
    render('/client/opportunities/7/eligibilities', (call) =>
      call.method === 'PATCH'
        ? jsonResponse(409, {
            code: 'conflict',
            message: 'This candidate has already been invited to this opportunity',
          })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Invite Amahle Dlamini' }));
    expect(
      await screen.findByText('This candidate has already been invited to this opportunity'),
    ).toBeTruthy();
  });

  it("opens a row's criteria in words", async () => {
    const user = userEvent.setup();
    render('/client/opportunities/7/eligibilities', (call) =>
      call.path === '/api/client/opportunities/7/eligibilities/13'
        ? jsonResponse(200, {
            eligibility: {
              ...rows[2],
              checkedAt: '2026-11-20T08:00:00.000Z',
              criteriaResults: [
                {
                  requirementId: 1,
                  kind: 'age',
                  status: 'unmet',
                  description: 'Age 18 or over',
                  reason: 'You are 17',
                },
              ],
            },
          })
        : undefined,
    );
    const toggle = await screen.findByRole('button', {
      name: 'Show the criteria of Dineo Mokoena',
    });
    await user.click(toggle);
    expect(await screen.findByText('Not met: Age 18 or over')).toBeTruthy();
    expect(screen.getByText('You are 17')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows the funnel as bars and as a table, hidden counts as fewer than 5', async () => {
    render('/client/opportunities/7/eligibilities');
    const numbers = await screen.findByRole('table', { name: 'The criterion funnel in numbers' });
    const lines = within(numbers)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(lines).toEqual([
      ['Requirement', 'Removes alone', 'Removes in turn', 'Left'],
      ['Candidates with a complete profile', '', '', '40'],
      ["A driver's licence", '12', '12', '28'],
      ['Age 18 or over', 'fewer than 5', 'fewer than 5', 'fewer than 5'],
    ]);
    const bars = screen.getByRole('list', { name: 'Candidates left after each requirement' });
    const items = within(bars).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Complete profiles40',
      "A driver's licence28",
      'Age 18 or overfewer than 5',
    ]);
  });

  it('says when the workspace is not one the user manages', async () => {
    render('/client/opportunities/9/eligibilities');
    expect(
      await screen.findByText(/This opportunity does not exist or you do not manage it/),
    ).toBeTruthy();
  });
});

describe('QualifiedCandidates', () => {
  it('lists the qualified candidates of every workspace with their workspace', async () => {
    signIn({ role: 'client', primary: true, sub: '5' });
    const calls = mockFetch((call) =>
      call.path.startsWith('/api/client/eligibilities')
        ? jsonResponse(200, {
            items: [
              row(),
              row({
                id: 31,
                name: 'Lebo Maseko',
                opportunity: { id: 8, name: 'Finance Internship' },
              }),
            ],
            page: 1,
            per: 25,
            total: 2,
          })
        : jsonResponse(404, { code: 'not_found', message: 'Not found' }),
    );
    renderWithProviders(<QualifiedCandidates />);
    const table = await screen.findByRole('table', { name: 'Qualified candidates' });
    expect(
      (await within(table).findByRole('link', { name: 'Finance Internship' })).getAttribute('href'),
    ).toBe('/client/opportunities/8/eligibilities');
    expect(screen.getByText('2 qualified candidates')).toBeTruthy();
    expect(calls[0]!.path).toBe(
      '/api/client/eligibilities?page=1&sort=profile.updatedAt&direction=desc',
    );
  });

  it("explains the server's refusal to a user who manages no active workspace", async () => {
    signIn({ role: 'client', primary: false, sub: '6' });
    mockFetch(() =>
      jsonResponse(403, {
        code: 'forbidden',
        message:
          'Candidate search is for primary users and for managers of an active workspace; you manage none',
      }),
    );
    renderWithProviders(<QualifiedCandidates />);
    expect(await screen.findByText(/you manage none/)).toBeTruthy();
  });
});
