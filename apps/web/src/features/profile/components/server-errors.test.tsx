import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { identificationMessages } from '@pathways/shared/profile/identification';
import { experienceMessages } from '@pathways/shared/profile/sections.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { makeExperience, makeProfile } from '../testing/profile-fixtures';
import { PersonalDetailsCard } from './personal-details-card';
import { ExperiencesSection } from './sections/experiences-section';

describe('server errors on the personal details', () => {
  it('shows a taken identification beside the field, with its message and Help', async () => {
    signIn();
    const calls = mockFetch(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(422, {
            code: 'validation',
            message: identificationMessages.taken,
            errors: { identification: [identificationMessages.taken] },
          })
        : jsonResponse(200, {}),
    );
    const user = userEvent.setup();
    renderWithProviders(<PersonalDetailsCard profile={makeProfile()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country of birth' }), 'ZA');
    await user.type(screen.getByLabelText('National ID number'), '9001015009086');
    await user.click(screen.getByRole('button', { name: 'Save personal details' }));

    const patch = await waitFor(() => {
      const found = calls.find((call) => call.method === 'PATCH');
      expect(found).toBeTruthy();
      return found!;
    });
    // Only what changed is sent, the pair together with the date of birth the number states;
    // the server strips the mask's spaces.
    expect(patch.path).toBe('/api/candidate/profile');
    expect(patch.body).toEqual({
      profile: { countryOfBirth: 'ZA', identification: '900101 5009 086', bornAt: '1990-01-01' },
    });

    expect(await screen.findByText(identificationMessages.taken)).toBeTruthy();
    const field = screen.getByLabelText('National ID number');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByText(identificationMessages.saveFailed).closest('[role="alert"]');
    expect(alert).toBeTruthy();

    await user.click(within(alert as HTMLElement).getByRole('button', { name: 'Help' }));
    const support = await screen.findByRole('dialog', { name: 'Contact support' });
    expect(within(support).getByText(`“${identificationMessages.helpRequest}”`)).toBeTruthy();
  });

  it('title-cases names when the field is left', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, {}));
    const user = userEvent.setup();
    renderWithProviders(
      <PersonalDetailsCard profile={makeProfile({ firstNames: null, lastName: null })} />,
    );
    const first = screen.getByLabelText(/First names/) as HTMLInputElement;
    await user.type(first, "nomvula o'neil-dube");
    await user.tab();
    expect(first.value).toBe("Nomvula O'Neil-Dube");
  });

  it('keeps a surname’s particles in lower case, and capitals typed by the person', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, {}));
    const user = userEvent.setup();
    renderWithProviders(
      <PersonalDetailsCard profile={makeProfile({ firstNames: null, lastName: null })} />,
    );
    const first = screen.getByLabelText(/First names/) as HTMLInputElement;
    const last = screen.getByLabelText(/Last name/) as HTMLInputElement;
    await user.type(first, 'jan  de la   cruz');
    await user.type(last, 'van der merwe');
    await user.tab();
    expect(first.value).toBe('Jan de la Cruz');
    expect(last.value).toBe('van der Merwe');
    await user.clear(last);
    await user.type(last, 'Van Der Merwe');
    await user.tab();
    expect(last.value).toBe('Van Der Merwe');
  });

  it('shows problems stored on the profile beside their fields', async () => {
    signIn();
    mockFetch(() => jsonResponse(200, {}));
    renderWithProviders(
      <PersonalDetailsCard
        profile={makeProfile({
          countryOfBirth: 'ZA',
          identification: '9001015009086',
          errors: { identification: ['does not match the date of birth'] },
        })}
      />,
    );
    expect(screen.getByText('does not match the date of birth')).toBeTruthy();
  });
});

describe('server errors in a section dialog', () => {
  it('puts each message beside its field and says the update failed', async () => {
    signIn();
    mockFetch(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(422, {
            code: 'validation',
            message: experienceMessages.updateFailed,
            errors: { organizationName: ['is not a known organization'], extra: ['is odd'] },
          })
        : jsonResponse(200, {}),
    );
    const user = userEvent.setup();
    renderWithProviders(<ExperiencesSection experiences={[makeExperience()]} />);
    await user.click(screen.getByRole('button', { name: 'Edit Cashier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit experience' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('is not a known organization')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Organization/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    // A message for no field of the form shows above it.
    expect(within(dialog).getByText('Extra is odd')).toBeTruthy();
    expect(await screen.findByText(experienceMessages.updateFailed)).toBeTruthy();
  });

  it('says the work experience was updated after an update', async () => {
    signIn();
    const calls = mockFetch(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(200, makeExperience({ title: 'Senior cashier' }))
        : jsonResponse(200, {}),
    );
    const user = userEvent.setup();
    renderWithProviders(<ExperiencesSection experiences={[makeExperience()]} />);
    await user.click(screen.getByRole('button', { name: 'Edit Cashier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit experience' });
    const title = within(dialog).getByLabelText(/Job title or role/);
    await user.clear(title);
    await user.type(title, 'Senior cashier');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(experienceMessages.updated)).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.path).toBe('/api/candidate/experiences/7');
    expect(patch.body).toMatchObject({
      experience: { title: 'Senior cashier', organizationName: 'Shoprite', kind: 'work' },
    });
  });
});
