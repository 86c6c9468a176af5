import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rateLimits } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  createTwoInstances,
  createUser,
  defaultLimits,
  tokenOf,
  type TestApp,
} from '../../test/build-app.ts';
import { SWEEP_EVERY_MS } from './limits.service.ts';

// Every limit at its default, over HTTP: nothing refused below the limit, 429 with Retry-After
// up to twice it, a fresh allowance once the window has passed, and every spelling of a path
// that reaches the handler sharing one count.

const minute = 60_000;
const hour = 60 * minute;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: defaultLimits });
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
/** An address no other test uses, so counts per address start from nothing. */
const newAddress = () => {
  addresses += 1;
  return `10.${Math.floor(addresses / 250)}.${addresses % 250}.7`;
};

/**
 * The ways a client may write a path: those Fastify routes to the same handler must share its
 * count; the others must not reach it (404).
 */
function spellings(path: string): string[] {
  const last = path.lastIndexOf('/');
  const segment = path.slice(last + 1);
  const encoded = `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  return [
    path,
    `${path}?again=1`,
    `${path}/`,
    path.replace('/api/', '/api//'),
    `${path.slice(0, last + 1)}${segment.toUpperCase()}`,
    `${path.slice(0, last + 1)}${encoded}`,
  ];
}

/**
 * Sends twice `max` requests, each under the next spelling of the path: the first `max` that
 * reach the handler pass, every later one is refused with Retry-After at most the window.
 */
async function expectLimitOver(
  path: string,
  max: number,
  windowMs: number,
  send: (url: string, i: number) => Promise<LightMyRequestResponse>,
): Promise<number[]> {
  const urls = spellings(path);
  const routed: number[] = [];
  const reached = new Set<string>();
  for (let i = 0; i < 2 * max; i++) {
    const url = urls[i % urls.length]!;
    const res = await send(url, i);
    if (res.statusCode === 404 && res.json().message?.startsWith('No route')) continue;
    reached.add(url);
    routed.push(res.statusCode);
    if (routed.length > max) {
      expect(res.statusCode, `${url} past the limit`).toBe(429);
      expect(res.json()).toEqual({
        code: 'rate_limited',
        message: 'Too many attempts. Please wait a moment and try again.',
      });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    } else {
      expect(res.statusCode, `${url} below the limit`).not.toBe(429);
    }
  }
  // The path itself and with a query string always reach the handler.
  expect(reached).toContain(path);
  expect(reached).toContain(`${path}?again=1`);
  return routed;
}

const cookieOf = (res: LightMyRequestResponse, name = 'pathways_device') => {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((c) => c.startsWith(`${name}=`));
};
/** The Cookie header a browser sends back for a Set-Cookie. */
const sendBack = (setCookie: string | undefined) => setCookie!.split(';')[0]!;

function login(
  email: string,
  password: string,
  options: { address?: string; cookie?: string; url?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: options.url ?? '/api/auth/login',
    remoteAddress: options.address ?? '10.200.0.1',
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: { email, password },
  });
}

describe('log-in attempts per address', () => {
  it('lets an address try 10 times a minute, whatever the account and spelling', async () => {
    const address = newAddress();
    const { loginPerAddress } = t.config.rateLimits;
    expect(loginPerAddress).toEqual({ max: 10, windowMs: minute });
    await expectLimitOver('/api/auth/login', 10, minute, (url, i) =>
      login(`nobody${i}@example.test`, 'a-guess', { address, url }),
    );
    // Another address is not affected; a minute later this one may try again.
    expect(
      (await login('nobody@example.test', 'a-guess', { address: newAddress() })).statusCode,
    ).toBe(401);
    t.clock.advance(minute);
    expect((await login('nobody@example.test', 'a-guess', { address })).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await login('v6@example.test', 'a-guess', { address: `2001:db8:77:1::${i}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await login('v6@example.test', 'g', { address: '2001:db8:77:1::ff' })).statusCode).toBe(
      429,
    );
    expect((await login('v6@example.test', 'g', { address: '2001:db8:77:2::1' })).statusCode).toBe(
      401,
    );
    t.clock.advance(minute);
  });
});

describe('log-in failures per account from unknown browsers', () => {
  it('refuses unknown browsers after 20 failures an hour, never the owner’s own browser', async () => {
    const owner = await createUser(t.database, { role: 'candidate' }, 'the-owners-password');
    const home = newAddress();
    // The owner logs in once at home: the browser is given the account's device cookie.
    const first = await login(owner.email, 'the-owners-password', { address: home });
    expect(first.statusCode).toBe(200);
    const device = sendBack(cookieOf(first));

    // Strangers fail 20 times from many addresses (the e-mail typed any way counts the same).
    for (let i = 0; i < 20; i++) {
      const email = i % 2 ? owner.email.toUpperCase() : ` ${owner.email} `;
      expect((await login(email, 'a-guess', { address: newAddress() })).statusCode).toBe(401);
    }
    for (let i = 0; i < 20; i++) {
      const refused = await login(owner.email, 'a-guess', { address: newAddress() });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    // Even the right password from an unknown browser waits for the hour.
    const unknown = await login(owner.email, 'the-owners-password', { address: newAddress() });
    expect(unknown.statusCode).toBe(429);

    // The owner's browser logs in at once, and keeps its device.
    const ownBrowser = await login(owner.email, 'the-owners-password', {
      address: home,
      cookie: device,
    });
    expect(ownBrowser.statusCode).toBe(200);
    expect(sendBack(cookieOf(ownBrowser))).toBe(device);

    t.clock.advance(hour);
    expect((await login(owner.email, 'a-guess', { address: newAddress() })).statusCode).toBe(401);
  });

  it('lets a browser with the owner’s cookie in while a stranger on its address is refused', async () => {
    const owner = await createUser(t.database, { role: 'candidate' }, 'the-owners-password');
    const campus = newAddress();
    const own = await login(owner.email, 'the-owners-password', { address: campus });
    const device = sendBack(cookieOf(own));
    // A stranger on the same campus address guesses until the address is refused.
    for (let i = 0; i < 10; i++) await login(owner.email, 'a-guess', { address: campus });
    expect((await login(owner.email, 'a-guess', { address: campus })).statusCode).toBe(429);
    // The owner's browser is not: neither for a typo nor for the right password.
    expect((await login(owner.email, 'typo', { address: campus, cookie: device })).statusCode).toBe(
      401,
    );
    const back = await login(owner.email, 'the-owners-password', {
      address: campus,
      cookie: device,
    });
    expect(back.statusCode).toBe(200);
    t.clock.advance(minute);
  });

  it('treats a forged cookie, or another account’s, as an unknown browser', async () => {
    const owner = await createUser(t.database, { role: 'candidate' }, 'the-owners-password');
    const other = await createUser(t.database, { role: 'candidate' }, 'the-others-password');
    const address = newAddress();
    const othersCookie = sendBack(
      cookieOf(await login(other.email, 'the-others-password', { address: newAddress() })),
    );
    const [name, value] = othersCookie.split('=') as [string, string];
    const [, deviceId, signature] = value.split('.');
    const forged = `${name}=${owner.id}.${deviceId}.${signature}`;
    for (let i = 0; i < 10; i++) await login(owner.email, 'a-guess', { address });
    for (const cookie of [forged, othersCookie, `${name}=${owner.id}.whatever.x`]) {
      const res = await login(owner.email, 'the-owners-password', { address, cookie });
      expect(res.statusCode).toBe(429);
    }
    t.clock.advance(minute);
  });
});

describe('log-in failures per device', () => {
  it('refuses the owner’s browser after 20 of its own failures an hour', async () => {
    const owner = await createUser(t.database, { role: 'candidate' }, 'the-owners-password');
    const address = newAddress();
    const device = sendBack(cookieOf(await login(owner.email, 'the-owners-password', { address })));
    const statuses = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await login(owner.email, 'typo', { address, cookie: device })).statusCode);
    }
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(20).fill(429)]);
    // Its failures were its own: an unknown browser still gets its 10 tries a minute.
    expect((await login(owner.email, 'typo', { address: newAddress() })).statusCode).toBe(401);
    t.clock.advance(hour);
    expect((await login(owner.email, 'typo', { address, cookie: device })).statusCode).toBe(401);
  });

  it('is given on log-in and sign-up: HttpOnly, strict, for the log-in path, a year', async () => {
    const owner = await createUser(t.database, { role: 'candidate' }, 'the-owners-password');
    const cookie = cookieOf(
      await login(owner.email, 'the-owners-password', { address: newAddress() }),
    );
    expect(cookie).toMatch(
      new RegExp(
        `^pathways_device=${owner.id}\\.[\\w-]+\\.[\\w-]+; Path=/api/auth; Max-Age=31536000; HttpOnly; SameSite=Strict$`,
      ),
    );
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      remoteAddress: newAddress(),
      payload: {
        email: `device-${Date.now()}@example.test`,
        password: 'a-good-password',
        passwordConfirmation: 'a-good-password',
      },
    });
    expect(signup.statusCode).toBe(201);
    expect(cookieOf(signup)).toMatch(new RegExp(`^pathways_device=${signup.json().id}\\.`));
  });
});

describe('sign-ups per address', () => {
  it('lets an address sign up 5 times in 30 minutes', async () => {
    const address = newAddress();
    const signUp = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: address,
        payload: {
          email: `new-${Math.random().toString(36).slice(2)}@example.test`,
          password: 'a-good-password',
          passwordConfirmation: 'a-good-password',
        },
      });
    const routed = await expectLimitOver('/api/candidates', 5, 30 * minute, signUp);
    expect(routed.slice(0, 5)).toEqual(Array(5).fill(201));
    t.clock.advance(30 * minute);
    expect((await signUp('/api/candidates')).statusCode).toBe(201);
  });

  it('limits the start of a social sign-in per address the same way', async () => {
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/candidate/auth/google',
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.slice(5)).toEqual(Array(5).fill(429));
  });
});

describe('confirmation e-mails per account', () => {
  async function newSignUp() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      remoteAddress: newAddress(),
      payload: {
        email: `unconfirmed-${Math.random().toString(36).slice(2)}@example.test`,
        password: 'a-good-password',
        passwordConfirmation: 'a-good-password',
      },
    });
    expect(res.statusCode).toBe(201);
    return { token: tokenOf(res)!, email: res.json().email as string };
  }
  const mailsTo = async (email: string) =>
    (await t.mails()).filter((m) => String(m.to).includes(email)).length;

  it('sends 5 in 30 minutes, however the token is written or renewed', async () => {
    const { token, email } = await newSignUp();
    const before = await mailsTo(email);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: bearer(token),
    });
    const renewed = tokenOf(refreshed)!;
    expect(renewed).toBeTruthy();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: newAddress(),
      payload: { email, password: 'a-good-password' },
    });
    const otherSession = tokenOf(second)!;
    const authorizations = [
      `Bearer ${token}`,
      `Bearer  ${token}`,
      `bearer ${renewed}`,
      `Bearer ${otherSession}`,
      `Bearer \t${renewed}`,
    ];
    await expectLimitOver(
      '/api/candidate/candidate/send_email_confirmation',
      5,
      30 * minute,
      (url, i) =>
        t.app.inject({
          method: 'GET',
          url,
          remoteAddress: newAddress(),
          headers: { authorization: authorizations[i % authorizations.length]! },
        }),
    );
    expect((await mailsTo(email)) - before).toBe(5);
    // Half an hour later (the access token has expired: a new session), one more goes out.
    t.clock.advance(30 * minute);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: newAddress(),
      payload: { email, password: 'a-good-password' },
    });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/candidate/send_email_confirmation',
      headers: bearer(tokenOf(later)),
    });
    expect(again.statusCode).toBe(200);
  });

  it('counts a resend by link against the account the link was sent to', async () => {
    const { token, email } = await newSignUp();
    const mine = (await t.mails()).filter((m) => String(m.to).includes(email));
    const linkToken = /confirm_email\/([\w-]+)/.exec(mine.at(-1)!.text)![1]!;
    // Two signed-in resends, then the link's own: five in all.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/candidate/candidate/send_email_confirmation',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
    }
    const resend = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/candidate/confirmation/resend',
        remoteAddress: address,
        payload: { token: linkToken },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await resend(newAddress())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('counts a link that names no account against the address', async () => {
    const address = newAddress();
    await expectLimitOver('/api/candidate/confirmation/resend', 5, 30 * minute, (url) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: address,
        payload: { token: 'no-such-link' },
      }),
    );
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/candidate/confirmation/resend',
      remoteAddress: newAddress(),
      payload: { token: 'no-such-link' },
    });
    expect(elsewhere.statusCode).toBe(422);
  });
});

describe('password reset requests', () => {
  const requestReset = (email: string, address: string, url = '/api/candidate/password') =>
    t.app.inject({ method: 'POST', url, remoteAddress: address, payload: { email } });

  it('sends 5 in 30 minutes per account, from any address and however it is typed', async () => {
    const owner = await createUser(t.database, { role: 'candidate' });
    const typed = [owner.email, owner.email.toUpperCase(), ` ${owner.email}`];
    const routed = await expectLimitOver('/api/candidate/password', 5, 30 * minute, (url, i) =>
      requestReset(typed[i % typed.length]!, newAddress(), url),
    );
    expect(routed.slice(0, 5)).toEqual(Array(5).fill(202));
    // The same address as a client account is another account.
    expect((await requestReset(owner.email, newAddress(), '/api/client/password')).statusCode).toBe(
      202,
    );
    t.clock.advance(30 * minute);
    expect((await requestReset(owner.email, newAddress())).statusCode).toBe(202);
  });

  it('lets one address ask for 20 accounts in 30 minutes', async () => {
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await requestReset(`sprayed${i}@example.test`, address)).statusCode);
    }
    expect(statuses).toEqual([...Array(20).fill(202), ...Array(20).fill(429)]);
    t.clock.advance(30 * minute);
    expect((await requestReset('sprayed@example.test', address)).statusCode).toBe(202);
  });

  it('lets one address set a password with a link 20 times in 30 minutes', async () => {
    const address = newAddress();
    await expectLimitOver('/api/candidate/password', 20, 30 * minute, (url) =>
      t.app.inject({
        method: 'PUT',
        url,
        remoteAddress: address,
        payload: {
          token: 'no-such-link',
          password: 'a-new-password',
          passwordConfirmation: 'a-new-password',
        },
      }),
    );
  });
});

describe('invitations per user', () => {
  it('lets a primary client user invite colleagues 30 times an hour', async () => {
    const primary = await createUser(t.database, { role: 'client', primary: true });
    const token = tokenOf(await login(primary.email, primary.password, { address: newAddress() }));
    await expectLimitOver('/api/client/clients', 30, hour, (url) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload: { client: {} } }),
    );
    // Inviting candidates is counted apart.
    const candidates = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/opportunities/999999/eligibilities/1/invite',
      headers: bearer(token),
    });
    expect(candidates.statusCode).toBe(404);
  });

  it('lets a client user invite candidates 30 times an hour, in bulk or one by one', async () => {
    const user = await createUser(t.database, { role: 'client' });
    const token = tokenOf(await login(user.email, user.password, { address: newAddress() }));
    const statuses = [];
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject(
        i % 2
          ? {
              method: 'POST',
              url: '/api/client/opportunities/999999/eligibilities/invite',
              headers: bearer(token),
              payload: { eligibilityIds: [1] },
            }
          : {
              method: 'PATCH',
              url: '/api/client/opportunities/999999/eligibilities/1/invite',
              headers: bearer(token),
            },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30)).not.toContain(429);
    expect(statuses.slice(30)).toEqual(Array(30).fill(429));
    t.clock.advance(hour);
  });
});

describe('the counters', () => {
  it('are swept once their window has ended', async () => {
    await login('swept@example.test', 'a-guess', { address: '10.250.250.250' });
    const keys = async () =>
      (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(await keys()).toContain('login-address:10.250.250.250');
    t.clock.advance(hour + SWEEP_EVERY_MS);
    await login('swept@example.test', 'a-guess', { address: newAddress() });
    expect(await keys()).not.toContain('login-address:10.250.250.250');
  });
});

describe('signed-in requests per user', () => {
  it('are limited per user, apart from other users, until the window ends', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_API_PER_USER: '5/1m' } });
    try {
      const candidate = await createUser(limited.database, { role: 'candidate' });
      const other = await createUser(limited.database, { role: 'candidate' });
      const signIn = async (email: string, password: string) =>
        tokenOf(
          await limited.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password },
          }),
        );
      const token = await signIn(candidate.email, candidate.password);
      const otherToken = await signIn(other.email, other.password);
      const statuses = [];
      for (const url of spellings('/api/candidate/candidate')) {
        for (let i = 0; i < 2; i++) {
          const res = await limited.app.inject({ method: 'GET', url, headers: bearer(token) });
          if (res.statusCode !== 404) statuses.push(res.statusCode);
        }
      }
      expect(statuses.slice(0, 5)).toEqual(Array(5).fill(200));
      expect(statuses.slice(5)).toEqual(Array(statuses.length - 5).fill(429));
      const refused = await limited.app.inject({
        method: 'GET',
        url: '/api/candidate/candidate',
        headers: bearer(token),
      });
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      const someoneElse = await limited.app.inject({
        method: 'GET',
        url: '/api/candidate/candidate',
        headers: bearer(otherToken),
      });
      expect(someoneElse.statusCode).toBe(200);
      // Guests are not counted per user.
      const guest = await limited.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(guest.statusCode).toBe(200);
      limited.clock.advance(minute);
      const later = await limited.app.inject({
        method: 'GET',
        url: '/api/candidate/candidate',
        headers: bearer(token),
      });
      expect(later.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('two API processes on one database', () => {
  it('share every count', async () => {
    const { a, b, close } = await createTwoInstances({ env: defaultLimits });
    try {
      const statuses = [];
      for (let i = 0; i < 20; i++) {
        const app = i % 2 ? b.app : a.app;
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.9.9.9',
          payload: { email: `nobody${i}@example.test`, password: 'a-guess' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    } finally {
      await close();
    }
  });
});
