import type { SocialFailure, SocialProvider } from './social-auth.schemas.ts';

/** What the provider said about its user, as far as signing in here needs it. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface AccountFacts {
  /** The user already linked to this provider account, if any. */
  identityUserId: number | null;
  /** The user with the provider's e-mail address, if any. */
  emailUser: { id: number; role: 'candidate' | 'client' | 'admin'; isBlocked: boolean } | null;
  /** The signed-in user who started the round trip to link the provider. */
  linkUserId: number | null;
  /** Whether the linking user already has another account of this provider. */
  linkUserHasProvider: boolean;
}

export type SocialDecision =
  | { action: 'signIn'; userId: number; newIdentity: boolean }
  | { action: 'link'; userId: number; newIdentity: boolean }
  | { action: 'create' }
  | { action: 'refuse'; reason: SocialFailure };

/**
 * How a provider's answer maps to an account:
 * - signed in already, it links the provider (unless it belongs to someone else);
 * - a provider account linked before signs into its user;
 * - a known e-mail signs in only when the provider vouches for it (verified), and only candidates;
 * - a new e-mail creates a candidate.
 */
export function decideSocialSignIn(profile: ProviderProfile, facts: AccountFacts): SocialDecision {
  if (facts.linkUserId !== null) {
    if (facts.identityUserId === facts.linkUserId) {
      return { action: 'link', userId: facts.linkUserId, newIdentity: false };
    }
    if (facts.identityUserId !== null) return { action: 'refuse', reason: 'linkedElsewhere' };
    if (facts.linkUserHasProvider) return { action: 'refuse', reason: 'linkedElsewhere' };
    return { action: 'link', userId: facts.linkUserId, newIdentity: true };
  }
  if (facts.identityUserId !== null) {
    return { action: 'signIn', userId: facts.identityUserId, newIdentity: false };
  }
  if (!profile.email) return { action: 'refuse', reason: 'failed' };
  const known = facts.emailUser;
  if (!known) return { action: 'create' };
  if (!profile.emailVerified) return { action: 'refuse', reason: 'emailTaken' };
  if (known.role !== 'candidate') return { action: 'refuse', reason: 'notCandidate' };
  return { action: 'signIn', userId: known.id, newIdentity: true };
}

/**
 * A linked provider may be removed only while another way to sign in remains: a password or
 * another linked provider.
 */
export function canUnlink(
  provider: SocialProvider,
  account: { hasPassword: boolean; providers: readonly SocialProvider[] },
): boolean {
  if (!account.providers.includes(provider)) return false;
  return account.hasPassword || account.providers.some((p) => p !== provider);
}
