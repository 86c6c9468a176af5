import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createOpportunities, createOrganization } from './test/factories.ts';
import { createTestApp, type TestApp } from './test/build-app.ts';

let t: TestApp;
let webDist: string;
let job: { id: number };

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'pathways-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Pathways</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets/Bx4kQ2pa.js'), 'export const answer = 42;\n');
  writeFileSync(join(webDist, 'assets/index-C2pQ9xLm.css'), 'body{margin:0}\n');
  writeFileSync(join(webDist, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    env: { WEB_DIST: webDist, VITE_MAP_TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png' },
  });
  const organization = await createOrganization(t.database, { name: 'Secure Bank' });
  const made = await createOpportunities(t.database, [
    {
      organizationId: organization.id,
      name: 'Security Analyst',
      kind: 'job',
      // Open for applications, so its page carries the job's structured data.
      opensAt: new Date(Date.now() - 86_400_000),
    },
  ]);
  job = made[0]!;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The policy as `{directive: [sources]}`. */
function policy(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectBrowserHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  // Not over plain http in development or tests.
  expect(headers['strict-transport-security']).toBeUndefined();
  const csp = policy(headers['content-security-policy']);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['script-src']).toContain("'self'");
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
  expect(csp['script-src']).not.toContain("'unsafe-eval'");
  expect(csp['worker-src']).toEqual(["'self'"]);
  expect(csp['img-src']).toContain('https://*.tiles.example.net');
  return csp;
}

describe('browser security headers', () => {
  it('are on a page of the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/opportunities' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectBrowserHeaders(res.headers);
  });

  it('are on an API answer and on an error: a policy that lets JSON load nothing, no page headers', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/opportunities' });
    expect(ok.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/candidate/profile' });
    expect(refused.statusCode).toBe(401);
    const invalid = await t.app.inject({ method: 'GET', url: '/api/opportunities?per=nine' });
    expect(invalid.statusCode).toBe(422);
    // The rule: a JSON answer is read by a script and never shown, so it carries what protects
    // it as a resource (nosniff, no framing, no embedding by other sites) and none of a page's
    // headers, which act only on a document the browser shows.
    for (const res of [ok, refused, invalid]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(policy(res.headers['content-security-policy'])).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      for (const header of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(res.headers[header], header).toBeUndefined();
      }
    }
  });

  it('keep the page policy on an API route that answers a page', async () => {
    // A refused download link opened in a browser gets a small HTML page.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/client/document_bundles/1/download?token=not-a-token',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectBrowserHeaders(res.headers);
  });

  it("let the opportunity page's JSON-LD run with this response's nonce, and no other", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/opportunities/${job.id}` });
      expect(res.statusCode).toBe(200);
      const csp = expectBrowserHeaders(res.headers);
      const allowed = csp['script-src']!.filter((s) => s.startsWith("'nonce-"));
      expect(allowed).toHaveLength(1);
      const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)];
      expect(scripts).toHaveLength(1);
      expect(scripts[0]![1]).toContain('type="application/ld+json"');
      const nonce = /\snonce="([^"]+)"/.exec(scripts[0]![1]!)?.[1];
      expect(nonce).toBeDefined();
      expect(allowed[0]).toBe(`'nonce-${nonce}'`);
      expect(nonce!.length).toBeGreaterThanOrEqual(22);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('are only those a subresource uses on a hashed script or stylesheet', async () => {
    for (const url of ['/assets/Bx4kQ2pa.js', '/assets/index-C2pQ9xLm.css']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      // A script or stylesheet only runs with its own type, and no other site embeds it.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // A document's policy has nothing to act on in a script: left out to save its bytes.
      for (const header of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-frame-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(res.headers[header], header).toBeUndefined();
      }
    }
  });

  it('are all on the service worker and on an icon, which are not hashed subresources', async () => {
    for (const url of ['/sw.js', '/favicon.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expectBrowserHeaders(res.headers);
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('give the API documentation a policy of its own that still refuses framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = policy(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toContain('data:');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('HSTS', () => {
  it('is sent in production behind https only', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        APP_URL: 'https://pathways.example',
        DATABASE_URL: 'postgres://unused.invalid/pathways',
        WEB_DIST: webDist,
      },
    });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/api/opportunities' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const asset = await production.app.inject({ method: 'GET', url: '/assets/Bx4kQ2pa.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(policy(res.headers['content-security-policy'])).toHaveProperty(
        'upgrade-insecure-requests',
      );
    } finally {
      await production.close();
    }
  });
});
