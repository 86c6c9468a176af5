import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { campaignAliases, campaigns, organizations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';

// Legacy short paths on the server: with the web app built, `/{alias}` answers a permanent
// redirect to `/campaign/{the same code}`; every other path still gets the web app's index.html,
// with a 404 when it is no page of the app.

let t: TestApp;
let webDist: string;
const INDEX_HTML = '<!doctype html><title>Pathways</title><div id="root"></div>';

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'pathways-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  const [organization] = await t.database.db
    .insert(organizations)
    .values({ name: 'Redirect Bank', slug: 'redirect-bank' })
    .returning({ id: organizations.id });
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({
      slug: 'rbgrad',
      name: 'Careers at Redirect Bank',
      kind: 'organization',
      organizationId: organization!.id,
    })
    .returning({ id: campaigns.id });
  await t.database.db.insert(campaignAliases).values([
    { alias: 'RBG', campaignId: campaign!.id },
    { alias: 'rb-careers_2025', campaignId: campaign!.id },
    // A code that is also one of the app's pages: the page wins.
    { alias: 'dashboard', campaignId: campaign!.id },
  ]);
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('legacy short paths', () => {
  it('redirect permanently to the campaign page, in any case', async () => {
    // An old short path leads to /campaign/{the same code}, spelled as the code is stored.
    for (const [path, code] of [
      ['/RBG', 'RBG'],
      ['/rbg', 'RBG'],
      ['/rb-careers_2025', 'rb-careers_2025'],
      ['/RB-CAREERS_2025', 'rb-careers_2025'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(301);
      expect(res.headers.location, path).toBe(`/campaign/${code}`);
    }
  });

  it('keep the query string', async () => {
    const res = await get('/rbg?utm_source=poster&ref=a%20b');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/campaign/RBG?utm_source=poster&ref=a%20b');
  });

  it('leave every other path to the web app: its pages, and its not-found page with a 404', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/employers', 200],
      ['/dashboard', 200],
      ['/campaign/rbg', 200],
      ['/rbgrad', 404],
      ['/nothing-here', 404],
      ['/KPMG?x=1', 404],
      ['/rbg/more', 404],
      ['/a.b', 404],
      ['/%27%3B--', 404],
      [`/${'x'.repeat(150)}`, 404],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(status);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.body, path).toBe(INDEX_HTML);
    }
  });

  it('do not shadow the built files or the API', async () => {
    expect((await get('/favicon.svg')).body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    expect((await get('/assets/app.js')).statusCode).toBe(200);
    expect((await get('/api/rbg')).statusCode).toBe(404);
    expect((await get('/api/campaign_aliases/rbg')).json()).toMatchObject({
      path: '/campaign/RBG',
    });
  });
});
