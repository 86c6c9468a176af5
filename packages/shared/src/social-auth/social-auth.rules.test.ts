import { describe, expect, it } from 'vitest';

import { canUnlink, decideSocialSignIn, type ProviderProfile } from './social-auth.rules.ts';
import { socialMessage, socialProviders } from './social-auth.schemas.ts';

const profile = (over: Partial<ProviderProfile> = {}): ProviderProfile => ({
  subject: 'sub-1',
  email: 'ada@example.test',
  emailVerified: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  ...over,
});
const none = {
  identityUserId: null,
  emailUser: null,
  linkUserId: null,
  linkUserHasProvider: false,
};
const candidate = (id: number, isBlocked = false) => ({
  id,
  role: 'candidate' as const,
  isBlocked,
});

describe('decideSocialSignIn', () => {
  it('creates a candidate for a new e-mail, verified or not', () => {
    expect(decideSocialSignIn(profile(), none)).toEqual({ action: 'create' });
    expect(decideSocialSignIn(profile({ emailVerified: false }), none)).toEqual({
      action: 'create',
    });
  });

  it('refuses a provider that gives no e-mail address for a new account', () => {
    expect(decideSocialSignIn(profile({ email: null }), none)).toEqual({
      action: 'refuse',
      reason: 'failed',
    });
  });

  it('signs a linked provider account into its user, whatever the e-mail says', () => {
    expect(decideSocialSignIn(profile({ email: null }), { ...none, identityUserId: 7 })).toEqual({
      action: 'signIn',
      userId: 7,
      newIdentity: false,
    });
    expect(
      decideSocialSignIn(profile({ emailVerified: false }), {
        ...none,
        identityUserId: 7,
        emailUser: candidate(8),
      }),
    ).toEqual({ action: 'signIn', userId: 7, newIdentity: false });
  });

  it('signs a verified known e-mail into that account and links the provider', () => {
    expect(decideSocialSignIn(profile(), { ...none, emailUser: candidate(3) })).toEqual({
      action: 'signIn',
      userId: 3,
      newIdentity: true,
    });
  });

  it('never signs an unverified e-mail into an existing account', () => {
    expect(
      decideSocialSignIn(profile({ emailVerified: false }), { ...none, emailUser: candidate(3) }),
    ).toEqual({ action: 'refuse', reason: 'emailTaken' });
  });

  it('signs only candidates in by e-mail', () => {
    for (const role of ['client', 'admin'] as const) {
      expect(
        decideSocialSignIn(profile(), { ...none, emailUser: { id: 4, role, isBlocked: false } }),
      ).toEqual({ action: 'refuse', reason: 'notCandidate' });
    }
  });

  it('links the provider to the signed-in user, even with another e-mail address', () => {
    expect(
      decideSocialSignIn(profile(), { ...none, linkUserId: 5, emailUser: candidate(9) }),
    ).toEqual({ action: 'link', userId: 5, newIdentity: true });
    expect(
      decideSocialSignIn(profile({ emailVerified: false }), { ...none, linkUserId: 5 }),
    ).toEqual({ action: 'link', userId: 5, newIdentity: true });
  });

  it('linking again the same provider account changes nothing', () => {
    expect(decideSocialSignIn(profile(), { ...none, linkUserId: 5, identityUserId: 5 })).toEqual({
      action: 'link',
      userId: 5,
      newIdentity: false,
    });
  });

  it('refuses to link a provider account that belongs to someone else', () => {
    expect(decideSocialSignIn(profile(), { ...none, linkUserId: 5, identityUserId: 6 })).toEqual({
      action: 'refuse',
      reason: 'linkedElsewhere',
    });
  });

  it('refuses a second account of the same provider on one user', () => {
    expect(
      decideSocialSignIn(profile(), { ...none, linkUserId: 5, linkUserHasProvider: true }),
    ).toEqual({ action: 'refuse', reason: 'linkedElsewhere' });
  });
});

describe('canUnlink', () => {
  it('allows removing a provider while a password remains', () => {
    expect(canUnlink('google', { hasPassword: true, providers: ['google'] })).toBe(true);
  });

  it('allows removing a provider while another provider remains', () => {
    expect(canUnlink('google', { hasPassword: false, providers: ['google', 'linkedin'] })).toBe(
      true,
    );
  });

  it('refuses removing the last way to sign in', () => {
    expect(canUnlink('google', { hasPassword: false, providers: ['google'] })).toBe(false);
  });

  it('refuses removing a provider that is not linked', () => {
    expect(canUnlink('facebook', { hasPassword: true, providers: ['google'] })).toBe(false);
  });
});

describe('socialMessage', () => {
  it('names the provider in every outcome and failure', () => {
    for (const provider of socialProviders) {
      for (const result of ['created', 'signedIn', 'linked', 'abandoned', 'failed'] as const) {
        expect(socialMessage(provider, result)).toMatch(
          provider === 'linkedin' ? 'LinkedIn' : new RegExp(provider, 'i'),
        );
      }
    }
  });

  it('tells abandonment apart from failure', () => {
    expect(socialMessage('google', 'abandoned')).toBe(
      'Authentication with Google was abandoned. You have not been logged in.',
    );
    expect(socialMessage('google', 'failed')).toBe(
      'Authentication with Google failed. Please try again.',
    );
  });
});
