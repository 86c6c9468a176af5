import { authMessages } from '@pathways/shared/auth/auth.schemas';
import { managerMessages } from '@pathways/shared/managers/managers.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import {
  type ClientSideName,
  clientSideNames,
  createPrincipals,
  type Principals,
  type User,
} from '../../test/principals.ts';

type Who = ClientSideName;

// The shared principals: the manager is listed on an opportunity of the primary user's
// organization, the viewer manages nothing, and the other primary user has an organization
// of their own.
const principalOf = clientSideNames;

let t: TestApp;
let p: Principals;
let primary: User;
let manager: User;
let viewer: User;
let otherPrimary: User;
let n = 0;
const freshEmail = () => `colleague${++n}.${Date.now()}@example.test`;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPrincipals(t);
  ({ primary, manager, bystander: viewer, otherClient: otherPrimary } = p.users);
});
afterAll(() => t?.close());

const headers = (who: Who) => p.byWho[principalOf[who]].headers;

async function addColleague(payload: Record<string, unknown> = {}) {
  const email = freshEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/client/clients',
    headers: headers('primary'),
    payload: { client: { firstName: 'Nomsa', lastName: 'Dlamini', email, ...payload } },
  });
  expect(res.statusCode).toBe(201);
  return { email, client: res.json().client as { id: number; status: string } };
}

const patch = (who: Who, id: number, client: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/client/clients/${id}`,
    headers: headers(who),
    payload: { client },
  });

async function setPassword(link: string, password: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/client/password',
    payload: { token: link.split('/').at(-1), password, passwordConfirmation: password },
  });
}

describe('authorization matrix', () => {
  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 200],
    ['viewer', 200],
    ['manager', 200],
    ['primary', 200],
  ] as const)('GET /api/client/clients as %s answers %i', async (who, status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/client/clients',
      headers: headers(who),
    });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    const ids = (res.json().items as { id: number }[]).map((c) => c.id);
    if (who === 'otherPrimary') {
      // Its own organization only.
      expect(ids).toEqual([otherPrimary.id]);
    } else {
      expect(ids).toEqual(expect.arrayContaining([primary.id, manager.id, viewer.id]));
      expect(ids).not.toContain(otherPrimary.id);
    }
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    // The other organization's primary adds a colleague to its own organization.
    ['otherPrimary', 201],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 201],
  ] as const)('POST /api/client/clients as %s answers %i', async (who, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/clients',
      headers: headers(who),
      payload: { client: { firstName: 'New', lastName: 'Colleague', email: freshEmail() } },
    });
    expect(res.statusCode).toBe(status);
    if (res.statusCode === 403 && who !== 'candidate') {
      expect(res.json().message).toBe('Only a primary user of your organization can add managers');
    }
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 200],
    ['manager', 200],
    ['primary', 200],
  ] as const)('GET /api/client/clients/{id} as %s answers %i', async (who, status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/client/clients/${manager.id}`,
      headers: headers(who),
    });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    // The manager's own id is their own account; a colleague's is `{client}`.
    const body = res.json();
    expect(who === 'manager' ? body : body.client).toMatchObject({ id: manager.id });
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 200],
  ] as const)('PATCH /api/client/clients/{id} as %s answers %i', async (who, status) => {
    const { client } = await addColleague();
    const res = await patch(who, client.id, { jobTitle: 'Recruiter' });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json().client.jobTitle).toBe('Recruiter');
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 200],
  ] as const)('POST /api/client/clients/{id}/invite as %s answers %i', async (who, status) => {
    const { client } = await addColleague();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/client/clients/${client.id}/invite`,
      headers: headers(who),
    });
    expect(res.statusCode).toBe(status);
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 200],
    ['viewer', 200],
    ['manager', 200],
    ['primary', 200],
  ] as const)('GET /api/client/me as %s answers %i', async (who, status) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client/me', headers: headers(who) });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    const expected = who === 'otherPrimary' ? otherPrimary : primary;
    expect(res.json()).toMatchObject({
      organizationId: expected.organizationId,
      primary: who === 'primary' || who === 'otherPrimary',
    });
  });
});

describe('inviting a colleague', () => {
  it('sends a set-password link that works once; the colleague then logs in', async () => {
    const { email, client } = await addColleague({ jobTitle: 'Talent lead' });
    expect(client).toMatchObject({ status: 'invited', primary: false, active: true });
    const mail = (await t.mails()).findLast((m) => m.to === email)!;
    expect(mail.subject).toContain('invited');
    expect(mail.text).toContain('Nomsa');
    const link = (await t.links('password_reset')).at(-1)!;
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`${link}?welcome=1`);
    expect(link).toContain('/client/password_reset/');

    // No password yet: no log-in.
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'my-own-password' },
    });
    expect(before.statusCode).toBe(401);

    expect((await setPassword(link, 'my-own-password')).statusCode).toBe(200);
    expect((await setPassword(link, 'another-password')).json().message).toBe(
      authMessages.linkInvalid,
    );
    const token = await loginAs(t.app, email, 'my-own-password');
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/client/me',
      headers: bearer(token),
    });
    expect(own.json()).toMatchObject({ organizationId: primary.organizationId, primary: false });
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/client/clients/${client.id}`,
      headers: headers('primary'),
    });
    expect(shown.json().client).toMatchObject({ status: 'joined', jobTitle: 'Talent lead' });
  });

  it('voids the old link when a fresh invitation is sent', async () => {
    const { client } = await addColleague();
    const first = (await t.links('password_reset')).at(-1)!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/client/clients/${client.id}/invite`,
      headers: headers('primary'),
    });
    expect(res.statusCode).toBe(200);
    const second = (await t.links('password_reset')).at(-1)!;
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'my-own-password')).statusCode).toBe(422);
    expect((await setPassword(second, 'my-own-password')).statusCode).toBe(200);
  });

  it('expires the link after 1 day', async () => {
    const { client } = await addColleague();
    const link = (await t.links('password_reset')).at(-1)!;
    t.clock.advance(24 * 60 * 60_000 + 1);
    try {
      const res = await setPassword(link, 'my-own-password');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(authMessages.linkExpired);
    } finally {
      t.clock.advance(-(24 * 60 * 60_000 + 1));
    }
    expect(client.id).toBeGreaterThan(0);
  });

  it('answers 422 on the email field for an address already in use, and for bad input', async () => {
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/client/clients',
      headers: headers('primary'),
      payload: {
        client: { firstName: 'A', lastName: 'B', email: otherPrimary.email.toUpperCase() },
      },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([authMessages.emailTaken]);

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/client/clients',
      headers: headers('primary'),
      payload: { client: { firstName: ' ', email: 'not-an-address' } },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      firstName: [managerMessages.firstNameRequired],
      lastName: [managerMessages.lastNameRequired],
      email: [authMessages.emailInvalid],
    });
  });

  it('answers 422 for an id that is not a number and 404 for one that does not exist', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/client/clients/abc',
      headers: headers('primary'),
    });
    expect(bad.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/clients/2000000000',
      headers: headers('primary'),
      payload: { client: { primary: true } },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('primary users', () => {
  it('grants and withdraws primary, but never leaves the organization without one', async () => {
    const solo = await createUser(t.database, { role: 'client', primary: true });
    const soloToken = await loginAs(t.app, solo.email, solo.password);
    const alone = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/clients/${solo.id}`,
      headers: bearer(soloToken),
      payload: { client: { primary: false } },
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(managerMessages.lastPrimary);
    const deactivateSelf = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/clients/${solo.id}`,
      headers: bearer(soloToken),
      payload: { client: { active: false } },
    });
    expect(deactivateSelf.statusCode).toBe(409);

    const { client } = await addColleague();
    expect((await patch('primary', client.id, { primary: true })).json().client.primary).toBe(true);
    expect((await patch('primary', client.id, { primary: false })).json().client.primary).toBe(
      false,
    );
  });

  it('keeps one primary when two primary users withdraw each other at the same moment', async () => {
    const ann = await createUser(t.database, { role: 'client', primary: true });
    const bob = await createUser(t.database, {
      role: 'client',
      primary: true,
      organizationId: ann.organizationId!,
    });
    const [annToken, bobToken] = await Promise.all([
      loginAs(t.app, ann.email, ann.password),
      loginAs(t.app, bob.email, bob.password),
    ]);
    const withdraw = (token: string, id: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/client/clients/${id}`,
        headers: bearer(token),
        payload: { client: { primary: false } },
      });
    const answers = await Promise.all([withdraw(annToken, bob.id), withdraw(bobToken, ann.id)]);
    // The second one waits for the first and is refused: either because the organization would
    // lose its last primary (409) or because its caller is no longer primary (403).
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/client/clients',
      headers: bearer(annToken),
    });
    const primaries = (list.json().items as { primary: boolean }[]).filter((c) => c.primary);
    expect(primaries).toHaveLength(1);
  });

  it('a withdrawn primary flag counts at once, without logging in again', async () => {
    const { client, email } = await addColleague();
    await patch('primary', client.id, { primary: true });
    const link = (await t.links('password_reset')).at(-1)!;
    await setPassword(link, 'my-own-password');
    const token = await loginAs(t.app, email, 'my-own-password');
    await patch('primary', client.id, { primary: false });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/client/clients/${viewer.id}`,
      headers: bearer(token),
      payload: { client: { jobTitle: 'x' } },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('deactivation', () => {
  it('ends live sessions at once, refuses log-in with a clear message, and reactivates', async () => {
    const colleague = await createUser(t.database, {
      role: 'client',
      organizationId: primary.organizationId!,
    });
    const token = await loginAs(t.app, colleague.email, colleague.password);
    const mine = () =>
      t.app.inject({ method: 'GET', url: '/api/client/me', headers: bearer(token) });
    expect((await mine()).statusCode).toBe(200);

    const res = await patch('primary', colleague.id, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().client.active).toBe(false);
    expect((await mine()).statusCode).toBe(401);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: colleague.email, password: colleague.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(managerMessages.deactivated);

    const reinvite = await t.app.inject({
      method: 'POST',
      url: `/api/client/clients/${colleague.id}/invite`,
      headers: headers('primary'),
    });
    expect(reinvite.statusCode).toBe(409);
    expect(reinvite.json().message).toBe(managerMessages.deactivatedNotInvited);

    expect((await patch('primary', colleague.id, { active: true })).json().client.active).toBe(
      true,
    );
    expect(await loginAs(t.app, colleague.email, colleague.password)).toBeTruthy();
  });

  it('voids a pending invitation link', async () => {
    const { client } = await addColleague();
    const link = (await t.links('password_reset')).at(-1)!;
    await patch('primary', client.id, { active: false });
    expect((await setPassword(link, 'my-own-password')).statusCode).toBe(422);
  });
});
