import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { MailPreferencesCard } from './mail-preferences-card';

const LABEL = 'When I come to qualify for an open opportunity';
const prefs = (email: boolean) => ({
  preferences: [{ type: 'eligibility.became_eligible', label: LABEL, email }],
});

describe('MailPreferencesCard', () => {
  it('turns the became-eligible e-mail off', async () => {
    signIn();
    const calls = mockFetch((call) =>
      jsonResponse(200, call.method === 'PUT' ? prefs(false) : prefs(true)),
    );
    renderWithProviders(<MailPreferencesCard />);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    expect(await screen.findByText('E-mail turned off')).toBeTruthy();
    expect((screen.getByRole('switch', { name: LABEL }) as HTMLInputElement).checked).toBe(false);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      preferences: [{ type: 'eligibility.became_eligible', email: false }],
    });
  });

  it('says so when the choice was not saved, and keeps it as it was', async () => {
    signIn();
    mockFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(500, { code: 'internal', message: 'boom' })
        : jsonResponse(200, prefs(true)),
    );
    renderWithProviders(<MailPreferencesCard />);
    await userEvent.click(await screen.findByRole('switch', { name: LABEL }));
    expect(await screen.findByText('Error: Your choice was not saved')).toBeTruthy();
    expect((screen.getByRole('switch', { name: LABEL }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('MailPreferencesCard for a client user', () => {
  it('reads and saves the client’s own e-mails', async () => {
    signIn();
    const label = 'When a colleague asks my opinion on applicants';
    const client = (email: boolean) => ({
      preferences: [{ type: 'feedback_request', label, email }],
    });
    const calls = mockFetch((call) =>
      jsonResponse(200, call.method === 'PUT' ? client(false) : client(true)),
    );
    renderWithProviders(<MailPreferencesCard side="client" />);
    await userEvent.click(await screen.findByRole('switch', { name: label }));
    expect(await screen.findByText('E-mail turned off')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/api/client/notification_preferences'],
      ['PUT', '/api/client/notification_preferences'],
    ]);
  });
});
