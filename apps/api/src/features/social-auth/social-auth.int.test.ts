import { socialMessage } from '@pathways/shared/social-auth/social-auth.schemas';
import { eq } from 'drizzle-orm';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { campaigns, socialIdentities, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  createUser,
  loginAs,
  tokenOf,
  type TestApp,
} from '../../test/build-app.ts';
import { createOrganization } from '../../test/factories.ts';

// Social sign-in against a real OpenID Connect server started here: Google over OpenID Connect
// (discovery, nonce, PKCE), Facebook over plain OAuth 2 (its endpoints on the same server), and
// LinkedIn left unconfigured.

let t: TestApp;
let provider: OAuth2Server;
let campaignId: number;

/** Who the provider says its user is on the next round trips. */
let person: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, 'localhost');
  const issuer = provider.issuer.url!;
  // The ID token (the one without a scope) and the user info carry the person.
  provider.service.on(Events.BeforeTokenSigning, (token) => {
    if (!('scope' in token.payload)) Object.assign(token.payload, person);
  });
  provider.service.on(Events.BeforeUserinfo, (response) => {
    response.body = { id: person.sub, sub: person.sub, ...person };
  });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: issuer,
      FACEBOOK_CLIENT_ID: 'facebook-client',
      FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      FACEBOOK_AUTHORIZATION_URL: `${issuer}/authorize`,
      FACEBOOK_TOKEN_URL: `${issuer}/token`,
      FACEBOOK_USERINFO_URL: `${issuer}/userinfo`,
    },
  });
  const organization = await createOrganization(t.database);
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({
      slug: 'social-camp',
      name: 'Social',
      kind: 'organization',
      organizationId: organization.id,
    })
    .returning();
  campaignId = campaign!.id;
});

afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

let counter = 0;
beforeEach(() => {
  counter += 1;
  person = {
    sub: `subject-${counter}`,
    email: `social${counter}@example.test`,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
  };
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

interface RoundTrip {
  /** The provider's redirect back to the callback. */
  callback: string;
  cookie: string;
  /** The scope and other parameters the provider was asked for. */
  asked: URL;
}

/** Starts a round trip (sign-in, or a link with a token) and lets the provider answer. */
async function toProvider(
  name: 'google' | 'facebook',
  options: { token?: string; campaignId?: number } = {},
): Promise<RoundTrip> {
  let location: string;
  let setCookie: string | string[] | undefined;
  if (options.token) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/candidate/auth/${name}`,
      headers: bearer(options.token),
    });
    expect(res.statusCode).toBe(200);
    location = res.json<{ url: string }>().url;
    setCookie = res.headers['set-cookie'];
  } else {
    const query = options.campaignId ? `?campaignId=${options.campaignId}` : '';
    const res = await t.app.inject({ method: 'GET', url: `/api/candidate/auth/${name}${query}` });
    expect(res.statusCode).toBe(302);
    location = String(res.headers.location);
    setCookie = res.headers['set-cookie'];
  }
  const answer = await fetch(location, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return {
    callback: answer.headers.get('location')!,
    cookie: cookieOf(setCookie),
    asked: new URL(location),
  };
}

/** The browser's cookie beside each web page a callback landed on. */
const cookieOfPage = new WeakMap<URL, string>();

/** The callback, as the browser with the cookie follows it: the web page it lands on. */
async function callback(trip: RoundTrip, url = trip.callback, cookie = trip.cookie) {
  const path = new URL(url).pathname + new URL(url).search;
  const res = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
  expect(res.statusCode).toBe(302);
  const page = new URL(String(res.headers.location));
  cookieOfPage.set(page, cookie);
  return page;
}

/** The web page's exchange of its one-time code, from the same browser unless told otherwise. */
async function exchange(name: 'google' | 'facebook', page: URL, cookie = cookieOfPage.get(page)) {
  const code = page.searchParams.get('code');
  expect(code, `landed on ${page.href}`).toBeTruthy();
  return t.app.inject({
    method: 'POST',
    url: `/api/candidate/auth/${name}/session`,
    headers: cookie ? { cookie } : {},
    payload: { code },
  });
}

async function signInWith(name: 'google' | 'facebook', options: { campaignId?: number } = {}) {
  const page = await callback(await toProvider(name, options));
  return exchange(name, page);
}

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('providers', () => {
  it('lists only the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({
      items: [
        { id: 'google', name: 'Google' },
        { id: 'facebook', name: 'Facebook' },
      ],
    });
  });

  it('answers 404 for a provider that is not configured', async () => {
    for (const url of [
      '/api/candidate/auth/linkedin',
      '/api/candidate/auth/linkedin/callback?code=x&state=y',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('asks Google with state, nonce and an S256 PKCE challenge for the basic scopes only', async () => {
    const { asked } = await toProvider('google');
    expect(asked.searchParams.get('scope')).toBe('openid email profile');
    expect(asked.searchParams.get('state')).toBeTruthy();
    expect(asked.searchParams.get('nonce')).toBeTruthy();
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('redirect_uri')).toBe(
      'http://pathways.test/api/candidate/auth/google/callback',
    );
  });

  it('asks Facebook for the e-mail address and public profile, with state and PKCE', async () => {
    const { asked } = await toProvider('facebook');
    expect(asked.searchParams.get('scope')).toBe('email public_profile');
    expect(asked.searchParams.get('code_challenge')).toBeTruthy();
  });

  it('keeps the round trip in an httpOnly cookie scoped to the provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/candidate/auth/google' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/candidate\/auth\/google/);
  });
});

describe('signing up and in', () => {
  it('creates a confirmed candidate for a new verified e-mail, with the campaign', async () => {
    const res = await signInWith('google', { campaignId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.outcome).toBe('created');
    expect(body.message).toBe(socialMessage('google', 'created'));
    expect(body.campaignId).toBe(campaignId);
    expect(body.user).toMatchObject({ email: person.email, role: 'candidate', firstName: 'Ada' });
    expect(body.user.confirmedAt).not.toBeNull();
    const token = tokenOf(res);
    expect(token).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/candidate',
      headers: bearer(token),
    });
    expect(me.json().email).toBe(person.email);
    const row = await userByEmail(String(person.email));
    expect(row?.signupCampaignId).toBe(campaignId);
    expect(row?.passwordHash).toBeNull();
  });

  it('lets an account made through a provider change its e-mail without a password, confirmed by link', async () => {
    const res = await signInWith('google');
    const token = tokenOf(res);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/candidate/candidate',
      headers: bearer(token),
      payload: { candidate: { email: 'ada.new@example.test' } },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().email).toBe(person.email);
    const row = await userByEmail(String(person.email));
    expect(row?.unconfirmedEmail).toBe('ada.new@example.test');
  });

  it('lets an account made through a provider delete itself without a password', async () => {
    const res = await signInWith('google');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/candidate',
      headers: bearer(tokenOf(res)),
      payload: {},
    });
    expect(gone.statusCode).toBe(204);
    expect(await userByEmail(String(person.email))).toBeUndefined();
  });

  it('signs the same provider account in again', async () => {
    const first = await signInWith('google');
    const second = await signInWith('google');
    expect(second.json().outcome).toBe('signedIn');
    expect(second.json().message).toBe(socialMessage('google', 'signedIn'));
    expect(second.json().user.id).toBe(first.json().user.id);
    expect(tokenOf(second)).toBeTruthy();
  });

  it('does not confirm an e-mail the provider has not verified, and sends a confirmation link', async () => {
    person.email_verified = false;
    const res = await signInWith('google');
    expect(res.json().outcome).toBe('created');
    expect(res.json().user.confirmedAt).toBeNull();
    expect(res.json().user.confirmationSentAt).not.toBeNull();
    const mails = await t.mails();
    expect(mails.some((m) => m.to.includes(String(person.email)))).toBe(true);
  });

  it('signs a verified known e-mail into that account and links the provider', async () => {
    const existing = await createUser(t.database, {
      role: 'candidate',
      email: String(person.email),
    });
    const res = await signInWith('google');
    expect(res.json().outcome).toBe('signedIn');
    expect(res.json().user.id).toBe(existing.id);
    const links = await t.database.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, existing.id));
    expect(links.map((l) => [l.provider, l.subject])).toEqual([['google', person.sub]]);
  });

  it('refuses an unverified e-mail that belongs to an existing account', async () => {
    await createUser(t.database, { role: 'candidate', email: String(person.email) });
    person.email_verified = false;
    const page = await callback(await toProvider('google'));
    expect(page.pathname).toBe('/candidate/auth/google');
    expect(page.searchParams.get('error')).toBe('emailTaken');
    expect(page.searchParams.get('code')).toBeNull();
  });

  it('signs no client user in through a provider', async () => {
    await createUser(t.database, { role: 'client', email: String(person.email) });
    const page = await callback(await toProvider('google'));
    expect(page.searchParams.get('error')).toBe('notCandidate');
  });

  it('refuses a blocked candidate', async () => {
    await createUser(t.database, {
      role: 'candidate',
      isBlocked: true,
      email: String(person.email),
    });
    const page = await callback(await toProvider('google'));
    expect(page.searchParams.get('error')).toBe('blocked');
  });

  it('creates an unconfirmed candidate through Facebook (its e-mail is never taken as verified)', async () => {
    const res = await signInWith('facebook');
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('created');
    expect(res.json().message).toBe(socialMessage('facebook', 'created'));
    expect(res.json().user.email).toBe(person.email);
    expect(res.json().user.confirmedAt).toBeNull();
  });
});

describe('linking and removing', () => {
  it('links the provider to the signed-in account, even under another e-mail', async () => {
    const owner = await createUser(t.database, { role: 'candidate' });
    const token = await loginAs(t.app, owner.email, owner.password);
    const page = await callback(await toProvider('google', { token }));
    const res = await exchange('google', page);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('linked');
    expect(res.json().message).toBe(socialMessage('google', 'linked'));
    expect(res.json().user.id).toBe(owner.id);
    // The user stays in the session they have.
    expect(res.headers.authorization).toBeUndefined();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/candidate/identities',
      headers: bearer(token),
    });
    expect(list.json()).toMatchObject({
      hasPassword: true,
      items: [{ provider: 'google', name: 'Google', email: person.email }],
    });
    // Signing in with it now reaches the linked account.
    const again = await signInWith('google');
    expect(again.json().user.id).toBe(owner.id);
  });

  it('refuses to link a provider account that another user has', async () => {
    await signInWith('google');
    const other = await createUser(t.database, { role: 'candidate' });
    const token = await loginAs(t.app, other.email, other.password);
    const page = await callback(await toProvider('google', { token }));
    expect(page.searchParams.get('error')).toBe('linkedElsewhere');
  });

  it('removes a linked provider while a password remains', async () => {
    const owner = await createUser(t.database, { role: 'candidate' });
    const token = await loginAs(t.app, owner.email, owner.password);
    await exchange('google', await callback(await toProvider('google', { token })));
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/candidate/identities/google',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Google is no longer linked to your account.');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/candidate/identities',
      headers: bearer(token),
    });
    expect(list.json().items).toEqual([]);
  });

  it('refuses to remove the only way to log in, and allows it once another provider is linked', async () => {
    const token = tokenOf(await signInWith('google'))!;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/candidate/identities/google',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      provider: [
        'Google is your only way to log in. Set a password or link another provider before you remove it.',
      ],
    });
    person.sub = `${String(person.sub)}-facebook`;
    await exchange('facebook', await callback(await toProvider('facebook', { token })));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/candidate/identities/google',
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
  });

  it('answers 404 for removing a provider that is not linked, and 401 for a guest', async () => {
    const owner = await createUser(t.database, { role: 'candidate' });
    const token = await loginAs(t.app, owner.email, owner.password);
    const url = '/api/candidate/candidate/identities/facebook';
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/candidate/auth/google' })).statusCode,
    ).toBe(401);
  });
});

describe('refusals', () => {
  it('reports abandonment when the user turns the provider down', async () => {
    provider.service.once(Events.BeforeAuthorizeRedirect, ({ url }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    const page = await callback(await toProvider('google'));
    expect(page.searchParams.get('error')).toBe('abandoned');
    expect(socialMessage('google', 'abandoned')).toMatch(/abandoned/);
  });

  it('refuses a tampered state', async () => {
    const trip = await toProvider('google');
    const tampered = new URL(trip.callback);
    tampered.searchParams.set('state', 'forged-state');
    expect((await callback(trip, tampered.href)).searchParams.get('error')).toBe('failed');
  });

  it("refuses a callback without the starting browser's cookie", async () => {
    const trip = await toProvider('google');
    const page = await callback(trip, trip.callback, 'pathways_social_google=someone-else');
    expect(page.searchParams.get('error')).toBe('failed');
  });

  it('refuses a replayed code, and a one-time code used twice', async () => {
    const trip = await toProvider('google');
    const page = await callback(trip);
    expect((await callback(trip)).searchParams.get('error')).toBe('failed');
    expect((await exchange('google', page)).statusCode).toBe(200);
    const again = await exchange('google', page);
    expect(again.statusCode).toBe(422);
    expect(tokenOf(again)).toBeUndefined();
  });

  it('refuses the one-time code from another browser', async () => {
    const page = await callback(await toProvider('google'));
    const elsewhere = await exchange('google', page, 'pathways_social_google=another-browser');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toBe(
      'This sign-in has expired or was already used. Please try again.',
    );
    expect((await exchange('google', page, '')).statusCode).toBe(422);
    expect((await exchange('google', page)).statusCode).toBe(200);
  });

  it('refuses an ID token with the wrong nonce', async () => {
    person.nonce = 'not-the-nonce-we-sent';
    const page = await callback(await toProvider('google'));
    expect(page.searchParams.get('error')).toBe('failed');
    expect(await userByEmail(String(person.email))).toBeUndefined();
  });

  it('refuses an ID token for another client', async () => {
    person.aud = 'someone-elses-client';
    const page = await callback(await toProvider('google'));
    expect(page.searchParams.get('error')).toBe('failed');
  });
});
