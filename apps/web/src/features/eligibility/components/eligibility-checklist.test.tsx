import { screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import type {
  CriterionResultDto,
  EligibilityDetail,
} from '@pathways/shared/eligibility/eligibility.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { EligibilityChecklist } from '../index';

function criterion(
  requirementId: number,
  status: CriterionResultDto['status'],
  overrides: Partial<CriterionResultDto> = {},
): CriterionResultDto {
  return {
    requirementId,
    kind: 'age',
    status,
    description: `Requirement ${requirementId}`,
    reason: `Reason ${requirementId}`,
    ...overrides,
  };
}

function detail(criteria: CriterionResultDto[]): EligibilityDetail {
  return {
    id: 9,
    eligible: criteria.every((c) => c.status === 'met'),
    opportunity: { id: 7, name: 'Data Analyst Internship' },
    checkedAt: '2026-11-22T08:00:00.000Z',
    criteria,
  };
}

const eligibilityPath = '/api/candidate/opportunities/7/eligibility';

/** Answers each check when told to, so a test can see what happens while one is running. */
function deferredChecks() {
  const pending: ((response: Response) => void)[] = [];
  const calls = mockFetch(
    (call) =>
      new Promise<Response>((resolve) => {
        if (call.path !== eligibilityPath) resolve(jsonResponse(404, {}));
        else pending.push(resolve);
      }),
  );
  const checks = () => calls.filter((c) => c.path === eligibilityPath);
  return { pending, checks };
}

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('EligibilityChecklist', () => {
  it('says it is checking until the answer arrives', async () => {
    signIn();
    const { pending } = deferredChecks();
    renderWithProviders(<EligibilityChecklist opportunityId={7} />);
    expect(screen.getByRole('status').textContent).toBe('Checking whether you qualify…');
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!(jsonResponse(200, detail([criterion(1, 'met')])));
    expect(await screen.findByText('You qualify')).toBeTruthy();
  });

  it('says "You qualify" and folds away the requirements met', async () => {
    signIn();
    mockFetch(() =>
      jsonResponse(
        200,
        detail([
          criterion(1, 'met', { description: 'Needs a completed matric or higher' }),
          criterion(2, 'met', { description: 'Needs an age between 18 and 35' }),
        ]),
      ),
    );
    renderWithProviders(<EligibilityChecklist opportunityId={7} />);
    expect(await screen.findByText('You qualify')).toBeTruthy();
    expect(screen.getByText('You meet every requirement of this opportunity.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'What is missing' })).toBeNull();
    expect(screen.queryAllByRole('link')).toHaveLength(0);

    const toggle = screen.getByRole('button', { name: 'Show the 2 requirements you meet' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const met = await screen.findByRole('list', { name: 'Requirements you meet' });
    expect(
      within(met)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Met: Needs a completed matric or higherReason 1',
      'Met: Needs an age between 18 and 35Reason 2',
    ]);
  });

  it('lists what is missing first, in words, each with the link that fixes it', async () => {
    signIn();
    mockFetch(() =>
      jsonResponse(
        200,
        detail([
          criterion(1, 'met', { description: 'Needs a completed matric or higher' }),
          criterion(2, 'unknown', {
            kind: 'age',
            description: 'Needs an age between 18 and 35',
            reason: 'Your date of birth is not on your profile',
            action: {
              type: 'profile.date_of_birth',
              label: 'Add your date of birth',
              resolutionPath: '/candidate/profile#bornAt',
            },
          }),
          criterion(3, 'unmet', {
            kind: 'documents',
            description: 'Needs an academic transcript',
            reason: 'No academic transcript uploaded',
            action: {
              type: 'documents.transcript',
              label: 'Upload your academic transcript',
              resolutionPath: '/candidate/documents?kind=transcript',
            },
          }),
          criterion(4, 'unmet', {
            kind: 'distance',
            description: 'Needs you to live within 50 km of a location',
            reason: '659 km from the nearest location (Gqeberha), needs within 50 km',
          }),
        ]),
      ),
    );
    renderWithProviders(<EligibilityChecklist opportunityId={7} />);
    expect(await screen.findByText('You do not qualify yet')).toBeTruthy();
    expect(
      screen.getByText(
        'You meet 1 of 4 requirements. 2 are not met. Your profile does not say enough to check 1. Fix each below and we check again when you come back.',
      ),
    ).toBeTruthy();

    const missing = screen.getByRole('list', { name: 'What is missing' });
    const rows = within(missing).getAllByRole('listitem');
    // Unmet first, then unknown; the status is in the text, not only in the colour.
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Not met: Needs an academic transcript',
      'Not met: Needs you to live within 50 km of a location',
      'Not known yet: Needs an age between 18 and 35',
    ]);
    expect(within(rows[0]!).getByText('No academic transcript uploaded')).toBeTruthy();

    const transcript = within(rows[0]!).getByRole('link', {
      name: 'Upload your academic transcript',
    });
    expect(transcript.getAttribute('href')).toBe('/candidate/documents?kind=transcript');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    const birth = within(rows[2]!).getByRole('link', { name: 'Add your date of birth' });
    expect(birth.getAttribute('href')).toBe('/candidate/profile#bornAt');

    // What is met comes after, folded away.
    expect(screen.getByRole('button', { name: 'Show the 1 requirement you meet' })).toBeTruthy();
  });

  it('asks for more when the profile does not say enough to check', async () => {
    signIn();
    mockFetch(() =>
      jsonResponse(
        200,
        detail([
          criterion(1, 'unknown', {
            description: 'Needs an age between 18 and 35',
            reason: 'Your date of birth is not on your profile',
            action: {
              type: 'profile.date_of_birth',
              label: 'Add your date of birth',
              resolutionPath: '/candidate/profile#bornAt',
            },
          }),
        ]),
      ),
    );
    renderWithProviders(<EligibilityChecklist opportunityId={7} />);
    expect(await screen.findByText('We need a little more about you')).toBeTruthy();
    expect(screen.queryByText('You qualify')).toBeNull();
    const row = within(screen.getByRole('list', { name: 'What is missing' })).getByRole('listitem');
    expect(row.dataset.status).toBe('unknown');
    expect(within(row).getByText(/^Not known yet:/)).toBeTruthy();
    expect(within(row).getByText('Your date of birth is not on your profile')).toBeTruthy();
    expect(
      within(row).getByRole('link', { name: 'Add your date of birth' }).getAttribute('href'),
    ).toBe('/candidate/profile#bornAt');
    expect(screen.queryByRole('button', { name: /requirements? you meet/ })).toBeNull();
  });

  it('never starts a second check while one is running: two checklists, one request', async () => {
    signIn();
    const { pending, checks } = deferredChecks();
    renderWithProviders(
      <>
        <EligibilityChecklist opportunityId={7} />
        <EligibilityChecklist opportunityId={7} />
      </>,
    );
    // Both are waiting on a check: each has asked for one, and only one request went out.
    await waitFor(() =>
      expect(screen.getAllByText('Checking whether you qualify…')).toHaveLength(2),
    );
    expect(checks()).toHaveLength(1);
    pending[0]!(jsonResponse(200, detail([criterion(1, 'met')])));
    await waitFor(() => expect(screen.getAllByText('You qualify')).toHaveLength(2));
    expect(checks()).toHaveLength(1);
  });

  it('does not repeat a running check when the window regains focus, and checks again after', async () => {
    signIn();
    const { pending, checks } = deferredChecks();
    renderWithProviders(<EligibilityChecklist opportunityId={7} />);
    await waitFor(() => expect(checks()).toHaveLength(1));
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    pending[0]!(jsonResponse(200, detail([criterion(1, 'unknown')])));
    expect(await screen.findByText('We need a little more about you')).toBeTruthy();
    // A check started by the focus would have gone out before the running one's outcome showed.
    expect(checks()).toHaveLength(1);

    // Back in the tab after changing the profile elsewhere: checked again, the old outcome
    // stays on screen meanwhile and says so.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(checks()).toHaveLength(2));
    expect(screen.getByText('Checking again…')).toBeTruthy();
    expect(screen.getByText('We need a little more about you')).toBeTruthy();
    pending[1]!(jsonResponse(200, detail([criterion(1, 'met')])));
    expect(await screen.findByText('You qualify')).toBeTruthy();
    expect(screen.queryByText('Checking again…')).toBeNull();
  });

  it('checks again when the candidate comes back, and shows the new outcome only', async () => {
    signIn();
    const { pending, checks } = deferredChecks();
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((v) => !v)}>
            toggle
          </button>
          {shown && <EligibilityChecklist opportunityId={7} />}
        </>
      );
    }
    renderWithProviders(<Toggle />);
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!(
      jsonResponse(
        200,
        detail([
          criterion(1, 'unmet', {
            action: { type: 'x', label: 'Fix it', resolutionPath: '/candidate/profile#bornAt' },
          }),
        ]),
      ),
    );
    expect(await screen.findByText('You do not qualify yet')).toBeTruthy();

    // Away to fix the profile, then back.
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(checks()).toHaveLength(2));
    // The outcome from before is not shown while the new check runs.
    expect(screen.queryByText('You do not qualify yet')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Checking again whether you qualify…');
    pending[1]!(jsonResponse(200, detail([criterion(1, 'met')])));
    expect(await screen.findByText('You qualify')).toBeTruthy();
  });

  it('offers to try again when the check fails', async () => {
    signIn();
    let fail = true;
    mockFetch(() =>
      fail ? jsonResponse(404, {}) : jsonResponse(200, detail([criterion(1, 'met')])),
    );
    renderWithProviders(<EligibilityChecklist opportunityId={7} />);
    expect(
      await screen.findByText('We could not check whether you qualify right now.', undefined, {
        timeout: 20_000,
      }),
    ).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You qualify')).toBeTruthy();
  });
});
