import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createOpportunities, createOrganization } from './test/factories.ts';
import { createTestApp, createUser, loginAs, bearer, type TestApp } from './test/build-app.ts';

let t: TestApp;
let webDist: string;
let candidateToken: string;

const ASSET = '/assets/Bx4kQ2pa.js';
const assetSource = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word ${i}"`).join(',')}];\n`;
const indexHtml = `<!doctype html><html><head><title>Pathways</title>${'<meta name="x" content="padding">'.repeat(60)}</head><body><div id="root"></div><script type="module" src="${ASSET}"></script></body></html>`;
const swSource = `self.addEventListener('fetch', () => {});\n${'// cache the shell\n'.repeat(100)}`;

/** Writes a built file with the .br and .gz copies the build makes beside it. */
function writeBuilt(path: string, body: string) {
  const file = join(webDist, path);
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'pathways-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeBuilt('index.html', indexHtml);
  writeBuilt(ASSET, assetSource);
  writeBuilt('sw.js', swSource);
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  const organization = await createOrganization(t.database, { name: 'Delivery Bank' });
  await createOpportunities(
    t.database,
    Array.from({ length: 12 }, (_, i) => ({
      organizationId: organization.id,
      name: `Graduate Analyst ${i}`,
      kind: 'job' as const,
      summary: 'Analyse the bank’s branch network and report to the regional team every month.',
    })),
  );
  const candidate = await createUser(t.database, { role: 'candidate' });
  candidateToken = await loginAs(t.app, candidate.email, candidate.password);
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The body as the client reads it after undoing the response's Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

function expectVariesByEncoding(res: LightMyRequestResponse) {
  expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
}

describe('compression', () => {
  it('sends a built asset as its brotli or gzip copy, as the client accepts, and plain otherwise', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    // The copy the build wrote, byte for byte: nothing is compressed again per request.
    expect(br.rawPayload.equals(readFileSync(join(webDist, `${ASSET}.br`)))).toBe(true);
    expect(decoded(br)).toBe(assetSource);
    expectVariesByEncoding(br);

    const gzip = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(assetSource);

    const plain = await get(ASSET, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetSource);
    const none = await get(ASSET);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(assetSource);
  });

  it('sends the HTML of a page compressed, and plain when not asked', async () => {
    for (const url of ['/', '/opportunities']) {
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['content-encoding']).toBe('br');
      expect(decoded(br)).toBe(indexHtml);
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decoded(gzip)).toBe(indexHtml);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(indexHtml);
    }
  });

  it('compresses API JSON above a small size, and leaves it plain when not asked', async () => {
    const plain = await get('/api/opportunities');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();

    for (const encoding of ['br', 'gzip']) {
      const res = await get('/api/opportunities', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(res))).toEqual(expected);
      expectVariesByEncoding(res);
    }
  });

  it('leaves a small answer plain even when compression is accepted', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('cache rules', () => {
  it('keeps a hashed asset for a year, unchanged, without validators it never needs', async () => {
    // The rule: a hashed file is never asked for again (a new build gives it a new name), so it
    // carries no ETag or Last-Modified to revalidate it with.
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(ASSET, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
    }
  });

  it('asks again for index.html and the service worker, with validators to answer 304', async () => {
    for (const url of ['/', '/opportunities', '/sw.js', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const etag = res.headers.etag;
      expect(typeof etag).toBe('string');
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('lets no cache keep a personal API answer', async () => {
    const res = await get('/api/candidate/profile', bearer(candidateToken));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    const refused = await get('/api/candidate/profile');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('tags a public API read, and answers 304 without a body when the tag comes back', async () => {
    const first = await get('/api/opportunities', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    // The same tag whatever the encoding: it names the answer, not its bytes on the wire.
    const plain = await get('/api/opportunities');
    expect(plain.headers.etag).toBe(etag);

    const again = await get('/api/opportunities', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const other = await get('/api/opportunities', { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(plain.json());

    // Another query is another answer with another tag.
    const filtered = await get('/api/opportunities?kind=bursary');
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers.etag).not.toBe(etag);
  });
});
