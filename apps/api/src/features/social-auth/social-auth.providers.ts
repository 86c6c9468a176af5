import type { ProviderProfile } from '@pathways/shared/social-auth/social-auth.rules';
import type { SocialProvider } from '@pathways/shared/social-auth/social-auth.schemas';
import * as oidc from 'openid-client';

import type {
  OAuthProviderConfig,
  OidcProviderConfig,
  SocialProvidersConfig,
} from '../../config/env.ts';

// Google and LinkedIn ask for no more than the OpenID Connect basics; Facebook (plain OAuth 2)
// for the e-mail address and the public profile.
const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email profile',
  linkedin: 'openid profile email',
  facebook: 'email public_profile',
};

/** What the callback must check, kept server-side between the two legs of the round trip. */
export interface RoundTripChecks {
  state: string;
  nonce: string | null;
  codeVerifier: string;
}

/** The provider answered with an error instead of a code; `access_denied` is the user saying no. */
export class ProviderDeclined extends Error {
  readonly error: string;
  constructor(error: string) {
    super(`provider answered ${error}`);
    this.error = error;
  }
}

// Plain-http provider addresses are for tests and local servers, never for a real provider.
const isLocal = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return (
    protocol === 'http:' &&
    (hostname === 'localhost' || hostname === '::1' || /^127\./.test(hostname))
  );
};

const insecureIfLocal = (config: oidc.Configuration, url: string) => {
  if (isLocal(url)) oidc.allowInsecureRequests(config);
};

function oauthConfiguration(p: OAuthProviderConfig): oidc.Configuration {
  const config = new oidc.Configuration(
    {
      // The authorization server's origin stands for its issuer (https://www.facebook.com).
      issuer: new URL(p.authorizationUrl).origin,
      authorization_endpoint: p.authorizationUrl,
      token_endpoint: p.tokenUrl,
    },
    p.clientId,
    p.clientSecret,
  );
  insecureIfLocal(config, p.tokenUrl);
  return config;
}

async function oidcConfiguration(p: OidcProviderConfig): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, {
    execute: isLocal(p.issuer) ? [oidc.allowInsecureRequests] : [],
  });
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

export interface SocialProviders {
  enabled(): SocialProvider[];
  isEnabled(provider: SocialProvider): boolean;
  authorizationUrl(
    provider: SocialProvider,
    redirectUri: string,
    checks: RoundTripChecks,
  ): Promise<URL>;
  /** Exchanges the code (state, PKCE and, for OpenID Connect, nonce checked) for the profile. */
  finish(
    provider: SocialProvider,
    callbackUrl: URL,
    checks: RoundTripChecks,
  ): Promise<ProviderProfile>;
}

/**
 * The configured providers through openid-client: discovery (cached; retried after a failure),
 * the authorization URL with state, nonce and a PKCE challenge, and the code grant that checks
 * them on the way back.
 */
export function createSocialProviders(settings: SocialProvidersConfig): SocialProviders {
  const cache = new Map<SocialProvider, Promise<oidc.Configuration>>();

  function configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    const cached = cache.get(provider);
    if (cached) return cached;
    const p = settings[provider];
    if (!p) throw new Error(`${provider} is not configured`);
    const made = p.kind === 'oidc' ? oidcConfiguration(p) : Promise.resolve(oauthConfiguration(p));
    made.catch(() => cache.delete(provider));
    cache.set(provider, made);
    return made;
  }

  async function oauthProfile(
    config: oidc.Configuration,
    p: OAuthProviderConfig,
    accessToken: string,
  ): Promise<ProviderProfile> {
    const response = await oidc.fetchProtectedResource(
      config,
      accessToken,
      new URL(p.userinfoUrl),
      'GET',
    );
    if (!response.ok) throw new Error(`profile request answered ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    const subject = text(body.id) ?? text(body.sub);
    if (!subject) throw new Error('the profile has no id');
    return {
      subject,
      email: text(body.email)?.toLowerCase() ?? null,
      // Facebook does not say whether it verified the address, so it never counts as verified.
      emailVerified: false,
      firstName: text(body.first_name) ?? text(body.given_name),
      lastName: text(body.last_name) ?? text(body.family_name),
    };
  }

  return {
    enabled: () => (['google', 'facebook', 'linkedin'] as const).filter((p) => settings[p]),
    isEnabled: (provider) => Boolean(settings[provider]),

    async authorizationUrl(provider, redirectUri, checks) {
      const config = await configuration(provider);
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPES[provider],
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (checks.nonce) params.nonce = checks.nonce;
      return oidc.buildAuthorizationUrl(config, params);
    },

    async finish(provider, callbackUrl, checks) {
      const declined = callbackUrl.searchParams.get('error');
      if (declined) throw new ProviderDeclined(declined);
      const config = await configuration(provider);
      const p = settings[provider]!;
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
        ...(p.kind === 'oidc'
          ? { expectedNonce: checks.nonce ?? undefined, idTokenExpected: true }
          : {}),
      });
      if (p.kind === 'oauth2') return oauthProfile(config, p, tokens.access_token);

      const claims = tokens.claims()!;
      let info: Record<string, unknown> = claims;
      // Some providers put the e-mail address only in the user info, not in the ID token.
      if (!text(claims.email)) {
        info = {
          ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)),
          ...claims,
        };
      }
      return {
        subject: claims.sub,
        email: text(info.email)?.toLowerCase() ?? null,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        firstName: text(info.given_name),
        lastName: text(info.family_name),
      };
    },
  };
}
