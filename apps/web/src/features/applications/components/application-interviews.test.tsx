import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { CandidateApplicationInterviews } from '@pathways/shared/interviews/interviews.schemas';

import {
  jsonResponse,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { makeApplication, shellResponse } from '../testing/fixtures';

configure({ asyncUtilTimeout: 15_000 });

const interviewsPath = '/api/candidate/applications/40/interviews';
const place = { kind: 'address' as const, label: '1 Main Road, Cape Town', url: null };
const offered: CandidateApplicationInterviews = {
  offers: [
    {
      id: 3,
      applicationId: 40,
      status: 'open',
      message: 'Looking forward to meeting you',
      candidateMessage: null,
      createdAt: '2026-11-28T08:00:00.000Z',
      slots: [
        {
          id: 11,
          startsAt: '2026-12-10T08:00:00.000Z',
          endsAt: '2026-12-10T08:45:00.000Z',
          durationMinutes: 45,
          place,
          taken: false,
        },
        {
          id: 12,
          startsAt: '2026-12-10T09:00:00.000Z',
          endsAt: '2026-12-10T09:45:00.000Z',
          durationMinutes: 45,
          place,
          taken: true,
        },
      ],
    },
  ],
  interviews: [],
};
const booked: CandidateApplicationInterviews = {
  offers: [{ ...offered.offers[0]!, status: 'booked' }],
  interviews: [
    {
      id: 9,
      applicationId: 40,
      opportunity: { id: 5, name: 'Graduate Programme: Technology' },
      candidate: { firstName: 'Thandi', lastName: 'Mokoena' },
      status: 'scheduled',
      startsAt: '2026-12-10T08:00:00.000Z',
      endsAt: '2026-12-10T08:45:00.000Z',
      durationMinutes: 45,
      place,
      sequence: 0,
      interviewers: [{ name: 'Sipho Dlamini' }],
    },
  ],
};

function render(handler: (call: FetchCall) => Response | undefined) {
  signIn();
  const calls = mockFetch(
    (call) =>
      handler(call) ??
      (call.path === '/api/candidate/applications/40'
        ? jsonResponse(200, makeApplication())
        : shellResponse(call)),
  );
  renderApp('/candidate/applications/40');
  return calls;
}

// The interviews section of the application page (the interviews feature's, shown here).
describe('interviews on the candidate’s application', () => {
  it('shows times in South African time and books the one chosen', async () => {
    let state = offered;
    const calls = render((call) => {
      if (call.path === interviewsPath) return jsonResponse(200, state);
      if (call.method === 'POST' && call.path === '/api/candidate/interview_offers/3/booking') {
        state = booked;
        return jsonResponse(201, { interview: booked.interviews[0] });
      }
      return undefined;
    });
    const section = await screen.findByRole('region', { name: 'Interviews' });
    // 08:00 UTC is 10:00 in South Africa.
    expect(
      within(section).getByText(/Thursday 10 December 2026 at 10:00, 45 minutes/),
    ).toBeTruthy();
    // A time someone else took is not offered.
    expect(within(section).queryByText(/at 11:00/)).toBeNull();
    await userEvent.click(
      within(section).getByRole('button', { name: 'Book Thursday 10 December 2026 at 10:00' }),
    );
    expect(await within(section).findByText(/with Sipho Dlamini/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ slotId: 11 });
    expect(within(section).queryByRole('button', { name: /^Book/ })).toBeNull();
  });

  it('asks for other times with a message', async () => {
    const calls = render((call) => {
      if (call.path === interviewsPath) return jsonResponse(200, offered);
      if (call.path === '/api/candidate/interview_offers/3/other_times') {
        return jsonResponse(200, { offer: { ...offered.offers[0], status: 'other_times' } });
      }
      return undefined;
    });
    const section = await screen.findByRole('region', { name: 'Interviews' });
    await userEvent.click(within(section).getByRole('button', { name: 'Ask for other times' }));
    await userEvent.type(
      within(section).getByLabelText('Which times would suit you?'),
      'The week after, please',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Send' }));
    await screen.findByRole('region', { name: 'Interviews' });
    await expect
      .poll(() => calls.find((c) => c.path.endsWith('/other_times'))?.body)
      .toEqual({ message: 'The week after, please' });
  });

  it('is not shown when nothing was offered', async () => {
    render((call) =>
      call.path === interviewsPath ? jsonResponse(200, { offers: [], interviews: [] }) : undefined,
    );
    expect(
      await screen.findByRole('heading', { name: 'Graduate Programme: Technology', level: 1 }),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Interviews' })).toBeNull();
  });
});
