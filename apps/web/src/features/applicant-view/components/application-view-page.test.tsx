import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { ApplicationView } from '@pathways/shared/applicants/application-view.schemas';
import type { PhaseEvent } from '@pathways/shared/screening/screening.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { setApplicantWalk } from '../navigation';
import { ApplicationViewPage } from './application-view-page';

// The application view against answers shaped as the API gives them.

const view: ApplicationView = {
  application: {
    id: 31,
    opportunityId: 5,
    status: 'submitted',
    complete: true,
    completion: 90,
    createdAt: '2026-10-01T08:00:00.000Z',
    phase: { id: 2, name: 'Interview' },
    rating: 4,
    regrettedAt: null,
    archivedAt: null,
  },
  feedback: { items: [], averageRating: null },
  candidate: {
    id: 9,
    firstName: 'Thandi',
    lastName: 'Mokoena',
    email: 'thandi@example.test',
    avatar: '/api/avatars/9-abc.webp',
    reported: false,
  },
  profile: {
    id: 3,
    countryOfBirth: 'ZA',
    identification: '8803140142081',
    firstNames: 'Thandi',
    lastName: 'Mokoena',
    bornAt: '1988-03-14',
    gender: 'female',
    ethnicity: 'african',
    disability: false,
    disabilityDescription: null,
    biography: 'Engineering student.',
    mobileNumber: '+27 82 555 0101',
    driversLicense: true,
    location: { latitude: -26.2, longitude: 28.04, address: 'Braamfontein, Johannesburg' },
    errors: {},
    completion: 90,
    updatedAt: '2026-10-01T08:00:00.000Z',
    experiences: [],
    profileQualifications: [
      {
        id: 1,
        institution: { id: 4, name: 'University of the Witwatersrand', kind: 'university' },
        institutionName: null,
        qualification: {
          id: null,
          specialization: 'Civil Engineering',
          qualificationType: { id: 1, name: 'Bachelor degree', nqfLevel: 7 },
          qualificationCategory: null,
        },
        disciplines: [],
        startsAt: '2022-02-01',
        endsAt: null,
        status: 'current',
        gradeNormalized: 71,
        verifiedAt: null,
        components: [
          {
            id: 8,
            profileQualificationId: 1,
            qualificationComponent: null,
            name: 'Mathematics',
            mark: 82,
          },
        ],
      },
    ],
    achievements: [],
    affiliations: [],
    languageProficiencies: [
      { id: 1, language: 'isiZulu', reading: 'native', writing: 'native', speaking: 'native' },
    ],
    studyRights: [],
    workRights: [{ id: 1, countryCode: 'ZA', kind: 'citizen', validUntil: null }],
  },
  documents: [
    {
      id: 12,
      kind: 'transcript',
      originalName: 'thandi-mokoena-transcript.pdf',
      contentType: 'application/pdf',
      byteSize: 12_300,
      createdAt: '2026-09-20T08:00:00.000Z',
      downloadUrl: '/api/client/opportunities/5/applications/31/documents/12',
    },
  ],
  eligibility: {
    eligible: false,
    criteria: [
      {
        requirementId: 1,
        kind: 'drivers_license',
        status: 'met',
        description: "Needs a driver's licence",
        reason: "Has a driver's licence",
      },
      {
        requirementId: 2,
        kind: 'documents',
        status: 'unmet',
        description: 'Needs an identity document',
        reason: 'No identity document uploaded',
      },
      {
        requirementId: 3,
        kind: 'age',
        status: 'unmet',
        description: 'Needs an age of 30 or younger',
        reason: '38 years old, needs 30 or younger',
      },
    ],
  },
  screeningAnswers: [
    { questionId: 1, question: 'Why this bursary?', answer: 'To study engineering' },
    { questionId: 2, question: 'Can you relocate?', answer: null },
  ],
  psychometrics: [
    { item: 'Numerical reasoning', aggregate: 72.5, assessedAt: '2026-09-01T08:00:00.000Z' },
  ],
};

const events: PhaseEvent[] = [
  {
    id: 1,
    applicationId: 31,
    kind: 'applied',
    fromPhaseId: null,
    phaseId: 1,
    actor: null,
    createdAt: '2026-10-01T08:00:00.000Z',
  },
  {
    id: 2,
    applicationId: 31,
    kind: 'moved',
    fromPhaseId: 1,
    phaseId: 2,
    actor: { id: 7, name: 'Sipho Dlamini' },
    createdAt: '2026-10-03T08:00:00.000Z',
  },
];

const phases = {
  items: [
    {
      id: 1,
      name: 'Applied',
      description: null,
      order: 1,
      initial: true,
      next: 2,
      applications: 0,
    },
    {
      id: 2,
      name: 'Interview',
      description: null,
      order: 2,
      initial: false,
      next: null,
      applications: 1,
    },
  ],
  regretted: 0,
  withdrawn: 0,
};

function api(history: 'none' | 'some' = 'none') {
  return mockFetch((call) => {
    if (call.path.startsWith('/api/client/opportunities/5/applications/31/events')) {
      return history === 'none'
        ? jsonResponse(404, { code: 'not_found', message: 'Not found' })
        : jsonResponse(200, { items: events });
    }
    if (call.path.startsWith('/api/client/opportunities/5/applications/31')) {
      return jsonResponse(200, view);
    }
    if (call.path === '/api/client/opportunities/5/phases') return jsonResponse(200, phases);
    return jsonResponse(404, {});
  });
}

const renderPage = () =>
  renderWithProviders(<ApplicationViewPage opportunityId={5} applicationId={31} />);

afterEach(() => sessionStorage.clear());

describe('the application view', () => {
  it('shows the applicant, and records the view with the first request only', async () => {
    signIn({ sub: '7', role: 'client' });
    const calls = api();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thandi Mokoena' })).toBeTruthy();
    expect(screen.getByText('Phase: Interview')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Thandi Mokoena' })).toBeTruthy();
    expect(screen.getByText('Female')).toBeTruthy();
    expect(screen.getByText('African')).toBeTruthy();
    expect(screen.getByText('880314 0142 081')).toBeTruthy();
    expect(screen.getByText('Mathematics')).toBeTruthy();
    expect(screen.getByText('thandi-mokoena-transcript.pdf')).toBeTruthy();
    const checklist = screen.getByRole('region', { name: 'Eligibility checklist' });
    expect(within(checklist).getByText('Needs an identity document')).toBeTruthy();
    expect(within(checklist).getByText('No identity document uploaded')).toBeTruthy();
    expect(screen.getByText('To study engineering')).toBeTruthy();
    expect(screen.getByText('Not answered')).toBeTruthy();
    expect(screen.getByText('72.5 / 100')).toBeTruthy();
    expect(screen.getByText('38 years old, needs 30 or younger')).toBeTruthy();
    expect(await screen.findByText('No history yet')).toBeTruthy();

    const viewCalls = calls.filter((c) => /applications\/31(\?|$)/.test(c.path));
    expect(viewCalls.map((c) => c.path)).toEqual([
      '/api/client/opportunities/5/applications/31?view=1',
    ]);
  });

  it('in blind review hides who the applicant is', async () => {
    signIn({ sub: '7', role: 'client' });
    localStorage.setItem('pathways.blindReview.7', '1');
    api();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicant #31' })).toBeTruthy();
    for (const shown of [
      'Thandi Mokoena',
      'Female',
      'African',
      '880314 0142 081',
      '14 March 1988',
      'thandi@example.test',
      'thandi-mokoena-transcript.pdf',
      '38 years old, needs 30 or younger',
    ]) {
      expect(screen.queryByText(shown)).toBeNull();
    }
    expect(screen.queryByRole('img', { name: /Photo/ })).toBeNull();
    // The rest of the application stays.
    expect(screen.getByText('Mathematics')).toBeTruthy();
    expect(screen.getByText('Phase: Interview')).toBeTruthy();
  });

  it('turning blind review on hides the name at once and keeps the choice per user', async () => {
    signIn({ sub: '7', role: 'client' });
    api();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Thandi Mokoena' });
    await userEvent.click(screen.getByRole('switch', { name: /Blind review/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'Applicant #31' })).toBeTruthy();
    expect(localStorage.getItem('pathways.blindReview.7')).toBe('1');
  });

  it('lists the phase history with the phase names and who moved it', async () => {
    signIn({ sub: '7', role: 'client' });
    api('some');
    renderPage();
    const history = await screen.findByRole('region', { name: 'Phase history' });
    expect(await within(history).findByText('Moved from Applied to Interview')).toBeTruthy();
    expect(within(history).getByText(/by Sipho Dlamini/)).toBeTruthy();
  });

  it('offers Previous and Next along the walk the tracker left', async () => {
    signIn({ sub: '7', role: 'client' });
    setApplicantWalk(5, [30, 31, 40]);
    api();
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Applicants' });
    expect(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/client/opportunities/5/applications/30',
    );
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/client/opportunities/5/applications/40',
    );
    expect(within(nav).getByText('2 of 3')).toBeTruthy();
  });

  it('has no Previous / Next without a walk', async () => {
    signIn({ sub: '7', role: 'client' });
    api();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Thandi Mokoena' });
    expect(screen.queryByRole('navigation', { name: 'Applicants' })).toBeNull();
  });

  it('says so when the application is not one the user may see', async () => {
    signIn({ sub: '7', role: 'client' });
    mockFetch(() => jsonResponse(404, { code: 'not_found', message: 'Application not found' }));
    renderPage();
    await waitFor(() =>
      expect(screen.getByText(/does not exist or you do not manage/)).toBeTruthy(),
    );
  });
});
