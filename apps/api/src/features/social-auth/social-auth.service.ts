import { createHash, randomBytes } from 'node:crypto';

import {
  canUnlink,
  decideSocialSignIn,
  type ProviderProfile,
} from '@pathways/shared/social-auth/social-auth.rules';
import {
  socialAuthMessages,
  socialMessage,
  socialOutcome,
  socialProviderNames,
  type SocialFailure,
  type SocialIdentitiesResponse,
  type SocialOutcome,
  type SocialProvider,
  type SocialSessionResponse,
} from '@pathways/shared/social-auth/social-auth.schemas';
import * as oidc from 'openid-client';

import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Mail } from '../../lib/mailer.ts';
import {
  campaignExists,
  userByEmail,
  userById,
  type Actor,
  type AuthService,
  type RequestMeta,
} from '../auth/index.ts';
import { ProviderDeclined, type SocialProviders } from './social-auth.providers.ts';
import * as repo from './social-auth.repository.ts';

/** A round trip to a provider must come back within this time. */
export const ROUND_TRIP_TTL_MS = 10 * 60_000;

export interface SocialAuthDeps extends FeatureDeps {
  auth: Pick<
    AuthService,
    | 'startSessionFor'
    | 'createCandidateFromProvider'
    | 'confirmEmailFromProvider'
    | 'userById'
    | 'deliver'
  >;
  providers: SocialProviders;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

type Resolution =
  { outcome: SocialOutcome; userId: number; mail: Mail | null } | { failure: SocialFailure };

export function createSocialAuthService(deps: SocialAuthDeps) {
  const { db, config, now, providers, auth } = deps;

  const requireEnabled = (provider: SocialProvider) => {
    if (!providers.isEnabled(provider)) throw notFound();
  };
  const redirectUri = (provider: SocialProvider) =>
    `${config.appUrl}/api/candidate/auth/${provider}/callback`;
  const webPage = (provider: SocialProvider, params: Record<string, string>) =>
    `${config.appUrl}/candidate/auth/${provider}?${new URLSearchParams(params)}`;

  /** Which account the provider's answer reaches, written in one transaction. */
  async function resolveAccount(
    provider: SocialProvider,
    profile: ProviderProfile,
    signIn: repo.SocialSignInRow,
  ): Promise<Resolution> {
    try {
      return await db.transaction(async (tx): Promise<Resolution> => {
        const identity = await repo.findIdentity(tx, provider, profile.subject);
        const emailUser = profile.email ? await userByEmail(tx, profile.email) : undefined;
        const linkIdentities = signIn.linkUserId
          ? await repo.identitiesOf(tx, signIn.linkUserId)
          : [];
        const decision = decideSocialSignIn(profile, {
          identityUserId: identity?.userId ?? null,
          emailUser: emailUser ?? null,
          linkUserId: signIn.linkUserId,
          linkUserHasProvider: linkIdentities.some((i) => i.provider === provider),
        });
        const link = (userId: number) =>
          repo.insertIdentity(tx, {
            provider,
            subject: profile.subject,
            userId,
            email: profile.email,
            createdAt: now(),
          });

        switch (decision.action) {
          case 'refuse':
            return { failure: decision.reason };
          case 'create': {
            const { row, mail } = await auth.createCandidateFromProvider(tx, {
              email: profile.email!,
              emailVerified: profile.emailVerified,
              campaignId: signIn.campaignId,
              firstName: profile.firstName,
              lastName: profile.lastName,
            });
            await link(row.id);
            return { outcome: 'created', userId: row.id, mail };
          }
          case 'signIn': {
            const user = await userById(tx, decision.userId);
            if (!user) return { failure: 'failed' };
            if (user.isBlocked) return { failure: 'blocked' };
            if (user.role !== 'candidate') return { failure: 'notCandidate' };
            if (decision.newIdentity) await link(user.id);
            if (profile.email && profile.emailVerified) {
              await auth.confirmEmailFromProvider(tx, user.id, profile.email);
            }
            return { outcome: 'signedIn', userId: user.id, mail: null };
          }
          case 'link':
            if (decision.newIdentity) await link(decision.userId);
            return { outcome: 'linked', userId: decision.userId, mail: null };
        }
      });
    } catch (error) {
      // The same provider account linked by a concurrent round trip.
      if (isUniqueViolation(error)) return { failure: 'linkedElsewhere' };
      throw error;
    }
  }

  return {
    enabledProviders() {
      return {
        items: providers.enabled().map((id) => ({ id, name: socialProviderNames[id] })),
      };
    },

    /**
     * Starts a round trip: the checks are stored server-side, tied to a random key the starting
     * browser keeps in a cookie; returns the provider's address and that key.
     */
    async start(
      provider: SocialProvider,
      options: { campaignId?: number; linkUserId?: number },
    ): Promise<{ url: string; browserKey: string }> {
      requireEnabled(provider);
      const at = now();
      const checks = {
        state: oidc.randomState(),
        nonce: config.socialProviders[provider]?.kind === 'oidc' ? oidc.randomNonce() : null,
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const browserKey = randomToken();
      let url: URL;
      try {
        url = await providers.authorizationUrl(provider, redirectUri(provider), checks);
      } catch (error) {
        // An unreachable provider: the browser goes straight to the failure message.
        deps.log.warn({ err: error, provider }, 'social sign-in provider unavailable');
        return { url: webPage(provider, { error: 'failed' }), browserKey };
      }
      const campaignId =
        options.campaignId && (await campaignExists(db, options.campaignId))
          ? options.campaignId
          : null;
      await repo.deleteExpiredSignIns(db, at);
      await repo.insertSignIn(db, {
        provider,
        ...checks,
        browserKeyHash: sha256(browserKey),
        campaignId,
        linkUserId: options.linkUserId ?? null,
        createdAt: at,
        expiresAt: new Date(at.getTime() + ROUND_TRIP_TTL_MS),
      });
      return { url: url.href, browserKey };
    },

    /**
     * The provider's redirect back. Whatever happens, the answer is the web page to send the
     * browser to: with a one-time code on success, with the reason otherwise.
     */
    async callback(
      provider: SocialProvider,
      query: URLSearchParams,
      browserKey: string | undefined,
    ): Promise<string> {
      requireEnabled(provider);
      const state = query.get('state');
      const signIn =
        state && browserKey
          ? await repo.finishSignIn(db, provider, state, sha256(browserKey), now())
          : undefined;
      // An unknown, expired, replayed or other browser's state never reaches the provider.
      if (!signIn) return webPage(provider, { error: 'failed' });

      let profile: ProviderProfile;
      try {
        const callbackUrl = new URL(`${redirectUri(provider)}?${query}`);
        profile = await providers.finish(provider, callbackUrl, signIn);
      } catch (error) {
        if (error instanceof ProviderDeclined && error.error === 'access_denied') {
          return webPage(provider, { error: 'abandoned' });
        }
        deps.log.warn({ err: error, provider }, 'social sign-in failed');
        return webPage(provider, { error: 'failed' });
      }

      const resolution = await resolveAccount(provider, profile, signIn);
      if ('failure' in resolution) return webPage(provider, { error: resolution.failure });
      const code = randomToken();
      await repo.recordOutcome(db, signIn.id, {
        outcome: resolution.outcome,
        userId: resolution.userId,
        handoffCodeHash: sha256(code),
      });
      if (resolution.mail) await auth.deliver(resolution.mail);
      return webPage(provider, { code });
    },

    /**
     * The web app's exchange of the one-time code: a new session for a sign-in or sign-up (its
     * token goes in the Authorization header), none for a link (the user is signed in already).
     */
    async exchange(
      provider: SocialProvider,
      code: string,
      browserKey: string | undefined,
      meta: RequestMeta,
    ): Promise<{ body: SocialSessionResponse; token?: string }> {
      requireEnabled(provider);
      // Only the browser that started the round trip may use its code.
      const signIn = browserKey
        ? await repo.useHandoff(db, provider, sha256(code), sha256(browserKey), now())
        : undefined;
      const outcome = socialOutcome.safeParse(signIn?.outcome);
      if (!signIn?.userId || !outcome.success) {
        throw new AppError('token_invalid', socialAuthMessages.handoffInvalid);
      }
      const message = socialMessage(provider, outcome.data);
      const base = { outcome: outcome.data, message, campaignId: signIn.campaignId };
      if (outcome.data === 'linked') {
        return { body: { ...base, user: await auth.userById(signIn.userId) } };
      }
      const signedIn = await auth.startSessionFor(signIn.userId, meta);
      return { body: { ...base, user: signedIn.user }, token: signedIn.token };
    },

    async identities(actor: Actor): Promise<SocialIdentitiesResponse> {
      const user = await userById(db, actor.userId);
      if (!user) throw notFound();
      const rows = await repo.identitiesOf(db, actor.userId);
      return {
        items: rows.map((r) => ({
          provider: r.provider,
          name: socialProviderNames[r.provider],
          email: r.email,
          createdAt: r.createdAt.toISOString(),
        })),
        hasPassword: user.passwordHash !== null,
      };
    },

    /** Removes a linked provider while another way to sign in remains. */
    async unlink(actor: Actor, provider: SocialProvider): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const user = await userById(tx, actor.userId);
        // Locked, so two removals at once cannot both leave the other as the last way in.
        const rows = await repo.identitiesOf(tx, actor.userId, true);
        const linked = rows.map((r) => r.provider);
        if (!user || !linked.includes(provider)) throw notFound();
        if (!canUnlink(provider, { hasPassword: user.passwordHash !== null, providers: linked })) {
          throw fieldError('provider', socialAuthMessages.lastWayIn(provider));
        }
        await repo.deleteIdentity(tx, actor.userId, provider);
      });
      return { message: socialAuthMessages.unlinked(provider) };
    },
  };
}

export type SocialAuthService = ReturnType<typeof createSocialAuthService>;
