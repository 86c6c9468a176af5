import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderWithProviders,
  signIn,
} from '../../../testing/test-utils';
import { TimeZoneCard } from './time-zone-card';

describe('TimeZoneCard', () => {
  it('finds a zone by its city and saves it; a refused zone says why', async () => {
    signIn({ role: 'candidate', sub: '1' });
    let refuse = false;
    const calls = mockFetch((call) => {
      if (call.method === 'PUT' && refuse) {
        return jsonResponse(422, {
          message: 'Invalid',
          errors: { timeZone: ['Choose a time zone from the list'] },
        });
      }
      if (call.method === 'PUT') {
        const { timeZone } = call.body as { timeZone: string };
        return jsonResponse(200, makeUser({ timeZone }));
      }
      return jsonResponse(200, makeUser());
    });
    const user = userEvent.setup();
    renderWithProviders(<TimeZoneCard />);
    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((field as HTMLInputElement).value).toBe('Africa / Johannesburg');
    expect(screen.getByText(/You have not chosen one/)).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'london');
    await user.click(await screen.findByRole('option', { name: 'Europe / London' }));
    expect(await screen.findByText('Times are now shown in Europe / London time')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/candidate/time_zone',
      body: { timeZone: 'Europe/London' },
    });
    expect((field as HTMLInputElement).value).toBe('Europe / London');

    refuse = true;
    await user.clear(field);
    await user.type(field, 'tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia / Tokyo' }));
    expect(await screen.findByText('Choose a time zone from the list')).toBeTruthy();
  });
});
