import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { ApplicationInterviews } from '@pathways/shared/interviews/interviews.schemas';

import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderWithProviders,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { interview, managers, workspace } from '../testing/fixtures';
import { ClientInterviewsSection } from './client-interviews-section';

const criteria = [
  { key: 'comm', label: 'Communication' },
  { key: 'prob', label: 'Problem solving' },
];

function answers(data: ApplicationInterviews, extra?: (call: FetchCall) => Response | undefined) {
  signIn({ role: 'client', sub: '2' });
  return mockFetch((call) => {
    const more = extra?.(call);
    if (more) return more;
    if (call.path === '/api/client/applications/40/interviews') return jsonResponse(200, data);
    if (call.path === '/api/client/opportunities/7/interview_settings') {
      return jsonResponse(200, { settings: { criteria, blindReview: false } });
    }
    if (call.path === '/api/client/clients/2') {
      return jsonResponse(200, makeUser({ id: 2, role: 'client', email: 'lerato@demo.test' }));
    }
    if (call.path === '/api/client/opportunities/7')
      return jsonResponse(200, { opportunity: workspace });
    if (call.path === '/api/client/opportunities/7/managers') return jsonResponse(200, managers);
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
}

const render = () =>
  renderWithProviders(
    <ClientInterviewsSection opportunityId={7} applicationId={40} candidate="Thandi Mokoena" />,
  );

describe('an application’s interviews for the client', { timeout: 120_000 }, () => {
  it('shows what the candidate asked, and the interviews with their state', async () => {
    answers({
      offers: [
        {
          id: 3,
          applicationId: 40,
          status: 'other_times',
          message: null,
          candidateMessage: 'Any afternoon next week',
          createdAt: '2026-11-28T08:00:00.000Z',
          slots: [
            {
              id: 11,
              startsAt: '2099-12-10T08:00:00.000Z',
              endsAt: '2099-12-10T08:45:00.000Z',
              durationMinutes: 45,
              place: { kind: 'address', label: '1 Main Road', url: null },
              taken: false,
            },
          ],
        },
      ],
      interviews: [interview({ id: 10, status: 'cancelled' })],
    });
    render();
    const section = await screen.findByRole('region', { name: 'Interviews' });
    expect(
      await within(section).findByText('The candidate wrote: “Any afternoon next week”'),
    ).toBeTruthy();
    expect(within(section).getByText('The candidate asked for other times')).toBeTruthy();
    // 08:00 UTC read in South African time.
    expect(
      within(section).getByText(/Thursday 10 December 2099 at 10:00, 45 minutes/),
    ).toBeTruthy();
    expect(within(section).getByText('Cancelled')).toBeTruthy();
    // A cancelled interview can be neither moved nor cancelled again.
    expect(within(section).queryByRole('button', { name: 'Move' })).toBeNull();
  });

  it('reads the times in the viewer’s own time zone, daylight saving included, and says which', async () => {
    answers(
      {
        offers: [],
        interviews: [
          // 08:00 UTC: 09:00 in London's summer time, 08:00 in its winter.
          interview({
            id: 9,
            startsAt: '2099-06-10T08:00:00.000Z',
            endsAt: '2099-06-10T08:45:00.000Z',
          }),
          interview({ id: 10, startsAt: '2099-12-10T08:00:00.000Z', status: 'cancelled' }),
        ],
      },
      (call) =>
        call.path === '/api/client/clients/2'
          ? jsonResponse(200, makeUser({ id: 2, role: 'client', timeZone: 'Europe/London' }))
          : undefined,
    );
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole('region', { name: 'Interviews' });
    expect(await within(section).findByText(/Times are in Europe \/ London time\./)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Change your time zone' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/client\/interviews#time-zone$/),
    );
    expect(within(section).getByText(/10 June 2099 at 09:00/)).toBeTruthy();
    expect(within(section).getByText(/Thursday 10 December 2099 at 08:00/)).toBeTruthy();
    // A time typed to move it is London time too.
    await user.click(within(section).getByRole('button', { name: 'Move' }));
    const move = await screen.findByRole('dialog', { name: 'Move the interview' });
    expect((within(move).getByLabelText('Start of time 1') as HTMLInputElement).value).toBe(
      '09:00',
    );
    expect(within(move).getByText(/Times are in Europe \/ London time\./)).toBeTruthy();
  });

  it('keeps colleagues’ scorecards out of sight until the interviewer’s own is in, then submits it', async () => {
    const calls = answers({ offers: [], interviews: [interview()] }, (call) =>
      call.method === 'PUT'
        ? jsonResponse(200, {
            interview: interview({
              scorecards: [
                {
                  interviewerId: 101,
                  interviewer: 'Lerato Dube',
                  scores: { comm: 4, prob: 5 },
                  recommendation: 'yes',
                  notes: 'Clear thinker',
                  submittedAt: '2099-12-10T09:00:00.000Z',
                },
              ],
            }),
          })
        : undefined,
    );
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole('region', { name: 'Interviews' });
    expect(
      await within(section).findByText(
        'A colleague has submitted a scorecard: you see theirs once yours is in.',
      ),
    ).toBeTruthy();
    const form = within(section).getByRole('form', { name: 'Your scorecard' });
    await user.click(within(form).getByRole('button', { name: 'Submit my scorecard' }));
    expect(await within(form).findAllByText('Each score is from 1 to 5')).toHaveLength(2);
    expect(within(form).getByText('Choose a recommendation')).toBeTruthy();

    await user.click(within(form).getByRole('combobox', { name: 'Communication' }));
    await user.click(await screen.findByRole('option', { name: '4' }));
    await user.click(within(form).getByRole('combobox', { name: 'Problem solving' }));
    await user.click(await screen.findByRole('option', { name: '5' }));
    await user.click(within(form).getByRole('combobox', { name: 'Recommendation' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.type(within(form).getByLabelText('Notes'), 'Clear thinker');
    await user.click(within(form).getByRole('button', { name: 'Submit my scorecard' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/client/interviews/9/scorecard',
      body: {
        scorecard: { scores: { comm: 4, prob: 5 }, recommendation: 'yes', notes: 'Clear thinker' },
      },
    });
  });

  it('shows each interviewer’s scores per criterion once visible', async () => {
    answers({
      offers: [],
      interviews: [
        interview({
          interviewers: [
            {
              id: 102,
              name: 'Pat Outside',
              email: 'pat@example.com',
              hasAccount: false,
              submitted: true,
            },
          ],
          scorecards: [
            {
              interviewerId: 102,
              interviewer: 'Pat Outside',
              scores: { comm: 3, prob: 2 },
              recommendation: 'strong_no',
              notes: 'Unprepared',
              submittedAt: '2099-12-10T09:00:00.000Z',
            },
          ],
        }),
      ],
    });
    render();
    const table = await screen.findByRole('table', { name: /Scorecards/ });
    const row = within(table).getByRole('row', { name: /Pat Outside/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '2', 'Strong no', 'Unprepared']);
    // Not an interviewer of it: no form of their own.
    expect(screen.queryByRole('form', { name: 'Your scorecard' })).toBeNull();
  });

  it('moves an interview to a new time and cancels one with a reason', async () => {
    const calls = answers({ offers: [], interviews: [interview()] }, (call) =>
      call.method === 'PATCH' || call.method === 'POST'
        ? jsonResponse(200, { interview: interview() })
        : undefined,
    );
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole('region', { name: 'Interviews' });
    await user.click(await within(section).findByRole('button', { name: 'Move' }));
    const move = await screen.findByRole('dialog', { name: 'Move the interview' });
    const start = within(move).getByLabelText('Start of time 1');
    expect((start as HTMLInputElement).value).toBe('10:00');
    await user.clear(start);
    await user.type(start, '14:30');
    await user.click(within(move).getByRole('button', { name: 'Move the interview' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/client/interviews/9',
      body: {
        startsAt: '2099-12-10T12:30:00.000Z',
        durationMinutes: 45,
        place: { kind: 'video', url: 'https://meet.example.test/room' },
      },
    });

    await user.click(await within(section).findByRole('button', { name: 'Cancel interview' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel the interview?' });
    await user.type(within(cancel).getByLabelText('Reason (optional)'), 'The panel is away');
    await user.click(within(cancel).getByRole('button', { name: 'Cancel the interview' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/client/interviews/9/cancel')?.body).toEqual({
        reason: 'The panel is away',
      }),
    );
  });

  it('withdraws times that wait for the candidate, after confirming; booked times cannot be', async () => {
    const slot = {
      id: 11,
      startsAt: '2099-12-10T08:00:00.000Z',
      endsAt: '2099-12-10T08:45:00.000Z',
      durationMinutes: 45,
      place: { kind: 'address' as const, label: '1 Main Road', url: null },
      taken: false,
    };
    const waiting = {
      id: 3,
      applicationId: 40,
      status: 'open' as const,
      message: null,
      candidateMessage: null,
      createdAt: '2026-11-28T08:00:00.000Z',
      slots: [slot, { ...slot, id: 12, startsAt: '2099-12-11T08:00:00.000Z' }],
    };
    const booked = {
      ...waiting,
      id: 4,
      status: 'booked' as const,
      createdAt: '2026-11-20T08:00:00.000Z',
      slots: [{ ...slot, id: 13, taken: true }],
    };
    let withdrawn = false;
    const calls = answers({ offers: [], interviews: [] }, (call) => {
      if (call.path === '/api/client/interview_offers/3/withdraw') {
        withdrawn = true;
        return jsonResponse(200, { offer: { ...waiting, status: 'withdrawn' } });
      }
      if (call.path === '/api/client/applications/40/interviews') {
        return jsonResponse(200, {
          offers: [withdrawn ? { ...waiting, status: 'withdrawn' } : waiting, booked],
          interviews: [],
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole('region', { name: 'Interviews' });
    const buttons = await within(section).findAllByRole('button', { name: /^Withdraw times/ });
    // Only the times waiting for the candidate: the booked ones are cancelled as an interview.
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw these times?' });
    expect(within(dialog).getByText(/can no longer book any of these 2 times/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(section).getByRole('button', { name: /^Withdraw times/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw these times?' });
    await user.type(within(confirm).getByLabelText('Reason (optional)'), 'The post is filled');
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw times' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/client/interview_offers/3/withdraw',
      body: { reason: 'The post is filled' },
    });
    expect(await within(section).findByText('Withdrawn')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /^Withdraw times/ })).toBeNull();
  });

  it('shows the refusal when the times were booked meanwhile', async () => {
    const offer = {
      id: 3,
      applicationId: 40,
      status: 'open' as const,
      message: null,
      candidateMessage: null,
      createdAt: '2026-11-28T08:00:00.000Z',
      slots: [
        {
          id: 11,
          startsAt: '2099-12-10T08:00:00.000Z',
          endsAt: '2099-12-10T08:45:00.000Z',
          durationMinutes: 45,
          place: { kind: 'address' as const, label: '1 Main Road', url: null },
          taken: false,
        },
      ],
    };
    answers({ offers: [offer], interviews: [] }, (call) =>
      call.method === 'POST'
        ? jsonResponse(409, {
            code: 'conflict',
            message: 'This time is booked: cancel the interview instead',
          })
        : undefined,
    );
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole('region', { name: 'Interviews' });
    await user.click(await within(section).findByRole('button', { name: /^Withdraw times/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw these times?' });
    expect(within(dialog).getByText(/can no longer book this time/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw times' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This time is booked: cancel the interview instead',
    );
  });
});
