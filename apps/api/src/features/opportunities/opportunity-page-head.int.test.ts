import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, createOrganization } from '../../test/factories.ts';

// The opportunity page as the server sends it: before any script runs, search engines see the
// opportunity's title, summary, canonical address and, for a job, its JobPosting.

let t: TestApp;
let webDist: string;
const INDEX_HTML =
  '<!doctype html><html><head><title>Pathways: jobs, bursaries and scholarships</title>' +
  '<meta name="description" content="The default description." /></head>' +
  '<body><div id="root"></div></body></html>';
let job: { id: number };
let bursary: { id: number };
let draft: { id: number };

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'pathways-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  const organization = await createOrganization(t.database, { name: 'Head & Shoulders Bank' });
  const day = 86_400_000;
  const made = await createOpportunities(t.database, [
    {
      organizationId: organization.id,
      name: 'Data Analyst <Internship>',
      kind: 'job',
      summary: 'Dashboards, models and "</script>" in a summary.',
      opensAt: new Date(Date.now() - day),
      closesAt: new Date(Date.now() + 30 * day),
      locations: [{ latitude: -26.1, longitude: 28.05, city: 'Sandton' }],
    },
    { organizationId: organization.id, name: 'Nursing Bursary', kind: 'bursary' },
    { organizationId: organization.id, name: 'Not Yet', publishedAt: null },
  ]);
  [job, bursary, draft] = [made[0]!, made[1]!, made[2]!];
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url });

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as unknown,
  );
}

describe('the opportunity page from the server', () => {
  it("carries a job's title, summary, canonical address and JobPosting", async () => {
    for (const url of [`/opportunities/${job.id}`, `/opportunities/${job.id}/old-name?ref=x`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(html).toContain('<title>Data Analyst &lt;Internship&gt; · Pathways</title>');
      expect(html).toContain(
        '<meta name="description" content="Dashboards, models and &quot;&lt;/script&gt;&quot; in a summary." data-server-head />',
      );
      expect(html).not.toContain('The default description.');
      expect(html).toContain(
        `<link rel="canonical" href="${t.config.appUrl}/opportunities/${job.id}/data-analyst-internship" data-server-head />`,
      );
      const [posting] = jsonLd(html) as [Record<string, unknown>];
      expect(posting).toMatchObject({
        '@type': 'JobPosting',
        title: 'Data Analyst <Internship>',
        hiringOrganization: { name: 'Head & Shoulders Bank' },
      });
      // Nothing in the data can end the script element early.
      expect(html.match(/<\/script>/g)).toHaveLength(1);
    }
  });

  it('gives a bursary its title without JobPosting data', async () => {
    const html = (await page(`/opportunities/${bursary.id}/nursing-bursary`)).body;
    expect(html).toContain('<title>Nursing Bursary · Pathways</title>');
    expect(jsonLd(html)).toEqual([]);
  });

  it('leaves unknown and unpublished opportunities, and other pages, to the web app', async () => {
    for (const url of [
      `/opportunities/${draft.id}`,
      '/opportunities/99999999',
      '/opportunities/abc',
      '/opportunities',
      '/employers',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });
});
