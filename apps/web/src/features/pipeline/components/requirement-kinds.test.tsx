import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { RequirementsTab } from './requirements-tab';

// Each kind of requirement with list fields (countries, languages, reference items) is filled in the dialog, shown
// in words once added, and sent as the shared criterion in the PUT body.

const stored = (criterion: { kind: string }, i: number) => ({
  readable: true,
  institutions: [],
  id: i + 1,
  opportunityId: 7,
  kind: criterion.kind,
  criterion,
  description: 'As stored',
  position: i,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const page = (items: unknown[]) => ({ items, page: 1, per: 100, total: items.length });
const qualificationTypes = [
  { id: 3, name: 'National Diploma', nqfLevel: 6, position: 1 },
  { id: 4, name: "Bachelor's degree", nqfLevel: 7, position: 2 },
];
const disciplines = [
  { id: 11, name: 'Nursing' },
  { id: 12, name: 'Accounting' },
];
const categories = [
  { id: 21, name: 'Commerce' },
  { id: 22, name: 'Health Sciences' },
];
const institution = (id: number, name: string, city: string) => ({
  id,
  name,
  abbreviation: null,
  kind: 'university',
  universityType: 'traditional',
  country: 'ZA',
  city,
  website: null,
  latitude: null,
  longitude: null,
});
const institutions = [
  institution(31, 'University of Cape Town', 'Cape Town'),
  institution(32, 'Cape Peninsula University of Technology', 'Cape Town'),
  institution(33, 'University of Pretoria', 'Pretoria'),
];

/** A workspace with the requirements given (none at first); Save answers the set it was sent. */
function renderEmptyTab(
  initial: { kind: string }[] = [],
  named: { institutions?: { id: number; name: string }[] } = {},
) {
  const calls = mockFetch((call) => {
    if (call.path === '/api/qualification_types')
      return jsonResponse(200, page(qualificationTypes));
    if (call.path === '/api/disciplines') return jsonResponse(200, page(disciplines));
    if (call.path === '/api/qualification_categories') return jsonResponse(200, page(categories));
    if (call.path.startsWith('/api/institutions')) {
      // The API's search: names containing what was typed.
      const search = new URL(call.path, 'http://localhost').searchParams.get('search') ?? '';
      return jsonResponse(
        200,
        page(institutions.filter((i) => i.name.toLowerCase().includes(search.toLowerCase()))),
      );
    }
    if (call.method === 'GET') {
      return jsonResponse(200, { items: initial.map((c, i) => ({ ...stored(c, i), ...named })) });
    }
    const body = call.body as { requirements: { criterion: { kind: string } }[] };
    return jsonResponse(200, { items: body.requirements.map((r, i) => stored(r.criterion, i)) });
  });
  renderWithProviders(<RequirementsTab opportunityId={7} />);
  return calls;
}

async function openDialog(kind: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Add a requirement' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a requirement' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind of requirement' }));
  await userEvent.click(await screen.findByRole('option', { name: kind }));
  return dialog;
}

const requirementsShown = async () =>
  within(await screen.findByRole('list', { name: 'Requirements' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.MuiListItemText-primary')?.textContent);

async function saveAndReadPut(calls: ReturnType<typeof mockFetch>) {
  await userEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
  await screen.findByText('Requirements saved. Eligibility is being recomputed.');
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.path).toBe('/api/client/opportunities/7/requirements');
  return put?.body;
}

/** Picks a country by typing part of its name in the countries field. */
async function pickCountry(field: HTMLElement, typed: string, name: string) {
  await userEvent.type(field, typed);
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('RequirementsTab: kinds with lists', () => {
  it('adds a citizenship requirement with countries and permanent residents', async () => {
    const calls = renderEmptyTab();
    const dialog = await openDialog('Citizenship');
    const countries = within(dialog).getByRole('combobox', { name: 'Citizenship of' });
    // South Africa is chosen at first; removing it leaves the list empty, which is refused.
    await userEvent.click(within(dialog).getByTestId('CancelIcon'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must have at least one')).toBeTruthy();
    await pickCountry(countries, 'Namib', 'Namibia');
    await pickCountry(countries, 'Botsw', 'Botswana');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Permanent residents also qualify' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await requirementsShown()).toEqual([
      'Needs citizenship or permanent residence of Namibia or Botswana',
    ]);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [
        {
          criterion: {
            kind: 'citizenship',
            countries: ['NA', 'BW'],
            permanentResidents: true,
          },
        },
      ],
    });
  });

  it('adds a right to work requirement', async () => {
    const calls = renderEmptyTab();
    const dialog = await openDialog('Right to work');
    await pickCountry(
      within(dialog).getByRole('combobox', { name: 'Right to work in' }),
      'Lesot',
      'Lesotho',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await requirementsShown()).toEqual([
      'Needs the right to work in South Africa or Lesotho',
    ]);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [{ criterion: { kind: 'work_rights', countries: ['ZA', 'LS'] } }],
    });
  });

  it('adds a right to study requirement', async () => {
    const calls = renderEmptyTab();
    const dialog = await openDialog('Right to study');
    await userEvent.click(within(dialog).getByTestId('CancelIcon'));
    await pickCountry(
      within(dialog).getByRole('combobox', { name: 'Right to study in' }),
      'Zimb',
      'Zimbabwe',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await requirementsShown()).toEqual(['Needs the right to study in Zimbabwe']);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [{ criterion: { kind: 'study_rights', countries: ['ZW'] } }],
    });
  });

  it('adds a languages requirement with a level per language', async () => {
    const calls = renderEmptyTab();
    const dialog = await openDialog('Languages');
    const first = within(dialog).getByRole('textbox', { name: 'Language 1' });
    expect((first as HTMLInputElement).value).toBe('English');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Minimum level 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Advanced' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a language' }));
    // An empty language is refused beside its field.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must be provided')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Language 2' }), 'isiZulu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await requirementsShown()).toEqual(['Needs English (advanced) and isiZulu']);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [
        {
          criterion: {
            kind: 'languages',
            languages: [{ language: 'English', minimumLevel: 'advanced' }, { language: 'isiZulu' }],
          },
        },
      ],
    });
  });

  it('refuses the same language twice', async () => {
    renderEmptyTab();
    const dialog = await openDialog('Languages');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a language' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Language 2' }), 'English');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Languages: must not repeat a value',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove language 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await requirementsShown()).toEqual(['Needs English']);
  });

  it('adds a qualification requirement from the reference lists, named in words', async () => {
    const calls = renderEmptyTab();
    const dialog = await openDialog('Qualification');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Qualification types' }));
    await userEvent.click(await screen.findByRole('option', { name: 'National Diploma' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Minimum NQF level' }));
    await userEvent.click(await screen.findByRole('option', { name: "7: Bachelor's degree" }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Fields of study' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nursing' }));
    // No status at all is refused beside the statuses.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Completed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must have at least one')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Completed' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Current (studying now)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await requirementsShown()).toEqual([
      "Needs a completed or current National Diploma, or a Bachelor's degree or higher in Nursing",
    ]);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [
        {
          criterion: {
            kind: 'qualification',
            qualificationTypeIds: [3],
            minimumNqfLevel: 7,
            disciplineIds: [11],
            statuses: ['completed', 'current'],
          },
        },
      ],
    });
  });

  it('adds a qualification requirement with categories and institutions found by name', async () => {
    const calls = renderEmptyTab();
    const dialog = await openDialog('Qualification');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Categories' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Commerce' }));
    const search = within(dialog).getByRole('combobox', { name: 'Institutions' });
    await userEvent.type(search, 'cape');
    // Only what the search answers is offered, each with its city.
    await waitFor(() => expect(screen.queryByRole('option', { name: /Pretoria/ })).toBeNull());
    expect(screen.getByRole('option', { name: 'University of Cape Town, Cape Town' })).toBeTruthy();
    await userEvent.click(
      screen.getByRole('option', { name: 'Cape Peninsula University of Technology, Cape Town' }),
    );
    await userEvent.type(search, 'pretoria');
    await userEvent.click(
      await screen.findByRole('option', { name: 'University of Pretoria, Pretoria' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const words =
      'Needs a completed qualification in Commerce from Cape Peninsula University of Technology or University of Pretoria';
    expect(await requirementsShown()).toEqual([words]);

    // Reopened before saving, the chosen institutions are shown by name.
    await userEvent.click(screen.getByRole('button', { name: `Change: ${words}` }));
    const again = await screen.findByRole('dialog', { name: 'Change the requirement' });
    expect(within(again).getByRole('button', { name: 'Commerce' })).toBeTruthy();
    expect(
      within(again).getByRole('button', { name: 'Cape Peninsula University of Technology' }),
    ).toBeTruthy();
    expect(within(again).getByRole('button', { name: 'University of Pretoria' })).toBeTruthy();
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel' }));

    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [
        {
          criterion: {
            kind: 'qualification',
            categoryIds: [21],
            institutionIds: [32, 33],
            statuses: ['completed'],
          },
        },
      ],
    });
  });

  it('shows the institutions of a stored requirement by the names the API gives', async () => {
    const calls = renderEmptyTab(
      [{ kind: 'qualification', institutionIds: [31], statuses: ['current'] } as { kind: string }],
      { institutions: [{ id: 31, name: 'University of Cape Town' }] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Change: As stored' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the requirement' });
    // The chip of the stored institution; removing it leaves the key out.
    const chip = within(dialog).getByRole('button', { name: 'University of Cape Town' });
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await requirementsShown()).toEqual(['Needs a current qualification']);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [{ criterion: { kind: 'qualification', statuses: ['current'] } }],
    });
  });

  it('adds school subjects, each with a minimum mark', async () => {
    const calls = renderEmptyTab();
    const dialog = await openDialog('School subjects');
    const firstMark = within(dialog).getByRole('spinbutton', { name: 'Minimum mark 1 (%)' });
    await userEvent.clear(firstMark);
    await userEvent.type(firstMark, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a subject' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must name the subject')).toBeTruthy();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Subject 2' }),
      'Physical Sciences',
    );
    const secondMark = within(dialog).getByRole('spinbutton', { name: 'Minimum mark 2 (%)' });
    await userEvent.clear(secondMark);
    await userEvent.type(secondMark, '101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must be a number from 0 to 100')).toBeTruthy();
    await userEvent.clear(secondMark);
    await userEvent.type(secondMark, '55');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await requirementsShown()).toEqual([
      'Needs Mathematics 60 % and Physical Sciences 55 % or more at school',
    ]);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [
        {
          criterion: {
            kind: 'school_subjects',
            subjects: [
              { name: 'Mathematics', minimumMark: 60 },
              { name: 'Physical Sciences', minimumMark: 55 },
            ],
          },
        },
      ],
    });
  });

  it('keeps a listed subject matched by its id while only its mark changes', async () => {
    const calls = renderEmptyTab([
      {
        kind: 'school_subjects',
        subjects: [{ componentId: 5, name: 'Mathematics', minimumMark: 50 }],
      } as { kind: string },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Change: As stored' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the requirement' });
    const mark = within(dialog).getByRole('spinbutton', { name: 'Minimum mark 1 (%)' });
    await userEvent.clear(mark);
    await userEvent.type(mark, '65');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await requirementsShown()).toEqual(['Needs Mathematics 65 % or more at school']);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [
        {
          criterion: {
            kind: 'school_subjects',
            subjects: [{ componentId: 5, name: 'Mathematics', minimumMark: 65 }],
          },
        },
      ],
    });
  });

  it('matches a renamed listed subject by its new name', async () => {
    const calls = renderEmptyTab([
      {
        kind: 'school_subjects',
        subjects: [{ componentId: 5, name: 'Mathematics', minimumMark: 50 }],
      } as { kind: string },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Change: As stored' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the requirement' });
    const subject = within(dialog).getByRole('textbox', { name: 'Subject 1' });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Mathematical Literacy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await requirementsShown()).toEqual([
      'Needs Mathematical Literacy 50 % or more at school',
    ]);
    expect(await saveAndReadPut(calls)).toEqual({
      requirements: [
        {
          criterion: {
            kind: 'school_subjects',
            subjects: [{ name: 'Mathematical Literacy', minimumMark: 50 }],
          },
        },
      ],
    });
  });
});
