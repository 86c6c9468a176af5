import { describe, expect, it } from 'vitest';

import { SNACKBAR_TIMEOUT_MS } from '@pathways/shared/common/constants';

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
