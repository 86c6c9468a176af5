import { z } from 'zod';

import { user } from '../auth/auth.schemas.ts';
import { text } from '../common/text.ts';

export const socialProviders = ['google', 'facebook', 'linkedin'] as const;
export const socialProvider = z.enum(socialProviders);
export type SocialProvider = z.infer<typeof socialProvider>;

export const socialProviderNames: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
};

/**
 * Why a round trip to a provider ended without signing in: the user turned the provider down
 * (`abandoned`), it failed or was tampered with (`failed`), or it reached an account it may not
 * reach (the others).
 */
export const socialFailures = [
  'abandoned',
  'failed',
  'emailTaken',
  'linkedElsewhere',
  'blocked',
  'notCandidate',
] as const;
export const socialFailure = z.enum(socialFailures);
export type SocialFailure = z.infer<typeof socialFailure>;

export const socialOutcomes = ['created', 'signedIn', 'linked'] as const;
export const socialOutcome = z.enum(socialOutcomes);
export type SocialOutcome = z.infer<typeof socialOutcome>;

/** What the user reads after a round trip to a provider, success or not. */
export const socialAuthMessages = {
  signedIn: (p: SocialProvider) => `You are logged in with ${socialProviderNames[p]}.`,
  created: (p: SocialProvider) =>
    `Your account has been created and you are logged in with ${socialProviderNames[p]}.`,
  linked: (p: SocialProvider) => `${socialProviderNames[p]} is now linked to your account.`,
  abandoned: (p: SocialProvider) =>
    `Authentication with ${socialProviderNames[p]} was abandoned. You have not been logged in.`,
  failed: (p: SocialProvider) =>
    `Authentication with ${socialProviderNames[p]} failed. Please try again.`,
  emailTaken: (p: SocialProvider) =>
    `An account with your ${socialProviderNames[p]} e-mail address already exists. Log in with your password, then link ${socialProviderNames[p]} on your settings page.`,
  linkedElsewhere: (p: SocialProvider) =>
    `This ${socialProviderNames[p]} account is already linked to another Pathways account.`,
  blocked: () => 'Your profile has been blocked. Please contact support.',
  notCandidate: (p: SocialProvider) =>
    `Signing in with ${socialProviderNames[p]} is for candidates. Please log in with your e-mail address and password.`,
  unlinked: (p: SocialProvider) => `${socialProviderNames[p]} is no longer linked to your account.`,
  lastWayIn: (p: SocialProvider) =>
    `${socialProviderNames[p]} is your only way to log in. Set a password or link another provider before you remove it.`,
  handoffInvalid: 'This sign-in has expired or was already used. Please try again.',
} as const;

export const socialMessage = (
  provider: SocialProvider,
  result: SocialOutcome | SocialFailure,
): string => socialAuthMessages[result](provider);

export const providerParam = z.object({ provider: socialProvider });

/** GET candidate/auth/{provider}: where to go back with an optional campaign. */
export const socialStartQuery = z.object({
  campaignId: z.coerce.number().int().positive().optional(),
});

export const socialStartResponse = z.object({ url: z.url() });
export type SocialStartResponse = z.infer<typeof socialStartResponse>;

/** The one-time code the callback hands to the web app. */
export const socialSessionBody = z.object({ code: text().min(1).max(200) });

export const socialSessionResponse = z.object({
  outcome: socialOutcome,
  message: text(),
  user,
  campaignId: z.number().int().nullable(),
});
export type SocialSessionResponse = z.infer<typeof socialSessionResponse>;

/** GET auth/providers: the providers this server is configured for. */
export const socialProvidersResponse = z.object({
  items: z.array(z.object({ id: socialProvider, name: text() })),
});
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponse>;

export const socialIdentity = z.object({
  provider: socialProvider,
  name: text(),
  email: text().nullable(),
  createdAt: z.iso.datetime(),
});
export type SocialIdentity = z.infer<typeof socialIdentity>;

export const socialIdentitiesResponse = z.object({
  items: z.array(socialIdentity),
  hasPassword: z.boolean(),
});
export type SocialIdentitiesResponse = z.infer<typeof socialIdentitiesResponse>;
