import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { accountMessages, authMessages } from '@pathways/shared/auth/auth.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { candidateProfiles, users } from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedInCandidate() {
  const user = await createUser(t.database, { role: 'candidate' });
  return { ...user, token: await loginAs(t.app, user.email, user.password) };
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/candidate/candidate', headers: bearer(token) });

describe('change e-mail (PATCH /api/candidate/candidate)', () => {
  it('keeps the old address until the new one is confirmed through its link', async () => {
    const c = await signedInCandidate();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/candidate/candidate',
      headers: bearer(c.token),
      payload: { candidate: { email: 'New.Address@Example.test', currentPassword: c.password } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: c.email,
      unconfirmedEmail: 'new.address@example.test',
      message: accountMessages.emailChangeSent,
    });
    const mail = (await t.mails()).at(-1)!;
    expect(mail.to).toBe('new.address@example.test');
    const token = mail.text.match(/confirm_email\/([\w-]+)/)![1]!;
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/candidate/confirmation?token=${token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      email: 'new.address@example.test',
      unconfirmedEmail: null,
    });
    expect(await loginAs(t.app, 'new.address@example.test', c.password)).toBeTruthy();
  });

  it('asks for the current password, and refuses a wrong one, a taken address and the same address', async () => {
    const c = await signedInCandidate();
    const other = await createUser(t.database, { role: 'candidate' });
    const patch = (candidate: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/candidate/candidate',
        headers: bearer(c.token),
        payload: { candidate },
      });
    expect((await patch({ email: 'x1@example.test' })).json().errors).toEqual({
      currentPassword: [accountMessages.currentPasswordRequired],
    });
    expect(
      (await patch({ email: 'x1@example.test', currentPassword: 'wrong' })).json().errors,
    ).toEqual({
      currentPassword: [accountMessages.currentPasswordWrong],
    });
    expect(
      (await patch({ email: other.email, currentPassword: c.password })).json().errors,
    ).toEqual({ email: [authMessages.emailTaken] });
    expect((await patch({ email: c.email, currentPassword: c.password })).json().errors).toEqual({
      email: [accountMessages.sameEmail],
    });
    expect((await patch({ email: 'nope', currentPassword: c.password })).json().errors).toEqual({
      email: [authMessages.emailInvalid],
    });
    const unchanged = await me(c.token);
    expect(unchanged.json()).toMatchObject({ email: c.email, unconfirmedEmail: null });
  });

  it('never changes protected fields', async () => {
    const c = await signedInCandidate();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/candidate/candidate',
      headers: bearer(c.token),
      payload: {
        candidate: { role: 'admin', primary: true, isSuspended: true, confirmedAt: null },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'candidate', primary: false, isSuspended: false });
    expect(res.json().confirmedAt).not.toBeNull();
  });
});

describe('change password (PUT /api/candidate/candidate/password)', () => {
  it('changes it, keeps this session and ends the others', async () => {
    const c = await signedInCandidate();
    const elsewhere = await loginAs(t.app, c.email, c.password);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/candidate/password',
      headers: bearer(c.token),
      payload: {
        currentPassword: c.password,
        password: 'a-brand-new-one',
        passwordConfirmation: 'a-brand-new-one',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(c.token)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect(await loginAs(t.app, c.email, 'a-brand-new-one')).toBeTruthy();
  });

  it('answers a wrong current password and a mismatch per field', async () => {
    const c = await signedInCandidate();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/candidate/password',
      headers: bearer(c.token),
      payload: {
        currentPassword: 'wrong-one',
        password: 'a-brand-new-one',
        passwordConfirmation: 'a-brand-new-one',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ currentPassword: [accountMessages.currentPasswordWrong] });
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/candidate/password',
      headers: bearer(c.token),
      payload: {
        currentPassword: c.password,
        password: 'a-brand-new-one',
        passwordConfirmation: 'other',
      },
    });
    expect(mismatch.json().errors).toEqual({
      passwordConfirmation: [authMessages.confirmationMismatch],
    });
  });
});

describe('my data', () => {
  it('downloads everything about me as a JSON attachment, without secrets', async () => {
    const c = await signedInCandidate();
    await t.database.db
      .insert(candidateProfiles)
      .values({ userId: c.id, biography: 'I build bridges.' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/candidate/export',
      headers: bearer(c.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pathways-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({
      id: c.id,
      email: c.email,
      profile: { biography: 'I build bridges.' },
    });
    expect(data.account.applications).toEqual([]);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('argon2');
  });

  it('deletes the account after the password is confirmed', async () => {
    const c = await signedInCandidate();
    const del = (currentPassword: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/candidate/candidate',
        headers: bearer(c.token),
        payload: { currentPassword },
      });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/candidate',
      headers: bearer(c.token),
      payload: {},
    });
    expect(missing.json().errors).toEqual({
      currentPassword: [accountMessages.currentPasswordRequired],
    });
    const wrong = await del('not-my-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      currentPassword: [accountMessages.currentPasswordWrong],
    });
    expect((await t.database.db.select().from(users).where(eq(users.id, c.id))).length).toBe(1);
    expect((await del(c.password)).statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, c.id))).toEqual([]);
    expect((await me(c.token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: c.email, password: c.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('removes the stored files of a deleted account', async () => {
    const c = await signedInCandidate();
    const boundary = 'pathways-test-boundary';
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ntranscript\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="marks.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/candidate/documents',
      headers: { ...bearer(c.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode).toBe(201);
    const folder = join(t.config.dataDir, 'uploads', 'users', String(c.id));
    expect(existsSync(folder)).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/candidate',
      headers: bearer(c.token),
      payload: { currentPassword: c.password },
    });
    expect(res.statusCode).toBe(204);
    expect(existsSync(folder)).toBe(false);
  });

  it('is for candidates only', async () => {
    const client = await createUser(t.database, { role: 'client' });
    const token = await loginAs(t.app, client.email, client.password);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/candidate/export',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
  });
});
