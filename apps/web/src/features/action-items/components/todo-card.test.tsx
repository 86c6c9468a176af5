import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ActionItem } from '@pathways/shared/action-items/action-items.schemas';

import {
  currentLocation,
  jsonResponse,
  mockFetch,
  renderWithProviders,
  signIn,
} from '../../../testing/test-utils';
import { TodoCard } from './todo-card';

function item(overrides: Partial<ActionItem> & Pick<ActionItem, 'id'>): ActionItem {
  return {
    type: `profile.${overrides.id}`,
    kind: 'biography',
    label: 'Introduce yourself',
    description: 'Write a few sentences about yourself.',
    priority: 3,
    critical: false,
    resolutionPath: '/candidate/profile#biography',
    opportunityApplication: null,
    ...overrides,
  };
}

const opportunity = (id: number, name: string) => ({ id: id * 10, opportunity: { id, name } });

const items: ActionItem[] = [
  item({
    id: 'application.1.screening_questions',
    kind: 'screening_questions',
    label: 'Submit answers to screening questions',
    description: 'Answer the questions of Retail Management Trainee.',
    priority: 7,
    resolutionPath: '/candidate/opportunities/24/apply',
    opportunityApplication: opportunity(24, 'Retail Management Trainee'),
  }),
  item({
    id: 'identification',
    kind: 'identification',
    label: 'Add your identification number',
    description: 'Add your country of birth and your ID number.',
    priority: 8,
    resolutionPath: '/candidate/profile#countryOfBirth',
  }),
  item({
    id: 'application.2.financial_survey',
    kind: 'financial_survey',
    label: 'Submit financial needs survey',
    description: 'Submit the survey for the Engineering and ICT Bursary.',
    priority: 6,
    resolutionPath: '/candidate/applications/2#financial-survey',
    opportunityApplication: opportunity(13, 'Engineering and ICT Bursary'),
  }),
  item({ id: 'biography', priority: 5 }),
];

describe('TodoCard', () => {
  it('has the "My to do list" title, its subtitle and a refresh button', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, { items: [] }));
    renderWithProviders(<TodoCard />);
    expect(screen.getByRole('heading', { name: 'My to do list' })).toBeTruthy();
    expect(screen.getByText('Steps to complete your profile and applications')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh my to do list' })).toBeTruthy();
  });

  it('says "Loading..." until the list arrives', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<TodoCard />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    answer(jsonResponse(200, { items: [] }));
    expect(await screen.findByText('Nice, you are all caught up!')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('groups by opportunity, General first, then the opportunities by name', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, { items }));
    renderWithProviders(<TodoCard />);
    await screen.findByText('Add your identification number');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'General',
      'Engineering and ICT Bursary',
      'Retail Management Trainee',
    ]);
    const general = screen.getByRole('list', { name: 'General' });
    // Most urgent first, as the API sends them; the icon says the urgency in words too.
    expect(
      within(general)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'UrgentAdd your identification numberAdd your country of birth and your ID number.',
      'To doIntroduce yourselfWrite a few sentences about yourself.',
    ]);
  });

  it('shows priority above 5 in the error colour and the rest as warnings', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, { items }));
    renderWithProviders(<TodoCard />);
    const critical = await screen.findByText('Add your identification number');
    const warning = screen.getByText('Introduce yourself');
    const rowOf = (element: HTMLElement) => element.closest('li')!;
    expect(rowOf(critical).dataset.severity).toBe('critical');
    expect(rowOf(critical).querySelector('.MuiSvgIcon-colorError')).toBeTruthy();
    // Priority 5 is not above 5.
    expect(rowOf(warning).dataset.severity).toBe('warning');
    expect(rowOf(warning).querySelector('.MuiSvgIcon-colorWarning')).toBeTruthy();
    expect(getComputedStyle(critical).color).not.toBe(getComputedStyle(warning).color);
  });

  it('goes to the resolution path of an action', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, { items }));
    const result = renderWithProviders(<TodoCard />, '/dashboard');
    await userEvent.click(await screen.findByText('Submit financial needs survey'));
    expect(currentLocation(result)).toBe('/candidate/applications/2#financial-survey');
  });

  it('fetches the list again on refresh', async () => {
    signIn();
    let list: ActionItem[] = items;
    const calls = mockFetch(() => jsonResponse(200, { items: list }));
    renderWithProviders(<TodoCard />);
    await screen.findByText('Add your identification number');
    list = [];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh my to do list' }));
    expect(await screen.findByText('Nice, you are all caught up!')).toBeTruthy();
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls.every((call) => call.path === '/api/candidate/action_items')).toBe(true);
  });
});
