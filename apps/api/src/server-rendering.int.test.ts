import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { campaigns, listingOpportunities, listings } from './db/schema/index.ts';
import { createOpportunities, createOrganization } from './test/factories.ts';
import { createTestApp, type TestApp } from './test/build-app.ts';

// The public pages arrive as HTML with their content, rendered by the web app's own
// components, so a guest reads them before any script runs (or with scripts off).

let t: TestApp;
let webDist: string;
let job: { id: number };
let draft: { id: number };
let organizationId: number;
let listingId: number;
let draftListingId: number;
const INDEX_HTML =
  '<!doctype html><html><head><title>Pathways</title></head><body>' +
  '<noscript>Pathways needs JavaScript to run.</noscript><div id="root"></div>' +
  '<script type="module" src="/assets/main.js"></script></body></html>';

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'pathways-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({
    env: {
      WEB_DIST: webDist,
      // The server entry from source: the same module the web build bundles.
      WEB_SSR_ENTRY: resolve(import.meta.dirname, '../../web/src/entry-server.tsx'),
    },
  });
  const organization = await createOrganization(t.database, { name: 'Karoo Water Board' });
  const day = 86_400_000;
  const made = await createOpportunities(t.database, [
    {
      organizationId: organization.id,
      name: 'Hydrology Internship',
      kind: 'job',
      summary: 'Measure rivers </script> and dams across the Karoo.',
      opensAt: new Date(Date.now() - day),
      closesAt: new Date(Date.now() + 30 * day),
    },
    {
      organizationId: organization.id,
      name: 'Engineering Bursary',
      kind: 'bursary',
      opensAt: new Date(Date.now() - 2 * day),
      closesAt: new Date(Date.now() + 30 * day),
    },
    { organizationId: organization.id, name: 'Not Yet Published', publishedAt: null },
  ]);
  [job, , draft] = [made[0]!, made[1]!, made[2]!];
  organizationId = organization.id;
  const [listing, draftListing] = await t.database.db
    .insert(listings)
    .values([
      {
        organizationId,
        name: 'Water Careers',
        description: 'Curated for you.',
        publishedAt: new Date(Date.now() - day),
      },
      { organizationId, name: 'Unpublished List', description: 'Not yet.', publishedAt: null },
    ])
    .returning({ id: listings.id });
  [listingId, draftListingId] = [listing!.id, draftListing!.id];
  await t.database.db
    .insert(listingOpportunities)
    .values([{ listingId, opportunityId: job.id, position: 0 }]);
  await t.database.db.insert(campaigns).values([
    {
      slug: 'karoo-careers',
      name: 'Careers at the Karoo Water Board',
      kind: 'organization',
      organizationId,
    },
    {
      slug: 'hydrology',
      name: 'Become a Hydrologist',
      kind: 'opportunity',
      organizationId,
      opportunityId: job.id,
    },
  ]);
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url });

/** The markup inside the root element. */
const rootOf = (html: string) =>
  /<div id="root"[^>]*>([\s\S]*)<\/div><script type="application\/json"|<div id="root"[^>]*>([\s\S]*)<\/div>/
    .exec(html)
    ?.slice(1)
    .find(Boolean) ?? '';

/** The query data handed to the browser, parsed. */
function stateOf(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const json =
    /<script type="application\/json" id="pathways-state" nonce="[^"]+">(.*?)<\/script>/s.exec(
      html,
    )?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!) as ReturnType<typeof stateOf>;
}

describe('server-rendered public pages', () => {
  it('an opportunity page holds its heading, organization and summary, and the data it was rendered from', async () => {
    const res = await page(`/opportunities/${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>Hydrology Internship<\/h1>/);
    expect(root).toContain('Karoo Water Board');
    expect(root).toContain('Measure rivers &lt;/script&gt; and dams across the Karoo.');
    // Its critical styles come with it, in the head: styles among the elements would apply only
    // once the browser has read that far, and a page painted half-read would then move.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const headingClass = /<h1 class="[^"]*\b(css-[\w-]+)/.exec(root)?.[1];
    expect(headingClass).toBeDefined();
    // Marked as in place (`data-s`), so the browser's style cache leaves them where they are.
    expect(head).toMatch(
      new RegExp(`<style data-emotion="css [^"]+" data-s="">[^<]*\\.${headingClass}\\{`),
    );
    expect(head).toMatch(/<style data-emotion="css-global [^"]+" data-s="">/);
    expect(root).not.toContain('<style');
    // Readable without JavaScript: no notice that it is needed.
    expect(res.body).not.toContain('<noscript>');
    const state = stateOf(res.body);
    const detail = state.queries.find(
      (q) => JSON.stringify(q.queryKey) === JSON.stringify(['opportunities', 'detail', job.id]),
    );
    expect(detail?.state.data).toMatchObject({ id: job.id, name: 'Hydrology Internship' });
    // Nothing in the data ends the script element early, and the page needs no inline script.
    // (the page's JobPosting, the data, the entry script); the head adds no second JobPosting.
    expect(res.body).not.toContain('rivers </script>');
    expect(res.body.match(/<\/script>/g)?.length).toBe(3);
    expect(res.body.match(/type="application\/ld\+json"/g)?.length).toBe(1);
    expect(root).toContain('type="application/ld+json"');
    expect(root).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
    expect(root).not.toContain('<template');
  });

  it('a missing or unpublished opportunity renders the not-found page with status 404', async () => {
    for (const url of [
      `/opportunities/${draft.id}`,
      '/opportunities/2147483000',
      '/opportunities/abc',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(rootOf(res.body), url).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(res.body, url).not.toContain('id="pathways-state"');
    }
  });

  it('the home page holds its heading and the featured opportunities', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>/);
    expect(root).toContain('Hydrology Internship');
    expect(root).toContain('Engineering Bursary');
    expect(root).toContain(`href="/opportunities/${job.id}`);
    expect(root).not.toContain('Not Yet Published');
  });

  it('the search holds its heading and its first results, and the results of the search in its address', async () => {
    const res = await page('/opportunities');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>Opportunities<\/h1>/);
    expect(root).toContain('Hydrology Internship');
    expect(root).toContain('Engineering Bursary');
    expect(root).toContain(`href="/opportunities/${job.id}`);
    expect(root).not.toContain('Not Yet Published');
    const search = stateOf(res.body).queries.find(
      (q) => JSON.stringify(q.queryKey.slice(0, 3)) === '["opportunities","search","public"]',
    );
    expect(search?.state.data).toMatchObject({ total: 2 });

    const searched = rootOf((await page('/opportunities?search=bursary')).body);
    expect(searched).toContain('Engineering Bursary');
    expect(searched).not.toContain('Hydrology Internship');
    // The map is drawn by a script: that view is left to the browser.
    const map = await page('/opportunities?view=map');
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('<div id="root"></div>');
  });

  it('a browser that asks to save data gets the home page without its featured list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'save-data': 'on' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers.vary)).toMatch(/save-data/i);
    const root = rootOf(res.body);
    expect(root).toContain('Show featured opportunities');
    expect(root).not.toContain('Hydrology Internship');
    expect(rootOf((await page('/')).body)).not.toContain('Show featured opportunities');
  });

  it('an organization page holds its name and its first opportunities', async () => {
    const res = await page(`/organizations/${organizationId}/karoo-water-board`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>Karoo Water Board<\/h1>/);
    expect(root).toContain('Hydrology Internship');
    expect(root).toContain('Engineering Bursary');
    expect(root).not.toContain('Not Yet Published');
    expect((await page('/organizations/2147483000')).statusCode).toBe(404);
  });

  it("an organization's address without its name, or with an old one, redirects to its page", async () => {
    const canonical = `/organizations/${organizationId}/karoo-water-board`;
    for (const url of [
      `/organizations/${organizationId}`,
      `/organizations/${organizationId}/old-name`,
    ]) {
      const res = await page(`${url}?page=2`);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(`${canonical}?page=2`);
    }
    expect((await page(canonical)).statusCode).toBe(200);
    // An organization that does not exist is not found where it was asked for.
    expect((await page('/organizations/2147483000')).statusCode).toBe(404);
    expect((await page('/organizations/99999999999')).statusCode).toBe(404);
  });

  it('the employers page holds its heading', async () => {
    const res = await page('/employers');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toMatch(/<h1[^>]*>/);
    expect(rootOf(res.body)).toContain('Talk to us');
  });

  it('a listing page holds its name and its opportunities; an unpublished one is not found', async () => {
    const res = await page(`/listings/${listingId}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>Water Careers<\/h1>/);
    expect(root).toContain('Hydrology Internship');
    const missing = await page(`/listings/${draftListingId}`);
    expect(missing.statusCode).toBe(404);
    expect(rootOf(missing.body)).toMatch(/<h1[^>]*>Page not found<\/h1>/);
  });

  it("a campaign page holds its name, and an opportunity's campaign the opportunity", async () => {
    const organizationCampaign = await page('/campaign/karoo-careers');
    expect(organizationCampaign.statusCode).toBe(200);
    expect(rootOf(organizationCampaign.body)).toContain('Careers at the Karoo Water Board');
    const opportunityCampaign = await page('/campaign/hydrology');
    expect(opportunityCampaign.statusCode).toBe(200);
    const root = rootOf(opportunityCampaign.body);
    expect(root).toContain('Become a Hydrologist');
    expect(root).toContain('Hydrology Internship');
    const missing = await page('/campaign/no-such-campaign');
    expect(missing.statusCode).toBe(404);
    expect(rootOf(missing.body)).toMatch(/<h1[^>]*>Page not found<\/h1>/);
  });

  it('signed-in pages stay rendered by the browser', async () => {
    const res = await page('/candidate/profile');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('pathways-state');
  });

  it('a path that is no page answers 404 with the app, which shows its not-found page', async () => {
    for (const url of ['/no-such-page', '/candidate/no-such-thing', '/opportunities/1/name/more']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });
});
