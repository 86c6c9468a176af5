import { describe, expect, it } from 'vitest';

import { SNACKBAR_TIMEOUT_MS } from '@pathways/shared/common/constants';

import { defaultLimits, generousLimits } from '../test/limits.ts';
import { ConfigError, defaultHost, loadConfig } from './env.ts';

const base = { DATA_DIR: '/tmp/pathways-config-test', JWT_SECRET: 'x'.repeat(32) };

describe('listening address', () => {
  it('is the loopback in development and tests, every interface in production', () => {
    expect(defaultHost('development')).toBe('127.0.0.1');
    expect(defaultHost('test')).toBe('127.0.0.1');
    expect(defaultHost('production')).toBe('0.0.0.0');
  });

  it('defaults by mode when HOST is unset or empty', () => {
    expect(loadConfig({ ...base }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'development', HOST: '' }).host).toBe('127.0.0.1');
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' }).host,
    ).toBe('0.0.0.0');
  });

  it('follows HOST when it is set, in any mode', () => {
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/app',
        HOST: '10.1.2.3',
      }).host,
    ).toBe('10.1.2.3');
  });
});

describe('support chat', () => {
  it('is off unless both the address and the website token are set', () => {
    const config = loadConfig({ ...base });
    expect(config.supportChat).toBeUndefined();
    expect(config.webOrigins.supportChatUrl).toBeUndefined();
  });

  it('carries the address without a trailing slash, and the CSP allows it', () => {
    const config = loadConfig({
      ...base,
      SUPPORT_CHAT_BASE_URL: 'https://chat.example.org/',
      SUPPORT_CHAT_WEBSITE_TOKEN: 'abc_DEF-123',
    });
    expect(config.supportChat).toEqual({
      baseUrl: 'https://chat.example.org',
      websiteToken: 'abc_DEF-123',
    });
    expect(config.webOrigins.supportChatUrl).toBe('https://chat.example.org');
  });

  it('refuses one without the other', () => {
    expect(() =>
      loadConfig({ ...base, SUPPORT_CHAT_BASE_URL: 'https://chat.example.org' }),
    ).toThrow('SUPPORT_CHAT_BASE_URL and SUPPORT_CHAT_WEBSITE_TOKEN go together');
    expect(() => loadConfig({ ...base, SUPPORT_CHAT_WEBSITE_TOKEN: 'abc' })).toThrow('go together');
  });

  it('refuses an address that is not http(s) and a token with other characters', () => {
    const token = { SUPPORT_CHAT_WEBSITE_TOKEN: 'abc' };
    expect(() =>
      loadConfig({ ...base, ...token, SUPPORT_CHAT_BASE_URL: 'javascript:alert(1)' }),
    ).toThrow('SUPPORT_CHAT_BASE_URL');
    expect(() =>
      loadConfig({
        ...base,
        SUPPORT_CHAT_BASE_URL: 'https://chat.example.org',
        SUPPORT_CHAT_WEBSITE_TOKEN: 'abc"><script>',
      }),
    ).toThrow('SUPPORT_CHAT_WEBSITE_TOKEN');
  });
});

describe('the phase move e-mail delay', () => {
  it('outlasts the undo snackbar by default, and can be set (0: at once)', () => {
    expect(loadConfig({ ...base }).phaseMoveMailDelayMs).toBe(SNACKBAR_TIMEOUT_MS + 4000);
    expect(loadConfig({ ...base, PHASE_MOVE_MAIL_DELAY_MS: '0' }).phaseMoveMailDelayMs).toBe(0);
    expect(() => loadConfig({ ...base, PHASE_MOVE_MAIL_DELAY_MS: '-1' })).toThrow(ConfigError);
  });
});

describe('webhooks', () => {
  it('allow private addresses by default in development only', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).webhooks.allowPrivateUrls).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).webhooks.allowPrivateUrls).toBe(false);
    const production = { ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' };
    expect(loadConfig(production).webhooks.allowPrivateUrls).toBe(false);
    expect(
      loadConfig({ ...base, NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }).webhooks
        .allowPrivateUrls,
    ).toBe(true);
  });

  it('retry on the Standard Webhooks schedule unless another is set', () => {
    expect(loadConfig({ ...base }).webhooks.retryScheduleMs).toEqual([
      5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(
      loadConfig({ ...base, WEBHOOKS_RETRY_SCHEDULE: '1s,2m' }).webhooks.retryScheduleMs,
    ).toEqual([1000, 120_000]);
    expect(() => loadConfig({ ...base, WEBHOOKS_RETRY_SCHEDULE: 'soon' })).toThrow(
      'WEBHOOKS_RETRY_SCHEDULE',
    );
    expect(loadConfig({ ...base }).webhooks).toMatchObject({ timeoutMs: 15_000, disableAfter: 5 });
  });
});

describe('rate limits', () => {
  it('default to a count per window for each thing a limit protects', () => {
    const { rateLimits } = loadConfig({ ...base });
    expect(rateLimits.loginPerAddress).toEqual({ max: 10, windowMs: 60_000 });
    expect(rateLimits.loginFailuresPerAccount).toEqual({ max: 20, windowMs: 3_600_000 });
    expect(rateLimits.loginFailuresPerDevice).toEqual({ max: 20, windowMs: 3_600_000 });
    expect(rateLimits.signupPerAddress).toEqual({ max: 5, windowMs: 30 * 60_000 });
    expect(rateLimits.confirmationPerAccount).toEqual({ max: 5, windowMs: 30 * 60_000 });
    expect(rateLimits.passwordResetPerAccount).toEqual({ max: 5, windowMs: 30 * 60_000 });
    expect(rateLimits.passwordResetPerAddress).toEqual({ max: 20, windowMs: 30 * 60_000 });
    expect(rateLimits.passwordSetPerAddress).toEqual({ max: 20, windowMs: 30 * 60_000 });
    expect(rateLimits.invitesPerUser).toEqual({ max: 30, windowMs: 3_600_000 });
    expect(rateLimits.uploadsPerUser).toEqual({ max: 60, windowMs: 15 * 60_000 });
    expect(rateLimits.apiPerUser).toEqual({ max: 1200, windowMs: 60_000 });
  });

  it('reads "<count>/<window>" in seconds, minutes, hours or days', () => {
    const { rateLimits } = loadConfig({
      ...base,
      RATE_LIMIT_LOGIN_PER_ADDRESS: ' 3/45s ',
      RATE_LIMIT_SIGNUP_PER_ADDRESS: '7/2h',
      RATE_LIMIT_INVITES_PER_USER: '100/1d',
      RATE_LIMIT_UPLOADS_PER_USER: '1/5m',
    });
    expect(rateLimits.loginPerAddress).toEqual({ max: 3, windowMs: 45_000 });
    expect(rateLimits.signupPerAddress).toEqual({ max: 7, windowMs: 7_200_000 });
    expect(rateLimits.invitesPerUser).toEqual({ max: 100, windowMs: 86_400_000 });
    expect(rateLimits.uploadsPerUser).toEqual({ max: 1, windowMs: 300_000 });
  });

  it('switches the per-user limit on signed-in requests off with "off" only', () => {
    expect(
      loadConfig({ ...base, RATE_LIMIT_API_PER_USER: 'off' }).rateLimits.apiPerUser,
    ).toBeNull();
    expect(() => loadConfig({ ...base, RATE_LIMIT_LOGIN_PER_ADDRESS: 'off' })).toThrow(
      /RATE_LIMIT_LOGIN_PER_ADDRESS/,
    );
  });

  it('names the setting that is not a count per window', () => {
    for (const value of [
      '10',
      '10/',
      '/1m',
      '10/1w',
      '0/1m',
      '10/0s',
      '10/8d',
      'ten/1m',
      '-1/1m',
    ]) {
      expect(() => loadConfig({ ...base, RATE_LIMIT_UPLOADS_PER_USER: value })).toThrow(
        /RATE_LIMIT_UPLOADS_PER_USER/,
      );
    }
  });

  it('refuses the settings it no longer reads, naming what replaced them', () => {
    expect(() => loadConfig({ ...base, RATE_LIMIT_LOGIN_PER_IP: '30' })).toThrow(
      /RATE_LIMIT_LOGIN_PER_IP: replaced by RATE_LIMIT_LOGIN_PER_ADDRESS/,
    );
    expect(() => loadConfig({ ...base, RATE_LIMIT_WINDOW_MINUTES: '15' })).toThrow(ConfigError);
  });
});

describe("the tests' limits", () => {
  it('name every rate limit the product has, so no suite runs into one by accident', () => {
    const limits = loadConfig({ ...base, ...generousLimits }).rateLimits;
    expect(Object.keys(limits)).toHaveLength(Object.keys(generousLimits).length);
    for (const [name, limit] of Object.entries(limits)) {
      expect({ name, max: limit?.max }).toEqual({ name, max: 100_000 });
    }
  });

  it('are each set back to the shipped default by defaultLimits', () => {
    expect(loadConfig({ ...base, ...generousLimits, ...defaultLimits }).rateLimits).toEqual(
      loadConfig({ ...base }).rateLimits,
    );
  });
});
