import { describe, expect, it } from 'vitest';

import { defaultHost, loadConfig } from './env.ts';

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
