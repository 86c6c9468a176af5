import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { windowMessages } from '@pathways/shared/workspaces/window';
import {
  workspaceMessages,
  type WorkspaceListItem,
  type WorkspaceOpportunity,
} from '@pathways/shared/workspaces/workspaces.schemas';

import {
  currentLocation,
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { workspaceOpportunity } from '../../../testing/workspace-fixture';

// The first page of a file loads its lazy chunks cold; on a busy machine that takes a while.
configure({ asyncUtilTimeout: 15_000 });

const item = (overrides: Partial<WorkspaceListItem> = {}): WorkspaceListItem => ({
  id: 7,
  name: 'Graduate Programme: Technology',
  kind: 'job',
  publishedAt: '2026-10-01T08:00:00.000Z',
  opensAt: '2026-10-01T08:00:00.000Z',
  closesAt: '2026-12-31T08:00:00.000Z',
  commencesAt: null,
  isActive: true,
  phases: [
    { id: 1, name: 'Applied', order: 1, count: 4 },
    { id: 2, name: 'Interview', order: 2, count: 1 },
  ],
  regretted: 2,
  withdrawn: 1,
  ...overrides,
});

const opportunity = (overrides: Partial<WorkspaceOpportunity> = {}): WorkspaceOpportunity =>
  workspaceOpportunity({
    publishedAt: null,
    isActive: false,
    version: 3,
    updatedAt: '2026-11-20T08:00:00.000Z',
    locations: [],
    phases: [{ id: 1, name: 'Applied', description: null, order: 1, initial: true, next: null }],
    ...overrides,
  });

function render(path: string, handler: (call: FetchCall) => Response | undefined, primary = true) {
  signIn({ role: 'client', primary, sub: '5' });
  const calls = mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.path.startsWith('/api/client/clients/')) {
      return jsonResponse(200, makeUser({ id: 5, role: 'client', primary }));
    }
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
  return { calls, result: renderApp(path) };
}

describe('the workspaces list', () => {
  it('shows each workspace with its applicants per phase and its links', async () => {
    render('/client/opportunities', (call) =>
      call.path === '/api/client/opportunities'
        ? jsonResponse(200, { all: false, items: [item()] })
        : undefined,
    );
    const card = await screen.findByRole('article', { name: 'Graduate Programme: Technology' });
    const phases = within(card).getByRole('list', { name: /Applicants per phase/ });
    expect(
      within(phases)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Applied 4', '2. Interview 1']);
    expect(within(card).getByText('Not in any phase: 2 regretted, 1 withdrawn')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: 'Applications of Graduate Programme: Technology' })
        .getAttribute('href'),
    ).toBe('/client/opportunities/7/applications');
    expect(
      within(card)
        .getByRole('link', { name: 'Workspace of Graduate Programme: Technology' })
        .getAttribute('href'),
    ).toBe('/client/opportunities/7');
    expect(screen.getByRole('button', { name: 'New opportunity' })).toBeTruthy();
  });

  it('asks for drafts and past ones with the switch, and offers no new opportunity to managers', async () => {
    const { calls } = render(
      '/client/opportunities',
      (call) => {
        if (call.path === '/api/client/opportunities') {
          return jsonResponse(200, { all: false, items: [] });
        }
        if (call.path === '/api/client/opportunities?all=true') {
          return jsonResponse(200, {
            all: true,
            items: [item({ name: 'A draft', publishedAt: null, isActive: false, phases: [] })],
          });
        }
        return undefined;
      },
      false,
    );
    await screen.findByText(/You have no active opportunities/);
    expect(screen.queryByRole('button', { name: 'New opportunity' })).toBeNull();
    await userEvent.click(
      screen.getByRole('switch', { name: 'Show drafts and past opportunities' }),
    );
    const card = await screen.findByRole('article', { name: 'A draft' });
    expect(within(card).getByText('Draft')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/client/opportunities?all=true');
  });
});

describe('the workspace page', () => {
  it('keeps the selected tab in the address', async () => {
    const { result } = render('/client/opportunities/7', (call) =>
      call.path === '/api/client/opportunities/7'
        ? jsonResponse(200, { opportunity: opportunity() })
        : undefined,
    );
    const tabs = await screen.findByRole('tablist', { name: 'Workspace sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Details',
      'Places',
      'Managers',
      'Phases',
      'Requirements',
      'Screening questions',
      'Interviews',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Places' }));
    expect(currentLocation(result)).toBe('/client/opportunities/7?tab=places');
    expect(await screen.findByText(/No places yet/)).toBeTruthy();
  });

  it('says the window rule beside the field without sending anything', async () => {
    const { calls } = render('/client/opportunities/7?tab=details', (call) =>
      call.path === '/api/client/opportunities/7'
        ? jsonResponse(200, { opportunity: opportunity() })
        : undefined,
    );
    const opens = await screen.findByLabelText('Opens on');
    await userEvent.type(opens, '2027-03-01');
    await userEvent.type(screen.getByLabelText('Closes on'), '2027-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(windowMessages.closesAt)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('shows a colleague’s newer save and re-applies the user’s change on the current version', async () => {
    const theirs = opportunity({ version: 4, summary: 'Their summary', name: 'Renamed by them' });
    const { calls } = render('/client/opportunities/7?tab=details', (call) => {
      if (call.path !== '/api/client/opportunities/7') return undefined;
      if (call.method === 'GET') return jsonResponse(200, { opportunity: opportunity() });
      const sent = (call.body as { opportunity: { version: number; summary: string } }).opportunity;
      if (sent.version === 3) {
        return jsonResponse(409, {
          code: 'conflict',
          message: workspaceMessages.stale,
          current: theirs,
        });
      }
      return jsonResponse(200, {
        opportunity: { ...theirs, version: 5, summary: sent.summary },
      });
    });
    await userEvent.type(await screen.findByLabelText('Summary'), 'My summary');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Changed by someone else');
    expect(alert.textContent).toContain('Summary: Their summary');
    expect(alert.textContent).toContain('Name: Renamed by them');

    await userEvent.click(within(alert).getByRole('button', { name: 'Apply my changes again' }));
    await screen.findByText('The opportunity was saved');
    const patches = calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    expect(patches).toMatchObject([
      { opportunity: { version: 3, summary: 'My summary' } },
      { opportunity: { version: 4, summary: 'My summary' } },
    ]);
    expect((screen.getByLabelText('Summary') as HTMLInputElement).value).toBe('My summary');
  });

  it('offers the terms of employment for a job only, and saves the one picked', async () => {
    const { calls } = render('/client/opportunities/7?tab=details', (call) => {
      if (call.path !== '/api/client/opportunities/7') return undefined;
      if (call.method === 'GET') return jsonResponse(200, { opportunity: opportunity() });
      const sent = (call.body as { opportunity: { employmentType: null | string } }).opportunity;
      return jsonResponse(200, {
        opportunity: opportunity({ version: 4, employmentType: sent.employmentType as never }),
      });
    });
    const terms = await screen.findByRole('combobox', { name: 'Terms of employment' });
    expect(terms.textContent).toBe('Not stated');
    await userEvent.click(terms);
    await userEvent.click(await screen.findByRole('option', { name: 'Internship' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByText('The opportunity was saved');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toMatchObject([
      { opportunity: { version: 3, employmentType: 'internship' } },
    ]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bursary' }));
    expect(screen.queryByRole('combobox', { name: 'Terms of employment' })).toBeNull();
  });
});
