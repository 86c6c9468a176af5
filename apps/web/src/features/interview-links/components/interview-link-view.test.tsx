import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { InterviewLinkView } from '@pathways/shared/interviews/interviews.schemas';

import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { InterviewLinkContent } from './interview-link-view';

const criteria = [
  { key: 'communication', label: 'Communication' },
  { key: 'problem', label: 'Problem solving' },
];

const colleagueCard = {
  interviewerId: 2,
  interviewer: 'Thandi Mokoena',
  scores: { communication: 5, problem: 3 },
  recommendation: 'strong_yes' as const,
  notes: 'Asked sharp questions',
  submittedAt: '2026-12-10T10:00:00.000Z',
};

function linkView(over: Partial<InterviewLinkView> = {}): InterviewLinkView {
  return {
    interview: {
      id: 7,
      applicationId: 11,
      opportunity: { id: 3, name: 'Graduate Programme' },
      status: 'scheduled',
      startsAt: '2026-12-10T08:00:00.000Z',
      endsAt: '2026-12-10T09:00:00.000Z',
      durationMinutes: 60,
      place: {
        kind: 'video',
        label: 'https://meet.example.org/abc',
        url: 'https://meet.example.org/abc',
      },
      sequence: 0,
    },
    organization: 'Indlovu Bank',
    interviewer: { name: 'Sipho Dlamini', email: 'sipho@partner.example' },
    colleagues: ['Thandi Mokoena'],
    candidate: {
      name: null,
      blind: true,
      profile: {
        name: null,
        biography: null,
        driversLicense: true,
        experiences: [
          {
            id: 1,
            kind: 'work',
            title: 'Data intern',
            organizationName: 'Ubuntu Analytics',
            startsAt: '2025-01-01',
            endsAt: '2025-06-30',
            current: false,
            description: null,
          },
        ],
        profileQualifications: [],
        achievements: [],
        affiliations: [],
        languageProficiencies: [
          { id: 1, language: 'isiZulu', reading: 'native', writing: 'native', speaking: 'native' },
        ],
        studyRights: [],
        workRights: [],
      },
    },
    criteria,
    scorecard: null,
    others: [],
    ...over,
  };
}

describe('InterviewLinkContent', () => {
  it('shows the interview in the reader’s time zone, the candidate without a name, and no colleague’s scorecard before theirs', async () => {
    const calls = mockFetch(() => jsonResponse(200, linkView()));
    renderWithProviders(<InterviewLinkContent token="tok-1" timeZone="America/New_York" />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Interview for Graduate Programme' }),
    ).toBeTruthy();
    expect(screen.getByText('Thursday 10 December 2026')).toBeTruthy();
    expect(screen.getByText('03:00 – 04:00 (60 minutes)')).toBeTruthy();
    expect(screen.getByText('Your time zone: America / New York')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the video call' }).getAttribute('rel')).toContain(
      'noreferrer',
    );
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/interview_links/tok-1/calendar',
    );
    expect(screen.getByText(/Blind review/)).toBeTruthy();
    expect(screen.getByText('Data intern, Ubuntu Analytics')).toBeTruthy();
    expect(screen.getByText(/You see your colleagues' scorecards once yours is in/)).toBeTruthy();
    expect(screen.queryByText('Asked sharp questions')).toBeNull();
    expect(calls.map((c) => [c.method, c.path])).toEqual([['GET', '/api/interview_links/tok-1']]);
  });

  it('submits the scorecard with the shared schema’s checks, then shows the colleagues’ scorecards', async () => {
    const calls = mockFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(
            200,
            linkView({
              scorecard: {
                interviewerId: 1,
                interviewer: 'Sipho Dlamini',
                scores: { communication: 4, problem: 2 },
                recommendation: 'yes',
                notes: 'Calm',
                submittedAt: '2026-12-10T09:05:00.000Z',
              },
              others: [colleagueCard],
            }),
          )
        : jsonResponse(200, linkView()),
    );
    renderWithProviders(<InterviewLinkContent token="tok-1" timeZone="Africa/Johannesburg" />);
    const form = await screen.findByRole('form', { name: 'Your scorecard' });
    // Without a recommendation the form says so and sends nothing.
    await userEvent.click(within(form).getByRole('button', { name: 'Submit my scorecard' }));
    expect(await within(form).findByText('Choose a recommendation')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    const communication = within(form).getByRole('radiogroup', { name: 'Communication' });
    await userEvent.click(within(communication).getByRole('radio', { name: '4' }));
    const problem = within(form).getByRole('radiogroup', { name: 'Problem solving' });
    await userEvent.click(within(problem).getByRole('radio', { name: '2' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Yes' }));
    await userEvent.type(within(form).getByLabelText('Notes'), 'Calm');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit my scorecard' }));

    expect(await screen.findByText(/Your scorecard is in/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/interview_links/tok-1/scorecard',
      body: {
        scorecard: {
          scores: { communication: 4, problem: 2 },
          recommendation: 'yes',
          notes: 'Calm',
        },
      },
    });
    expect(screen.getByText('Asked sharp questions')).toBeTruthy();
    expect(screen.getByText('Thandi Mokoena: Strong yes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update my scorecard' })).toBeTruthy();
  });

  it('names the candidate when the workspace has no blind review', async () => {
    mockFetch(() =>
      jsonResponse(
        200,
        linkView({ candidate: { name: 'Lerato Khumalo', blind: false, profile: null } }),
      ),
    );
    renderWithProviders(<InterviewLinkContent token="tok-1" timeZone="Africa/Johannesburg" />);
    expect(await screen.findByText('Lerato Khumalo')).toBeTruthy();
    expect(screen.getByText('The candidate has not filled in a profile.')).toBeTruthy();
    expect(screen.queryByText(/Blind review/)).toBeNull();
  });

  it('says plainly that a dead link works no more, and shows nothing of any interview', async () => {
    mockFetch(() =>
      jsonResponse(404, { code: 'not_found', message: 'This link does not work any more' }),
    );
    renderWithProviders(<InterviewLinkContent token="gone" timeZone="Africa/Johannesburg" />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work any more' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Graduate Programme/)).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
