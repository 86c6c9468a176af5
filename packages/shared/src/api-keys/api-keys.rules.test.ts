import { describe, expect, it } from 'vitest';

import {
  accessOfMethod,
  apiKeyAreas,
  apiKeyDisplayPrefix,
  apiKeyStatus,
  expiryProblem,
  formatApiKey,
  looksLikeApiKey,
  parseApiKey,
  scopeAllows,
  type ApiKeyScopes,
} from './api-keys.rules.ts';
import { createApiKeyBody } from './api-keys.schemas.ts';

const secret = 'A'.repeat(20) + '-_' + 'z9'.repeat(10) + 'Q';

describe('scopeAllows', () => {
  const scopes: ApiKeyScopes = { applications: 'read', campaigns: 'write' };

  it('lets a read scope read its area', () => {
    expect(scopeAllows(scopes, { area: 'applications', access: 'read' })).toBe(true);
  });
  it('refuses a write with only a read scope', () => {
    expect(scopeAllows(scopes, { area: 'applications', access: 'write' })).toBe(false);
  });
  it('lets a write scope write and read its area', () => {
    expect(scopeAllows(scopes, { area: 'campaigns', access: 'write' })).toBe(true);
    expect(scopeAllows(scopes, { area: 'campaigns', access: 'read' })).toBe(true);
  });
  it('refuses every area it does not name, for reading and writing', () => {
    for (const area of apiKeyAreas.filter((a) => !(a in scopes))) {
      expect(scopeAllows(scopes, { area, access: 'read' })).toBe(false);
      expect(scopeAllows(scopes, { area, access: 'write' })).toBe(false);
    }
  });
  it('refuses everything with no scopes', () => {
    expect(scopeAllows({}, { area: 'analytics', access: 'read' })).toBe(false);
  });
});

describe('accessOfMethod', () => {
  it('reads on GET and HEAD, writes on every other method', () => {
    expect(accessOfMethod('GET')).toBe('read');
    expect(accessOfMethod('head')).toBe('read');
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(accessOfMethod(m)).toBe('write');
  });
});

describe('the written form of a key', () => {
  it('reads back the public id and secret it was made of', () => {
    const key = formatApiKey('ab12cd34', secret);
    expect(key).toBe(`pwk_ab12cd34_${secret}`);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(parseApiKey(key)).toEqual({ publicId: 'ab12cd34', secret });
  });
  it('refuses texts that are not a whole key', () => {
    expect(parseApiKey(`pwk_ab12cd34_${secret.slice(1)}`)).toBeNull();
    expect(parseApiKey(`pwk_AB12CD34_${secret}`)).toBeNull();
    expect(parseApiKey(`pwk_ab12cd3_${secret}`)).toBeNull();
    expect(parseApiKey(`xpwk_ab12cd34_${secret}`)).toBeNull();
    expect(parseApiKey(`pwk_ab12cd34_${secret}\n`)).toBeNull();
    expect(parseApiKey('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBeNull();
    expect(looksLikeApiKey('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
  });
  it('shows only the public part in lists', () => {
    expect(apiKeyDisplayPrefix('ab12cd34')).toBe('pwk_ab12cd34_…');
  });
});

describe('apiKeyStatus', () => {
  const at = new Date('2026-11-29T12:00:00Z');
  it('is active without revocation or expiry, or before its expiry', () => {
    expect(apiKeyStatus({ revokedAt: null, expiresAt: null }, at)).toBe('active');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: '2026-11-29T12:00:01Z' }, at)).toBe('active');
  });
  it('is expired from its expiry instant on', () => {
    expect(apiKeyStatus({ revokedAt: null, expiresAt: at }, at)).toBe('expired');
  });
  it('is revoked once revoked, even when it has also expired', () => {
    expect(apiKeyStatus({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: at }, at)).toBe('revoked');
  });
});

describe('expiryProblem', () => {
  const at = new Date('2026-11-29T12:00:00Z');
  it('accepts no expiry and one within two years', () => {
    expect(expiryProblem(null, at)).toBeNull();
    expect(expiryProblem(new Date('2028-11-28T12:00:00Z'), at)).toBeNull();
  });
  it('refuses a moment already past and one more than two years on', () => {
    expect(expiryProblem(at, at)).toBe('past');
    expect(expiryProblem(new Date('2028-11-29T12:00:01Z'), at)).toBe('tooFar');
  });
});

describe('createApiKeyBody', () => {
  it('takes a name, at least one scope and an expiry', () => {
    const parsed = createApiKeyBody.parse({
      apiKey: { name: ' HR sync ', scopes: { applications: 'read' }, expiresAt: null },
    });
    expect(parsed.apiKey).toEqual({
      name: 'HR sync',
      scopes: { applications: 'read' },
      expiresAt: null,
    });
  });
  it('refuses no scopes, an unknown area and an unknown access', () => {
    for (const scopes of [{}, { payroll: 'read' }, { applications: 'admin' }]) {
      expect(
        createApiKeyBody.safeParse({ apiKey: { name: 'x', scopes, expiresAt: null } }).success,
      ).toBe(false);
    }
  });
});
