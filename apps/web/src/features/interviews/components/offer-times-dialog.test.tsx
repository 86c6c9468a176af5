import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  jsonResponse,
  mockFetch,
  renderWithProviders,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { managers, workspace } from '../testing/fixtures';
import { OfferTimesDialog } from './offer-times-dialog';

function workspaceAnswers(call: FetchCall): Response | undefined {
  if (call.path === '/api/client/opportunities/7')
    return jsonResponse(200, { opportunity: workspace });
  if (call.path === '/api/client/opportunities/7/managers') return jsonResponse(200, managers);
  return undefined;
}

const day = '2099-12-10';

async function fillFirstTime(user: ReturnType<typeof userEvent.setup>) {
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText('Day of time 1'), day);
  await user.type(within(dialog).getByLabelText('Start of time 1'), '10:00');
  await user.type(
    within(dialog).getByLabelText('Video link of time 1'),
    'https://meet.example.test/a',
  );
  await user.click(within(dialog).getByLabelText('Interviewers of time 1 from the workspace'));
  await user.click(await screen.findByRole('option', { name: 'Sipho Dlamini' }));
  return dialog;
}

describe('offering interview times', { timeout: 120_000 }, () => {
  it('says what is missing with the shared messages, then offers several times in UTC', async () => {
    signIn({ role: 'client', sub: '2' });
    let posts = 0;
    const calls = mockFetch((call) => {
      const answer = workspaceAnswers(call);
      if (answer) return answer;
      if (call.method !== 'POST') return jsonResponse(404, {});
      posts += 1;
      // The first time, the API refuses the second time (it has passed meanwhile).
      return posts === 1
        ? jsonResponse(422, {
            code: 'validation',
            message: 'The time must be in the future',
            errors: { 'slots.1.startsAt': ['The time must be in the future'] },
          })
        : jsonResponse(201, { items: [{}, {}, {}] });
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <OfferTimesDialog
        opportunityId={7}
        open
        onClose={onClose}
        target={{
          kind: 'applications',
          applicationIds: [40, 41, 42],
          label: 'the 3 applicants chosen',
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Offer interview times' });
    // Only primary users and the workspace's managers can interview.
    await user.click(within(dialog).getByLabelText('Interviewers of time 1 from the workspace'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Lerato Dube',
      'Sipho Dlamini',
    ]);
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('button', { name: 'Offer the time' }));
    expect(await within(dialog).findByText('Give a start date and time')).toBeTruthy();
    expect(within(dialog).getByText('Enter a video link starting with https://')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one interviewer')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await fillFirstTime(user);
    await user.type(
      within(dialog).getByLabelText('Outside interviewers of time 1'),
      'not-an-address',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Copy the last time, 1 hour later' }),
    );
    expect((within(dialog).getByLabelText('Start of time 2') as HTMLInputElement).value).toBe(
      '11:00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Offer 2 times' }));
    expect(await within(dialog).findAllByText('Enter a valid e-mail address')).toHaveLength(2);

    // A name may go before an address.
    for (const [n, entry] of [
      [1, 'Pat Dube <pat@example.com>'],
      [2, 'pat@example.com'],
    ] as const) {
      const outside = within(dialog).getByLabelText(`Outside interviewers of time ${n}`);
      await user.clear(outside);
      await user.type(outside, entry);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Offer 2 times' }));
    // The refusal sits by the time it names, not above them all.
    const second = within(dialog).getByRole('group', { name: 'Time 2' });
    expect(await within(second).findByText('The time must be in the future')).toBeTruthy();
    expect(
      within(within(dialog).getByRole('group', { name: 'Time 1' })).queryByText(
        'The time must be in the future',
      ),
    ).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Offer 2 times' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/client/opportunities/7/interview_offers');
    expect(post.body).toEqual({
      applicationIds: [40, 41, 42],
      message: null,
      slots: [
        {
          // 10:00 in South Africa is 08:00 UTC.
          startsAt: '2099-12-10T08:00:00.000Z',
          durationMinutes: 45,
          place: { kind: 'video', url: 'https://meet.example.test/a' },
          interviewers: [{ userId: 3 }, { email: 'pat@example.com', name: 'Pat Dube' }],
        },
        {
          startsAt: '2099-12-10T09:00:00.000Z',
          durationMinutes: 45,
          place: { kind: 'video', url: 'https://meet.example.test/a' },
          interviewers: [{ userId: 3 }, { email: 'pat@example.com' }],
        },
      ],
    });
  });

  it('fixes one time directly and shows the API’s refusal on the time', async () => {
    signIn({ role: 'client', sub: '2' });
    mockFetch(
      (call) =>
        workspaceAnswers(call) ??
        (call.method === 'POST'
          ? jsonResponse(409, {
              code: 'conflict',
              message: 'An interviewer already has an interview at this time',
            })
          : jsonResponse(404, {})),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <OfferTimesDialog
        opportunityId={7}
        open
        onClose={() => {}}
        fixFor={{ applicationId: 40, label: 'Thandi Mokoena' }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fix an interview time' });
    expect(within(dialog).queryByRole('button', { name: /Copy the last time/ })).toBeNull();
    await fillFirstTime(user);
    await user.click(within(dialog).getByRole('button', { name: 'Fix the time' }));
    const day = within(dialog).getByLabelText('Day of time 1');
    await vi.waitFor(() => expect(day.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText('An interviewer already has an interview at this time'),
    ).toBeTruthy();
  });
});
