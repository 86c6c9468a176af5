import { screen, waitFor, within } from '@testing-library/react';
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

  it('lists a requirement it cannot read, keeps it by id on save, and drops it only when removed', async () => {
    const unreadable = {
      readable: false,
      id: 5,
      opportunityId: 7,
      kind: 'salary',
      description: 'Needs a salary expectation of at most R10 000',
      position: 1,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    };
    const calls = mockFetch((call) => {
      if (call.method === 'GET') return jsonResponse(200, { items: [stored, unreadable] });
      return jsonResponse(200, { items: [stored, unreadable] });
    });
    renderWithProviders(<RequirementsTab opportunityId={7} />);
    expect(await requirementsShown()).toEqual([
      'Needs an average of at least 70 %',
      'Needs a salary expectation of at most R10 000',
    ]);
    const list = screen.getByRole('list', { name: 'Requirements' });
    const item = within(list).getAllByRole('listitem')[1]!;
    expect(within(item).getByText('This requirement cannot be edited here')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /^Change/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add a requirement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a requirement' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind of requirement' }));
    await userEvent.click(await screen.findByRole('option', { name: "Driver's licence" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    await screen.findByText('Requirements saved. Eligibility is being recomputed.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      requirements: [
        { criterion: { kind: 'minimum_grade', minimum: 70 } },
        { id: 5 },
        { criterion: { kind: 'drivers_license' } },
      ],
    });

    await userEvent.click(
      screen.getByRole('button', { name: 'Remove: Needs a salary expectation of at most R10 000' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      requirements: [{ criterion: { kind: 'minimum_grade', minimum: 70 } }],
    });
  });

  it('puts the server messages beside the fields they concern when the requirement is opened', async () => {
    const subjects = {
      ...stored,
      id: 2,
      kind: 'school_subjects',
      criterion: { kind: 'school_subjects', subjects: [{ name: 'Mathematics', minimumMark: 50 }] },
      description: 'Needs Mathematics 50 % or more at school',
    };
    mockFetch((call) => {
      if (call.method === 'GET') return jsonResponse(200, { items: [stored, subjects] });
      return jsonResponse(422, {
        code: 'validation',
        message: 'must be a number from 0 to 100',
        errors: {
          '0.criterion.minimum': ['must be a number from 0 to 100'],
          '1.criterion.subjects.0.minimumMark': ['must be a number from 0 to 100'],
          '2.criterion': ['Unrecognized key: "extra"'],
        },
      });
    });
    renderWithProviders(<RequirementsTab opportunityId={7} />);
    await requirementsShown();
    await userEvent.click(screen.getByRole('button', { name: 'Add a requirement' }));
    const added = await screen.findByRole('dialog', { name: 'Add a requirement' });
    await userEvent.click(within(added).getByRole('combobox', { name: 'Kind of requirement' }));
    await userEvent.click(await screen.findByRole('option', { name: "Driver's licence" }));
    await userEvent.click(within(added).getByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    const list = screen.getByRole('list', { name: 'Requirements' });
    await waitFor(() => expect(within(list).getAllByRole('alert')).toHaveLength(3));

    await userEvent.click(
      screen.getByRole('button', { name: 'Change: Needs an average of at least 70 %' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Change the requirement' });
    const minimum = within(dialog).getByRole('spinbutton', { name: 'Minimum average mark (%)' });
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog).getByRole('spinbutton', { description: 'must be a number from 0 to 100' }),
    ).toBe(minimum);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(
      screen.getByRole('button', { name: 'Change: Needs Mathematics 50 % or more at school' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Change the requirement' });
    const mark = within(dialog).getByRole('spinbutton', { name: 'Minimum mark 1 (%)' });
    expect(mark.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog).getByRole('spinbutton', { description: 'must be a number from 0 to 100' }),
    ).toBe(mark);
    // The subject's name was not refused.
    expect(
      within(dialog).getByRole('textbox', { name: 'Subject 1' }).getAttribute('aria-invalid'),
    ).toBe('false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // A message about the criterion as a whole is shown at the top of its dialog.
    await userEvent.click(screen.getByRole('button', { name: "Change: Needs a driver's licence" }));
    dialog = await screen.findByRole('dialog', { name: 'Change the requirement' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Unrecognized key: "extra"');
  });
});
