import { authMessages } from '@pathways/shared/auth/auth.schemas';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema/index.ts';

import {
  bearer,
  createTestApp,
  createUser,
  loginAs,
  tokenOf,
  type TestApp,
} from '../../test/build-app.ts';
import { createPeople } from '../../test/principals.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const freshEmail = () => `Person${++n}.${Date.now()}@Example.test`;

async function register(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/candidates', payload });
}

async function registerCandidate(password = 'a-good-password') {
  const email = freshEmail();
  const res = await register({ email, password, passwordConfirmation: password });
  expect(res.statusCode).toBe(201);
  return { email: email.toLowerCase(), password, token: tokenOf(res)!, user: res.json() };
}

const me = (token: string | undefined) =>
  t.app.inject({ method: 'GET', url: '/api/candidate/candidate', headers: bearer(token) });

describe('register (POST /api/candidates)', () => {
  it('creates a candidate, signs them in and sends a confirmation link', async () => {
    const email = freshEmail();
    const res = await register({
      email,
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
    });
    expect(res.statusCode).toBe(201);
    expect(tokenOf(res)).toBeTruthy();
    const body = res.json();
    expect(body).toMatchObject({
      email: email.toLowerCase(),
      role: 'candidate',
      primary: false,
      confirmedAt: null,
    });
    expect(body.confirmationSentAt).not.toBeNull();
    expect(body).not.toHaveProperty('passwordHash');
    const mails = await t.mails();
    const mail = mails.findLast((m) => m.to === email.toLowerCase());
    expect(mail?.subject).toMatch(/confirm/i);
    expect(mail?.text).toMatch(/http:\/\/pathways\.test\/candidate\/confirm_email\/[\w-]{20,}/);
  });

  it('answers a missing e-mail and password with "is required" messages', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.email).toEqual([authMessages.emailRequired]);
    expect(errors.password).toEqual([authMessages.passwordRequired]);
  });

  it('rejects an invalid e-mail, a short password and a wrong confirmation, per field', async () => {
    const bad = await register({
      email: 'not-an-email',
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual([authMessages.emailInvalid]);
    const short = await register({
      email: freshEmail(),
      password: 'short',
      passwordConfirmation: 'short',
    });
    expect(short.json().errors.password).toEqual([authMessages.passwordTooShort]);
    const long = 'x'.repeat(129);
    expect(
      (await register({ email: freshEmail(), password: long, passwordConfirmation: long })).json()
        .errors.password,
    ).toEqual([authMessages.passwordTooLong]);
    const mismatch = await register({
      email: freshEmail(),
      password: 'a-good-password',
      passwordConfirmation: 'another-one',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.passwordConfirmation).toEqual([
      authMessages.confirmationMismatch,
    ]);
  });

  it('refuses an address already taken, whatever its case', async () => {
    const { email } = await registerCandidate();
    const res = await register({
      email: email.toUpperCase(),
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([authMessages.emailTaken]);
    expect(tokenOf(res)).toBeUndefined();
  });

  it('never lets a request body set protected fields', async () => {
    const res = await register({
      email: freshEmail(),
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
      role: 'admin',
      primary: true,
      isSuspended: true,
      confirmedAt: new Date().toISOString(),
      verifiedAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'candidate',
      primary: false,
      isSuspended: false,
      confirmedAt: null,
    });
    expect(decodeJwt(tokenOf(res)!).role).toBe('candidate');
  });

  it('registers from a stale campaign link without recording the unknown campaign', async () => {
    const res = await register({
      email: freshEmail(),
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
      campaignId: 987654,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row!.signupCampaignId).toBeNull();
    const bad = await register({
      email: freshEmail(),
      password: 'a-good-password',
      passwordConfirmation: 'a-good-password',
      campaignId: 'abc',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('campaignId');
  });

  it('answers malformed JSON with a 4xx, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('login, tokens and sessions', () => {
  it('logs in with the token in the Authorization header and the user in the body', async () => {
    const { email, password } = await registerCandidate();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, role: 'candidate' });
    const claims = decodeJwt(tokenOf(res)!);
    expect(claims).toMatchObject({ sub: String(res.json().id), role: 'candidate' });
    expect(claims.sid).toEqual(expect.any(String));
    expect(claims.exp! - claims.iat!).toBe(30 * 60);
  });

  it('answers wrong credentials with 401 and no token', async () => {
    const { email } = await registerCandidate();
    for (const payload of [
      { email, password: 'wrong-password' },
      { email: 'nobody@example.test', password: 'whatever-password' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.headers.authorization).toBeUndefined();
      expect(res.json().message).toBe(authMessages.loginFailed);
    }
  });

  it('answers a blocked account with 403 and isBlocked', async () => {
    const blocked = await createUser(t.database, { role: 'candidate', isBlocked: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: blocked.email, password: blocked.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isBlocked: true, message: authMessages.blocked });
    expect(res.headers.authorization).toBeUndefined();
  });

  it('validates the login body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      email: [authMessages.emailRequired],
      password: [authMessages.passwordRequired],
    });
  });

  it('rejects missing, tampered, foreign-key and alg:none tokens', async () => {
    const { token } = await registerCandidate();
    expect((await me(token)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/candidate/candidate' })).statusCode,
    ).toBe(401);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url');
    expect((await me(`${h}.${forged}.${s}`)).statusCode).toBe(401);
    expect((await me(`${token.slice(0, -2)}xx`)).statusCode).toBe(401);
    const none = new UnsecuredJWT(payload).encode();
    expect((await me(none)).statusCode).toBe(401);
    const otherKey = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await me(otherKey)).statusCode).toBe(401);
    const hs512 = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await me(hs512)).statusCode).toBe(401);
  });

  it('expires after 30 idle minutes, and a refresh while active keeps the session going', async () => {
    const { token } = await registerCandidate();
    t.clock.advance(20 * MIN);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: bearer(token),
    });
    expect(refreshed.statusCode).toBe(200);
    const next = tokenOf(refreshed)!;
    expect(next).not.toBe(token);
    t.clock.advance(25 * MIN);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(token)).json().code).toBe('session_expired');
    expect((await me(next)).statusCode).toBe(200);
    t.clock.advance(31 * MIN);
    expect((await me(next)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(next) }))
        .statusCode,
    ).toBe(401);
  });

  it('ends a session 12 hours after login however active it is', async () => {
    let { token } = await registerCandidate();
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MIN; elapsed += 20 * MIN) {
      t.clock.advance(20 * MIN);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      token = tokenOf(res)!;
    }
    // The last token never outlives the session's absolute end.
    t.clock.advance(20 * MIN);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('revokes the session on logout at once', async () => {
    const { email, password } = await registerCandidate();
    const first = await loginAs(t.app, email, password);
    const second = await loginAs(t.app, email, password);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/session',
      headers: bearer(first),
    });
    expect(out.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('records consent to the terms once', async () => {
    const { token } = await registerCandidate();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/candidates/accept_terms',
      headers: bearer(token),
    });
    expect(first.statusCode).toBe(200);
    t.clock.advance(MIN);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/candidates/accept_terms',
      headers: bearer(token),
    });
    expect(again.json().termsAcceptedAt).toBe(first.json().termsAcceptedAt);
    expect((await me(token)).json().termsAcceptedAt).toBe(first.json().termsAcceptedAt);
  });
});

describe('own addresses', () => {
  it("gives a client their own record with the organization, and 404 for anyone else's", async () => {
    const p = await createPeople(t);
    const client = p.users.primary;
    const colleague = p.users.bystander;
    const token = p.byWho.primary.token!;
    expect(decodeJwt(token)).toMatchObject({ role: 'client', primary: true });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/client/clients/${client.id}`,
      headers: bearer(token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: client.id,
      primary: true,
      organizationId: client.organizationId,
    });
    // A colleague's id answers the colleague as the managers list shows them; any other id 404.
    const colleagueRes = await t.app.inject({
      method: 'GET',
      url: `/api/client/clients/${colleague.id}`,
      headers: bearer(token),
    });
    expect(colleagueRes.json()).toEqual({ client: expect.objectContaining({ id: colleague.id }) });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/client/clients/999999',
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/client/clients/abc',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('e-mail confirmation', () => {
  const follow = (linkToken: string) =>
    t.app.inject({ method: 'GET', url: `/api/candidate/confirmation?token=${linkToken}` });
  const lastLinkToken = async () => (await t.links('confirm_email')).at(-1)!.split('/').at(-1)!;
  const alreadyConfirmed = { confirmed: true, message: authMessages.alreadyConfirmed };

  it('confirms with the link and answers the user once; followed again, it says only that', async () => {
    const { email, token } = await registerCandidate();
    const linkToken = await lastLinkToken();
    const res = await follow(linkToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email });
    expect(res.json().confirmedAt).not.toBeNull();
    expect((await me(token)).json().confirmedAt).not.toBeNull();
    const again = await follow(linkToken);
    expect(again.statusCode).toBe(200);
    // Whoever holds a used link learns nothing about the account.
    expect(again.json()).toStrictEqual(alreadyConfirmed);
    for (const key of ['id', 'email', 'firstName', 'lastName', 'avatar', 'role']) {
      expect(again.json()).not.toHaveProperty(key);
    }
  });

  it('answers the user to only one of two requests following the link at once', async () => {
    await registerCandidate();
    const linkToken = await lastLinkToken();
    const answers = await Promise.all([follow(linkToken), follow(linkToken)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const withUser = answers.filter((a) => 'email' in a.json());
    expect(withUser).toHaveLength(1);
    expect(answers.map((a) => a.json())).toContainEqual(alreadyConfirmed);
  });

  it('says only "already confirmed" for a used link past its validity', async () => {
    await registerCandidate();
    const linkToken = await lastLinkToken();
    expect((await follow(linkToken)).json()).toHaveProperty('email');
    t.clock.advance(24 * HOUR + MIN);
    const late = await follow(linkToken);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toStrictEqual(alreadyConfirmed);
  });

  it('keeps a link from before an e-mail change from confirming or telling anything', async () => {
    const { email, password, token } = await registerCandidate();
    const first = await lastLinkToken();
    expect((await follow(first)).json()).toMatchObject({ email });
    const newEmail = freshEmail().toLowerCase();
    const change = await t.app.inject({
      method: 'PATCH',
      url: '/api/candidate/candidate',
      headers: bearer(token),
      payload: { candidate: { email: newEmail, currentPassword: password } },
    });
    expect(change.statusCode).toBe(200);
    const second = await lastLinkToken();
    expect(second).not.toBe(first);
    // The old address's link, used, no longer speaks for the account's address.
    const old = await follow(first);
    expect(old.statusCode).toBe(422);
    expect(old.json().code).toBe('token_invalid');
    expect(old.json()).not.toHaveProperty('email');
    const confirmed = await follow(second);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newEmail, unconfirmedEmail: null });
    expect((await follow(second)).json()).toStrictEqual(alreadyConfirmed);
    expect((await follow(first)).json().code).toBe('token_invalid');
  });

  it('refuses an unused link replaced by an e-mail change, leaving the account as it was', async () => {
    const { email, password, token } = await registerCandidate();
    const first = await lastLinkToken();
    const newEmail = freshEmail().toLowerCase();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/candidate/candidate',
      headers: bearer(token),
      payload: { candidate: { email: newEmail, currentPassword: password } },
    });
    const res = await follow(first);
    expect(res.json().code).toBe('token_invalid');
    expect((await me(token)).json()).toMatchObject({
      email,
      unconfirmedEmail: newEmail,
      confirmedAt: null,
    });
  });

  it('says an old link has expired, and a resend by that link sends one that works', async () => {
    await registerCandidate();
    const linkToken = (await t.links('confirm_email')).at(-1)!.split('/').at(-1)!;
    t.clock.advance(24 * HOUR + MIN);
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/candidate/confirmation?token=${linkToken}`,
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().code).toBe('token_expired');
    const before = (await t.links('confirm_email')).length;
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/candidate/confirmation/resend',
      payload: { token: linkToken },
    });
    expect(resend.statusCode).toBe(200);
    const links = await t.links('confirm_email');
    expect(links.length).toBe(before + 1);
    const fresh = links.at(-1)!.split('/').at(-1)!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/candidate/confirmation?token=${fresh}` }))
        .statusCode,
    ).toBe(200);
  });

  it('rejects unknown tokens and tokens of another role', async () => {
    await registerCandidate();
    const linkToken = (await t.links('confirm_email')).at(-1)!.split('/').at(-1)!;
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/confirmation?token=nope',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('token_invalid');
    const otherRole = await t.app.inject({
      method: 'GET',
      url: `/api/client/confirmation?token=${linkToken}`,
    });
    expect(otherRole.json().code).toBe('token_invalid');
    const missing = await t.app.inject({ method: 'GET', url: '/api/candidate/confirmation' });
    expect(missing.statusCode).toBe(422);
    const badRole = await t.app.inject({
      method: 'GET',
      url: `/api/admin/confirmation?token=${linkToken}`,
    });
    expect(badRole.statusCode).toBe(422);
  });

  it('resends to a signed-in candidate, and only the newest link works', async () => {
    const { token } = await registerCandidate();
    const first = (await t.links('confirm_email')).at(-1)!.split('/').at(-1)!;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/candidate/send_email_confirmation',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const second = (await t.links('confirm_email')).at(-1)!.split('/').at(-1)!;
    expect(second).not.toBe(first);
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/candidate/confirmation?token=${first}` })
      ).json().code,
    ).toBe('token_invalid');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/candidate/confirmation?token=${second}` }))
        .statusCode,
    ).toBe(200);
  });
});

describe('password reset', () => {
  it('gives the same answer whether or not the address exists, and mails only real accounts', async () => {
    const { email } = await registerCandidate();
    const before = (await t.links('password_reset')).length;
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/candidate/password',
      payload: { email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/candidate/password',
      payload: { email: 'ghost@example.test' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect((await t.links('password_reset')).length).toBe(before + 1);
  });

  it('sets a new password, ends every session, and the link works once', async () => {
    const { email, password, token } = await registerCandidate();
    const other = await loginAs(t.app, email, password);
    await t.app.inject({ method: 'POST', url: '/api/candidate/password', payload: { email } });
    const link = (await t.links('password_reset')).at(-1)!;
    expect(link).toContain('/candidate/password_reset/');
    const resetToken = link.split('/').at(-1)!;
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/password',
      payload: {
        token: resetToken,
        password: 'brand-new-password',
        passwordConfirmation: 'different',
      },
    });
    expect(mismatch.json().errors.passwordConfirmation).toEqual([
      authMessages.confirmationMismatch,
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/password',
      payload: {
        token: resetToken,
        password: 'brand-new-password',
        passwordConfirmation: 'brand-new-password',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(oldLogin.statusCode).toBe(401);
    expect(await loginAs(t.app, email, 'brand-new-password')).toBeTruthy();
    const reuse = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/password',
      payload: {
        token: resetToken,
        password: 'another-password',
        passwordConfirmation: 'another-password',
      },
    });
    expect(reuse.json().code).toBe('token_invalid');
  });

  it('refuses an expired reset link', async () => {
    const { email } = await registerCandidate();
    await t.app.inject({ method: 'POST', url: '/api/candidate/password', payload: { email } });
    const resetToken = (await t.links('password_reset')).at(-1)!.split('/').at(-1)!;
    t.clock.advance(24 * HOUR + MIN);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/password',
      payload: {
        token: resetToken,
        password: 'brand-new-password',
        passwordConfirmation: 'brand-new-password',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('token_expired');
  });

  it('resets a client password through the client path', async () => {
    const client = await createUser(t.database, { role: 'client' });
    await t.app.inject({
      method: 'POST',
      url: '/api/client/password',
      payload: { email: client.email },
    });
    const link = (await t.links('password_reset')).at(-1)!;
    expect(link).toContain('/client/password_reset/');
  });
});

describe('health and documentation', () => {
  it('reports health with a database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    expect(doc.paths['/api/candidates']).toBeDefined();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
