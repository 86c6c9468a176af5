import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { identificationMessages } from '@pathways/shared/profile/identification';

import { renderWithProviders, signIn } from '../../../testing/test-utils';
import { makeProfile } from '../testing/profile-fixtures';
import { PersonalDetailsCard } from './personal-details-card';

function renderCard(profile = makeProfile()) {
  signIn();
  return renderWithProviders(<PersonalDetailsCard profile={profile} />);
}

const country = () => screen.getByRole('combobox', { name: 'Country of birth' });
const idInput = () => document.getElementById('identification') as HTMLInputElement;

describe('the identification field', () => {
  it('is labelled for the country of birth: Nigeria asks for an ID or passport number', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(screen.getByLabelText('National ID number')).toBe(idInput());
    await user.selectOptions(country(), 'NG');
    expect(screen.getByLabelText('National ID or passport number')).toBe(idInput());
    await user.selectOptions(country(), 'ZA');
    expect(screen.getByLabelText('National ID number')).toBe(idInput());
  });

  it.each([
    ['ZA', '9001015009086', '900101 5009 086'],
    ['ZA', '90010150090861234', '900101 5009 086'],
    ['ZA', '9001ab015009086', '900101 5009 086'],
    ['ZW', '63123456f42', '63 123456 F42'],
    ['US', '123456789', '123-45-6789'],
    ['NG', 'a12345678', 'a12345678'],
  ])('in %s, typing %j shows %j', async (code, typed, shown) => {
    const user = userEvent.setup();
    renderCard();
    await user.selectOptions(country(), code);
    await user.type(idInput(), typed);
    expect(idInput().value).toBe(shown);
  });

  it('lays an existing number out again when the country changes', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.type(idInput(), '123456789');
    await user.selectOptions(country(), 'US');
    expect(idInput().value).toBe('123-45-6789');
  });

  it('checks the number with the shared rule when the field is left', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.selectOptions(country(), 'ZA');
    // The check digit of 900101500908 is 6, not 7.
    await user.type(idInput(), '9001015009087');
    await user.tab();
    expect(await screen.findByText(identificationMessages.invalid)).toBeTruthy();
    await user.clear(idInput());
    await user.type(idInput(), '9001015009086');
    await waitFor(() => expect(screen.queryByText(identificationMessages.invalid)).toBeNull());
  });

  it('asks for the country of birth when a number comes without one', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.type(idInput(), '9001015009086');
    await user.click(screen.getByRole('button', { name: 'Save personal details' }));
    expect(await screen.findByText('must be provided')).toBeTruthy();
    expect(country().getAttribute('aria-invalid')).toBe('true');
  });

  it('says a number on file cannot be blanked out', async () => {
    const user = userEvent.setup();
    renderCard(makeProfile({ countryOfBirth: 'ZA', identification: '9001015009086' }));
    expect(idInput().value).toBe('900101 5009 086');
    await user.clear(idInput());
    await user.tab();
    expect(await screen.findByText(identificationMessages.required)).toBeTruthy();
  });
});
