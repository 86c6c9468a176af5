import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { RequirementsTab } from './requirements-tab';

// The requirements tab: the stored set in words, a draft edited locally, the preview and Save
// sending the whole draft, and the server's messages shown beside the criterion they concern.

const stored = {
  readable: true,
  institutions: [],
  id: 1,
  opportunityId: 7,
  kind: 'minimum_grade',
  criterion: { kind: 'minimum_grade', minimum: 70 },
  description: 'Needs an average of at least 70 %',
  position: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const requirementsShown = async () =>
  within(await screen.findByRole('list', { name: 'Requirements' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.MuiListItemText-primary')?.textContent);

describe('RequirementsTab', () => {
  it('adds a criterion to the draft, previews the count and saves the whole set', async () => {
    const calls = mockFetch((call) => {
      if (call.method === 'GET') return jsonResponse(200, { items: [stored] });
      if (call.path.endsWith('/preview')) {
        return jsonResponse(200, { qualifying: 4, completeProfiles: 12 });
      }
      const body = call.body as { requirements: { criterion: { kind: string } }[] };
      return jsonResponse(200, {
        items: body.requirements.map((r, i) => ({
          ...stored,
          id: i + 1,
          kind: r.criterion.kind,
          criterion: r.criterion,
          position: i,
          description: i === 0 ? stored.description : 'Needs an age of 21 or older',
        })),
      });
    });
    renderWithProviders(<RequirementsTab opportunityId={7} />);
    expect(await requirementsShown()).toEqual(['Needs an average of at least 70 %']);
    expect(screen.getByRole('button', { name: 'Save requirements' })).toHaveProperty(
      'disabled',
      true,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Add a requirement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a requirement' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind of requirement' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Age' }));
    const minimum = within(dialog).getByRole('spinbutton', { name: 'Minimum age' });
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    // The shared schema's message, before anything is sent.
    expect(await within(dialog).findByText('must be a whole number from 0 to 120')).toBeTruthy();
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '21');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await requirementsShown()).toEqual([
      'Needs an average of at least 70 %',
      'Needs an age of 21 or older',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Check how many qualify' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      '4 of 12 candidates with a complete profile would qualify.',
    );
    const sent = {
      requirements: [
        { criterion: { kind: 'minimum_grade', minimum: 70 } },
        { criterion: { kind: 'age', minimum: 21 } },
      ],
    };
    expect(calls.find((c) => c.path.endsWith('/preview'))?.body).toEqual(sent);

    await userEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    await screen.findByText('Requirements saved. Eligibility is being recomputed.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/client/opportunities/7/requirements',
      body: sent,
    });
  });

  it('removes a criterion and shows the server messages beside the one they concern', async () => {
    mockFetch((call) => {
      if (call.method === 'GET') {
        return jsonResponse(200, {
          items: [
            stored,
            {
              ...stored,
              id: 2,
              kind: 'drivers_license',
              criterion: { kind: 'drivers_license' },
              description: "Needs a driver's licence",
            },
          ],
        });
      }
      return jsonResponse(422, {
        code: 'validation',
        message: 'Invalid input',
        errors: { '0.criterion.minimum': ['must be a number from 0 to 100'] },
      });
    });
    renderWithProviders(<RequirementsTab opportunityId={7} />);
    await requirementsShown();
    await userEvent.click(screen.getByRole('button', { name: "Remove: Needs a driver's licence" }));
    expect(await requirementsShown()).toEqual(['Needs an average of at least 70 %']);
    await userEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    const list = screen.getByRole('list', { name: 'Requirements' });
    expect((await within(list).findByRole('alert')).textContent).toBe(
      'must be a number from 0 to 100',
    );
  });
});
