import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { PublicCampaign } from '@pathways/shared/campaigns/campaigns.schemas';

import { tokenStore } from '../../../lib/session/token-store';
import {
  currentLocation,
  jsonResponse,
  makeToken,
  makeUser,
  mockFetch,
  renderWithProviders,
} from '../../../testing/test-utils';
import { instantSignupTiming } from '../utils/signup-timing';
import { SignupConversation } from './signup-conversation';

const campaign: PublicCampaign = {
  id: 7,
  slug: 'ibtech',
  name: 'Graduate Programme: Technology',
  kind: 'opportunity',
  description: null,
  image: null,
  copy: {},
  startsAt: null,
  endsAt: null,
  organization: { id: 1, name: 'Indlovu Bank', logo: null },
  opportunity: { id: 5, name: 'Graduate Programme: Technology' },
};

function renderConversation(path = '/#signup') {
  let closed = 0;
  const result = renderWithProviders(
    <SignupConversation timing={instantSignupTiming} onClose={() => closed++} />,
    path,
  );
  return { result, closed: () => closed };
}

describe('the sign-up conversation', () => {
  it('creates an account, corrects the e-mail, consents, names, identifies and finishes', async () => {
    const token = makeToken({ sub: '41' });
    const calls = mockFetch(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/candidates') {
        const { email } = body as { email: string };
        return jsonResponse(201, makeUser({ id: 41, email, firstName: null, lastName: null }), {
          Authorization: `Bearer ${token}`,
        });
      }
      if (method === 'PATCH' && path === '/api/candidate/candidate')
        return jsonResponse(200, makeUser({ id: 41 }));
      if (path === '/api/candidates/accept_terms')
        return jsonResponse(200, { termsAcceptedAt: '2026-11-22T05:00:00.000Z' });
      if (method === 'PATCH' && path === '/api/candidate/profile') {
        const { profile } = body as { profile: Record<string, string> };
        return jsonResponse(
          200,
          profile.firstNames
            ? { firstNames: 'Lerato', lastName: 'Dlamini', bornAt: null }
            : {
                firstNames: 'Lerato',
                lastName: 'Dlamini',
                countryOfBirth: 'ZA',
                bornAt: '1990-01-01',
              },
        );
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found' });
    });
    const user = userEvent.setup();
    const { result } = renderConversation();

    expect(await screen.findByText('Hi! Welcome to Pathways.')).toBeTruthy();
    expect(screen.getByRole('log').getAttribute('aria-live')).toBe('polite');
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));

    const form = await screen.findByRole('form', { name: 'Create your account' });
    // The new input takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Email')));
    expect(screen.getByText('2 min remaining')).toBeTruthy();
    await user.type(within(form).getByLabelText('Email'), 'lerato@example.test');
    await user.type(within(form).getByLabelText('Password'), 'lerato-password');
    await user.type(within(form).getByLabelText('Confirm password'), 'lerato-passwor');
    await user.click(within(form).getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Must match password given')).toBeTruthy();
    await user.type(within(form).getByLabelText('Confirm password'), 'd');
    await user.click(within(form).getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('Is lerato@example.test correct?')).toBeTruthy();
    // The account is the conversation's until it ends.
    expect(tokenStore.get()).toBeNull();
    expect(calls.find((c) => c.path === '/api/candidates')?.body).toEqual({
      email: 'lerato@example.test',
      password: 'lerato-password',
      passwordConfirmation: 'lerato-password',
    });

    await user.click(await screen.findByRole('button', { name: 'No' }));
    const change = await screen.findByRole('form', { name: 'Change your e-mail' });
    await user.type(within(change).getByLabelText('Email'), 'lerato.d@example.test');
    await user.click(within(change).getByRole('button', { name: 'Save my e-mail' }));
    await screen.findByText('Do you agree to the privacy policy?');
    const patch = calls.find((c) => c.path === '/api/candidate/candidate');
    expect(patch?.body).toEqual({
      candidate: { email: 'lerato.d@example.test', currentPassword: 'lerato-password' },
    });
    expect(patch?.authorization).toBe(`Bearer ${token}`);

    expect(screen.getByRole('link', { name: /privacy policy/ }).getAttribute('href')).toBe(
      '/legal/privacy.html',
    );
    await user.click(screen.getByRole('button', { name: 'I agree' }));

    const name = await screen.findByRole('form', { name: 'Your name' });
    await user.click(within(name).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You must specify a first name')).toBeTruthy();
    expect(screen.getByText('You must specify a last name')).toBeTruthy();
    await user.type(within(name).getByLabelText('First name'), 'lerato');
    await user.type(within(name).getByLabelText('Surname'), 'dlamini');
    await user.click(within(name).getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('Thanks, Lerato! Employers need to know who you are.'),
    ).toBeTruthy();
    const identity = await screen.findByRole('form', { name: 'Your identification' });
    await user.click(within(identity).getByRole('button', { name: 'Continue' }));
    expect(await within(identity).findAllByText('must be provided')).toHaveLength(2);
    await user.selectOptions(within(identity).getByLabelText('Country of birth'), 'ZA');
    await user.type(within(identity).getByLabelText('National ID number'), '9001015009087');
    await user.click(within(identity).getByRole('button', { name: 'Continue' }));
    expect(await within(identity).findByText('must be a valid identification')).toBeTruthy();
    await user.clear(within(identity).getByLabelText('National ID number'));
    await user.type(within(identity).getByLabelText('National ID number'), '9001015009086');
    expect((within(identity).getByLabelText('National ID number') as HTMLInputElement).value).toBe(
      '900101 5009 086',
    );
    await user.click(within(identity).getByRole('button', { name: 'Continue' }));

    await user.click(
      await screen.findByRole('button', { name: 'I confirm these details are accurate' }),
    );
    expect(await screen.findByText('< 1 min remaining')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'View opportunities' }));

    expect(tokenStore.get()).toBe(token);
    await waitFor(() => expect(currentLocation(result)).toBe('/opportunities'));
    const profilePatches = calls.filter((c) => c.path === '/api/candidate/profile');
    expect(profilePatches.map((c) => c.body)).toEqual([
      { profile: { firstNames: 'lerato', lastName: 'dlamini' } },
      { profile: { countryOfBirth: 'ZA', identification: '9001015009086' } },
    ]);
  });

  it("puts the server's reasons for refusing the account beside the fields, the first focused", async () => {
    mockFetch(() =>
      jsonResponse(422, {
        code: 'validation',
        message: 'Invalid',
        errors: { email: ['has already been taken'], password: ['is too common'] },
      }),
    );
    const user = userEvent.setup();
    renderConversation();
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    const form = await screen.findByRole('form', { name: 'Create your account' });
    await user.type(within(form).getByLabelText('Email'), 'taken@example.test');
    await user.type(within(form).getByLabelText('Password'), 'password123');
    await user.type(within(form).getByLabelText('Confirm password'), 'password123');
    await user.click(within(form).getByRole('button', { name: 'Create my account' }));

    expect(await within(form).findByText('has already been taken')).toBeTruthy();
    expect(within(form).getByText('is too common')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Email')));
    // What was typed stays.
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'taken@example.test',
    );
  });

  it('says when the identification is refused, with a Help button', async () => {
    const token = makeToken();
    mockFetch(({ method, path }) => {
      if (path === '/api/candidates')
        return jsonResponse(201, makeUser(), { Authorization: `Bearer ${token}` });
      if (path === '/api/candidates/accept_terms')
        return jsonResponse(200, { termsAcceptedAt: '2026-11-22T05:00:00.000Z' });
      if (method === 'PATCH' && path === '/api/candidate/profile')
        return jsonResponse(200, { firstNames: 'Thandi', lastName: 'Mokoena', bornAt: null });
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    renderConversation();
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    const form = await screen.findByRole('form', { name: 'Create your account' });
    await user.type(within(form).getByLabelText('Email'), 'thandi@demo.test');
    await user.type(within(form).getByLabelText('Password'), 'thandi-password');
    await user.type(within(form).getByLabelText('Confirm password'), 'thandi-password');
    await user.click(within(form).getByRole('button', { name: 'Create my account' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'I agree' }));
    const name = await screen.findByRole('form', { name: 'Your name' });
    await user.type(within(name).getByLabelText('First name'), 'Thandi');
    await user.type(within(name).getByLabelText('Surname'), 'Mokoena');
    mockFetch(({ body }) =>
      (body as { profile: Record<string, string> }).profile.firstNames
        ? jsonResponse(200, { firstNames: 'Thandi', lastName: 'Mokoena', bornAt: null })
        : jsonResponse(422, {
            code: 'validation',
            message: 'Invalid',
            errors: { identification: ['has already been taken'] },
          }),
    );
    await user.click(within(name).getByRole('button', { name: 'Continue' }));
    const identity = await screen.findByRole('form', { name: 'Your identification' });
    await user.selectOptions(within(identity).getByLabelText('Country of birth'), 'KE');
    await user.type(within(identity).getByLabelText('National ID number'), '12345678');
    await user.click(within(identity).getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Please ensure your identification number is typed correctly or does not already exist on our system',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Help' })).toBeTruthy();
  });

  it('logs in on a campaign page, lists the eligibilities, then opens the profile', async () => {
    const token = makeToken({ sub: '9' });
    const calls = mockFetch(({ method, path }) => {
      if (path === '/api/campaigns/ibtech') return jsonResponse(200, campaign);
      if (method === 'POST' && path === '/api/auth/login')
        return jsonResponse(200, makeUser({ id: 9 }), { Authorization: `Bearer ${token}` });
      if (path === '/api/candidate/campaigns/7/eligibilities')
        return jsonResponse(200, {
          items: [
            {
              id: 3,
              eligible: true,
              opportunity: { id: 5, name: 'Graduate Programme: Technology' },
              checkedAt: '2026-11-22T05:00:00.000Z',
              criteria: [],
            },
          ],
        });
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    const { result } = renderConversation('/campaign/ibtech#signup');

    expect(
      await screen.findByText(/Let's get you ready for Graduate Programme: Technology/),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'I have an account' }));
    const form = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(form).getByLabelText('Email'), 'thandi@demo.test');
    await user.type(within(form).getByLabelText('Password'), 'demo-password');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));

    const list = await screen.findByRole('list', { name: 'Your eligibility' });
    expect(within(list).getByText('You qualify')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/eligibilities'))?.authorization).toBe(
      `Bearer ${token}`,
    );
    expect(tokenStore.get()).toBeNull();
    expect(
      screen.getByRole('button', { name: 'View Graduate Programme: Technology' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update my profile' }));
    expect(tokenStore.get()).toBe(token);
    await waitFor(() => expect(currentLocation(result)).toBe('/candidate/profile'));
  });

  it('shows a failed login quietly beside the form', async () => {
    mockFetch(() => jsonResponse(401, { code: 'unauthorized', message: 'Wrong' }));
    const user = userEvent.setup();
    renderConversation();
    await user.click(await screen.findByRole('button', { name: 'I have an account' }));
    const form = await screen.findByRole('form', { name: 'Log in' });
    await user.type(within(form).getByLabelText('Email'), 'thandi@demo.test');
    await user.type(within(form).getByLabelText('Password'), 'wrong-password');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(
      await within(form).findByText(
        "You couldn't be logged in. Please check the login details again.",
      ),
    ).toBeTruthy();
    expect(tokenStore.get()).toBeNull();
  });

  it('explains Pathways, and closes on "Come back later"', async () => {
    mockFetch(() => jsonResponse(404, {}));
    const user = userEvent.setup();
    const { closed } = renderConversation();
    await user.click(await screen.findByRole('button', { name: 'What is Pathways?' }));
    expect(await screen.findByText(/matches students and graduates/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Come back later' }));
    expect(closed()).toBe(1);
  });
});
