import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { FeedbackRequest } from '@pathways/shared/feedback/feedback.schemas';
import type { ClientUser } from '@pathways/shared/managers/managers.schemas';

import {
  currentLocation,
  jsonResponse,
  mockFetch,
  renderWithProviders,
  signIn,
} from '../../../testing/test-utils';
import { ColleagueFeedback } from './colleague-feedback';
import { ShareDialog } from './share-dialog';
import { SharedCandidatesView } from './shared-candidates-view';

const applicant = (id: number, firstName: string) => ({
  id,
  candidate: { firstName, lastName: 'Mokoena', avatarUrl: null },
  completion: 80,
  eligible: true,
  opportunity: { id: 5, name: 'Engineering bursary' },
});

const request = (overrides: Partial<FeedbackRequest> = {}): FeedbackRequest => ({
  id: 9,
  message: 'Who would you interview?',
  createdAt: '2026-11-20T10:00:00.000Z',
  requestedBy: { id: 1, name: 'Ann Primary' },
  role: 'responder',
  state: 'open',
  responders: [{ id: 2, name: 'Ben Colleague', answered: false }],
  guests: [],
  applications: [applicant(31, 'Thandi'), applicant(32, 'Sipho')],
  responses: [],
  ...overrides,
});
const list = (items: FeedbackRequest[]) => ({ items, page: 1, per: 20, total: items.length });

const client = (id: number, firstName: string, extra: Partial<ClientUser> = {}): ClientUser => ({
  id,
  email: `${firstName.toLowerCase()}@acme.test`,
  firstName,
  lastName: 'Colleague',
  jobTitle: null,
  primary: false,
  active: true,
  status: 'joined',
  invitedAt: null,
  lastSignInAt: null,
  ...extra,
});

describe('SharedCandidatesView', () => {
  it('lets a responder rate and comment on each shared applicant', async () => {
    signIn({ role: 'client', sub: '2' });
    const calls = mockFetch(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(200, { feedbackRequest: request({ state: 'answered' }) })
        : jsonResponse(200, list([request()])),
    );
    renderWithProviders(<SharedCandidatesView />);
    expect(await screen.findByText('From Ann Primary')).toBeTruthy();
    expect(calls[0]!.path).toBe('/api/client/feedback_requests?scope=shared&state=open&page=1');
    expect(
      screen.getAllByText(/Engineering bursary · profile 80 % complete · eligible/),
    ).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save feedback' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Rate or comment on at least one applicant',
    );
    const stars = screen.getByRole('group', { name: 'Rating for Thandi Mokoena' });
    fireEvent.click(within(stars).getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment on Thandi Mokoena'), 'Strong maths');
    await user.type(screen.getByLabelText('Comment on Sipho Mokoena'), 'Not yet');
    await user.click(screen.getByRole('button', { name: 'Save feedback' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      responses: [
        { applicationId: 31, rating: 4, comment: 'Strong maths' },
        { applicationId: 32, rating: null, comment: 'Not yet' },
      ],
    });
    expect(calls.find((c) => c.method === 'PATCH')?.path).toBe('/api/client/feedback_requests/9');
  });

  it("shows the requester their colleagues' answers under Shared by me", async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = mockFetch(({ path }) =>
      jsonResponse(
        200,
        path.includes('scope=mine')
          ? list([
              request({
                role: 'requester',
                responders: [{ id: 2, name: 'Ben Colleague', answered: true }],
                responses: [
                  {
                    applicationId: 31,
                    responder: { id: 2, name: 'Ben Colleague', outside: false },
                    rating: 5,
                    comment: 'Interview her',
                    answeredAt: '2026-11-21T10:00:00.000Z',
                  },
                ],
              }),
            ])
          : list([]),
      ),
    );
    renderWithProviders(<SharedCandidatesView />);
    expect(await screen.findByText('Nothing is waiting for your opinion.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Shared by me' }));
    expect(await screen.findByText(/5 of 5 stars · “Interview her”/)).toBeTruthy();
    expect(screen.getByText('No answer yet.')).toBeTruthy();
    expect(screen.getByText('Asked: Ben Colleague (answered)')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('scope=mine'))).toBe(true);
  });
});

describe('SharedCandidatesView, people outside', () => {
  it('sends someone outside whose link was withdrawn a new one', async () => {
    signIn({ role: 'client', sub: '1' });
    let revoked = true;
    const mine = () =>
      request({
        role: 'requester',
        responders: [],
        guests: [
          { id: 7, email: 'pat@partner.example', name: 'Pat Adviser', answered: false, revoked },
        ],
      });
    const calls = mockFetch(({ method, path }) => {
      if (method === 'POST') {
        revoked = false;
        return jsonResponse(200, { feedbackRequest: mine() });
      }
      return jsonResponse(200, list(path.includes('scope=mine') ? [mine()] : []));
    });
    renderWithProviders(<SharedCandidatesView />, '/client/shared_candidates?tab=mine');
    expect(
      await screen.findByText('Pat Adviser (pat@partner.example): link withdrawn'),
    ).toBeTruthy();
    // Withdrawn already: only a new link is offered.
    expect(screen.queryByRole('button', { name: /Withdraw the link/ })).toBeNull();
    await userEvent
      .setup()
      .click(
        screen.getByRole('button', { name: 'Send Pat Adviser (pat@partner.example) a new link' }),
      );
    expect(
      await screen.findByText('A new link is on its way to Pat Adviser (pat@partner.example)'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(
      '/api/client/feedback_requests/9/guests/7/link',
    );
    expect(await screen.findByText('Pat Adviser (pat@partner.example): waiting')).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Withdraw the link of Pat Adviser (pat@partner.example)',
      }),
    ).toBeTruthy();
  });
});

describe('SharedCandidatesView paging', () => {
  it('pages through the requests with the page in the address', async () => {
    signIn({ role: 'client', sub: '2' });
    const calls = mockFetch(({ path }) => {
      const page = Number(new URL(path, 'http://x').searchParams.get('page'));
      return jsonResponse(200, {
        items: [request({ id: page, message: `Request on page ${page}` })],
        page,
        per: 20,
        total: 45,
      });
    });
    const view = renderWithProviders(<SharedCandidatesView />, '/client/shared_candidates');
    expect(await screen.findByText('“Request on page 1”')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('45 requests · page 1 of 3');
    const pages = screen.getByRole('navigation', { name: 'Pages of requests' });
    expect(within(pages).getByRole('button', { name: 'page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('“Request on page 2”')).toBeTruthy();
    expect(currentLocation(view)).toBe('/client/shared_candidates?page=2');
    expect(calls.at(-1)!.path).toBe('/api/client/feedback_requests?scope=shared&state=open&page=2');
    // Another list starts on its first page.
    await user.click(screen.getByRole('button', { name: 'Answered' }));
    await waitFor(() =>
      expect(calls.at(-1)!.path).toBe(
        '/api/client/feedback_requests?scope=shared&state=answered&page=1',
      ),
    );
    expect(currentLocation(view)).toBe('/client/shared_candidates?state=answered');
  });

  it('opens on the list and page the address names', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = mockFetch(() => jsonResponse(200, { items: [], page: 4, per: 20, total: 45 }));
    renderWithProviders(<SharedCandidatesView />, '/client/shared_candidates?tab=mine&page=4');
    expect(await screen.findByText('There are no more requests.')).toBeTruthy();
    expect(calls[0]!.path).toBe('/api/client/feedback_requests?scope=mine&page=4');
    expect(screen.getByRole('tab', { name: 'Shared by me' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // Past the last page, the way back is offered.
    const pages = screen.getByRole('navigation', { name: 'Pages of requests' });
    expect(within(pages).getByRole('button', { name: 'Go to page 3' })).toBeTruthy();
  });
});

describe('ShareDialog', () => {
  it('offers active colleagues other than me and shares the chosen applicants', async () => {
    signIn({ role: 'client', sub: '1', primary: true });
    const calls = mockFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse(201, { feedbackRequest: request({ role: 'requester' }) })
        : jsonResponse(200, {
            items: [
              client(1, 'Ann'),
              client(2, 'Ben'),
              client(3, 'Cy', { active: false }),
              client(4, 'Di', { status: 'invited' }),
            ],
            page: 1,
            per: 100,
            total: 4,
          }),
    );
    let closed = false;
    renderWithProviders(<ShareDialog applicationIds={[31, 32]} onClose={() => (closed = true)} />);
    const ben = await screen.findByRole('checkbox', { name: 'Ben Colleague' });
    expect(screen.queryByRole('checkbox', { name: 'Ann Colleague' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Cy Colleague' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Di Colleague' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose at least one colleague or add someone outside by e-mail',
    );
    await user.click(ben);
    await user.type(screen.getByLabelText('Message (optional)'), 'Thoughts?');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      opportunityApplications: [31, 32],
      responders: [2],
      guests: [],
      message: 'Thoughts?',
    });
  });

  it('asks people outside by e-mail, checking each address, with no colleague chosen', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = mockFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse(201, { feedbackRequest: request({ role: 'requester' }) })
        : jsonResponse(200, { items: [client(2, 'Ben')], page: 1, per: 100, total: 1 }),
    );
    let closed = false;
    renderWithProviders(<ShareDialog applicationIds={[31]} onClose={() => (closed = true)} />);
    await screen.findByRole('checkbox', { name: 'Ben Colleague' });
    const user = userEvent.setup();
    const email = screen.getByLabelText('E-mail of someone outside');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid e-mail address');
    await user.clear(email);
    await user.type(email, 'Pat@Partner.example');
    await user.type(screen.getByLabelText('Their name (optional)'), 'Pat Adviser');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      within(screen.getByRole('list', { name: 'People outside to ask' })).getByText(
        'Pat Adviser (pat@partner.example)',
      ),
    ).toBeTruthy();
    // One typed but not added goes too.
    await user.type(email, 'lee@partner.example');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      opportunityApplications: [31],
      responders: [],
      guests: [
        { email: 'pat@partner.example', name: 'Pat Adviser' },
        { email: 'lee@partner.example', name: null },
      ],
      message: '',
    });
  });

  it("shows the API's refusal", async () => {
    signIn({ role: 'client', sub: '1' });
    mockFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse(422, {
            code: 'validation',
            message: 'x',
            errors: {
              opportunityApplications: ['Not an application of a workspace you manage: 32'],
            },
          })
        : jsonResponse(200, { items: [client(2, 'Ben')], page: 1, per: 100, total: 1 }),
    );
    renderWithProviders(<ShareDialog applicationIds={[32]} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Ben Colleague' }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not an application of a workspace you manage: 32',
    );
  });
});

describe('ColleagueFeedback', () => {
  const feedback = {
    items: [
      {
        responder: { id: 2, name: 'Ben Colleague', outside: false },
        rating: 4,
        comment: 'Good',
        answeredAt: '2026-11-21T10:00:00.000Z',
      },
    ],
    averageRating: 4,
  };
  it("says the colleagues' average stands in while no manager has rated", () => {
    renderWithProviders(<ColleagueFeedback feedback={feedback} ownRating={null} />);
    expect(
      screen.getByText(/average: 4 of 5 stars\. No manager has rated the applicant yet/),
    ).toBeTruthy();
    expect(screen.getByText('Ben Colleague')).toBeTruthy();
    expect(screen.getByText(/Good · 21 Nov 2026/)).toBeTruthy();
  });
  it("keeps the manager's own rating", () => {
    renderWithProviders(<ColleagueFeedback feedback={feedback} ownRating={2} />);
    expect(screen.queryByText(/No manager has rated/)).toBeNull();
    expect(screen.getByText(/average: 4 of 5 stars/)).toBeTruthy();
  });
});
