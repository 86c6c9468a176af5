import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './test/build-app.ts';

// An address that is no page of the web app answers 404, so search engines and monitors see
// it is missing; its body is still the app's index.html, so the browser shows the app's own
// not-found page. Every page of the app, signed-in pages included, answers 200.

let t: TestApp;
let webDist: string;
const ASSET = '/assets/Cq81xZ0m.js';
const INDEX_HTML =
  '<!doctype html><html><head><title>Pathways</title></head><body><div id="root"></div>' +
  `<script type="module" src="${ASSET}"></script></body></html>`;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'pathways-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, ASSET), 'export const ready = true;\n');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('paths that are no page of the web app', () => {
  it.each([
    '/no-such-page',
    '/candidate/no-such-thing',
    '/candidate',
    '/client/opportunities/9/nothing',
    '/opportunities/9/graduate-programme/more',
    '/no-such-page?utm_source=poster',
    '/no-such-page/',
    '/index.htm',
    '/404',
  ])('%s answers 404 with the web app, which shows its not-found page', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it('answers 404 to HEAD as to GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('pages of the web app', () => {
  it.each([
    '/',
    '/opportunities',
    '/opportunities?search=bursary',
    '/opportunities/9',
    '/opportunities/9/graduate-programme',
    '/login',
    '/login/',
    '/LOGIN',
    '/employers',
    '/candidate/profile',
    '/candidate/opportunities/9/apply',
    '/candidate/password_reset/tok-en',
    '/client/opportunities/9/applications/5',
    '/client/analytics/explorer',
    '/dashboard',
  ])('%s answers 200 with the web app', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe('beside the pages', () => {
  it('an unknown API path keeps its JSON 404', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('the built files are served as they are', async () => {
    const asset = await get(ASSET);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe('export const ready = true;\n');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  });
});
