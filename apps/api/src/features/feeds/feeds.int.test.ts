import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { opportunities, opportunityLocations, organizations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createXmlValidator } from '../../test/xml-validator.ts';

// What crawlers and job boards read: robots.txt, the sitemap (an index of files checked against
// the sitemap protocol's schema) and the job feeds (checked against the feed format's schema).
// Only opportunities open now are listed; one that closes leaves them at once.

const APP_URL = 'https://jobs.pathways.example';
const require = createRequire(import.meta.url);
const sitemapXsd = readFileSync(
  join(dirname(require.resolve('sitemap/package.json')), 'schema', 'sitemap.xsd'),
  'utf8',
);
const jobFeedXsd = readFileSync(new URL('./job-feed.xsd', import.meta.url), 'utf8');

let t: TestApp;
// One xmllint for the file's documents: started once, not once per document.
const xml = createXmlValidator();
const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(t.clock.now.getTime() + days * DAY);
const ids = {} as Record<
  'job' | 'bursary' | 'closed' | 'draft' | 'upcoming' | 'otherJob' | 'bank' | 'mine' | 'idle',
  number
>;

async function organization(name: string) {
  const [row] = await t.database.db
    .insert(organizations)
    .values({ name, slug: name.toLowerCase().replace(/\W+/g, '-') })
    .returning({ id: organizations.id });
  return row!.id;
}

async function opportunity(
  organizationId: number,
  name: string,
  extra: Partial<typeof opportunities.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(opportunities)
    .values({
      organizationId,
      kind: 'job',
      name,
      summary: `${name} summary`,
      publishedAt: daysFromNow(-10),
      opensAt: daysFromNow(-5),
      closesAt: daysFromNow(30),
      ...extra,
    })
    .returning({ id: opportunities.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL } });
  ids.bank = await organization('Feed Bank & Trust');
  ids.mine = await organization('Deep Mine');
  ids.idle = await organization('Idle Org');
  ids.job = await opportunity(ids.bank, 'Data Analyst <Graduate>', {
    description: 'Work with data & people.\u0007 Bring curiosity.',
    valueMin: 250_000,
    valueMax: 300_000,
    employmentType: 'full_time',
  });
  ids.bursary = await opportunity(ids.bank, 'Engineering Bursary', {
    kind: 'bursary',
    closesAt: null,
    valueMin: 40_000,
  });
  ids.closed = await opportunity(ids.bank, 'Closed Job', {
    opensAt: daysFromNow(-40),
    closesAt: daysFromNow(-1),
  });
  ids.draft = await opportunity(ids.bank, 'Draft Job', { publishedAt: null });
  ids.upcoming = await opportunity(ids.bank, 'Upcoming Job', {
    opensAt: daysFromNow(3),
    closesAt: daysFromNow(30),
  });
  ids.otherJob = await opportunity(ids.mine, 'Shaft Engineer');
  await opportunity(ids.idle, 'Idle Closed', {
    opensAt: daysFromNow(-40),
    closesAt: daysFromNow(-2),
  });
  await t.database.db.insert(opportunityLocations).values(
    ['Sandton', 'Rosebank', 'Midrand'].map((city, i) => ({
      opportunityId: ids.job,
      address: `${i + 1} Main Road, ${city}`,
      city,
      province: 'Gauteng',
      latitude: -26.1 - i / 100,
      longitude: 28.05,
    })),
  );
});

afterAll(async () => {
  await t?.close();
  await xml.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const parser = new XMLParser({
  isArray: (_, path) => ['urlset.url', 'sitemapindex.sitemap', 'source.job'].includes(String(path)),
});

/** Well formed and, given a schema, valid against it. */
async function expectValid(document: string, schema?: string) {
  const result = await xml.validate(document, schema);
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

interface Job {
  title: string;
  url: string;
  referencenumber: string | number;
  company: string;
  city?: string;
  state?: string;
  country?: string;
  description: string;
  salary?: string;
  jobtype?: string;
  category: string;
  expirationdate?: string;
}

async function feedJobs(url: string): Promise<Job[]> {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  await expectValid(res.body, jobFeedXsd);
  return (parser.parse(res.body) as { source: { job?: Job[] } }).source.job ?? [];
}

const page = (id: number, slug: string) => `${APP_URL}/opportunities/${id}/${slug}`;

describe('robots.txt', () => {
  it('lets crawlers read the public pages, not the signed-in areas, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=900');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /candidate/');
    expect(lines).toContain('Disallow: /client/');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});

describe('the sitemap', () => {
  it('is an index of the fixed pages and of the groups holding something open', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    await expectValid(res.body);
    const index = parser.parse(res.body) as {
      sitemapindex: { sitemap: { loc: string }[] };
    };
    expect(index.sitemapindex.sitemap.map((entry) => entry.loc)).toEqual([
      `${APP_URL}/sitemaps/pages.xml`,
      `${APP_URL}/sitemaps/opportunities-0.xml`,
      `${APP_URL}/sitemaps/organizations-0.xml`,
    ]);
  });

  it('lists the home, search and employers pages', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    await expectValid(res.body, sitemapXsd);
    const urls = (parser.parse(res.body) as { urlset: { url: { loc: string }[] } }).urlset.url;
    expect(urls.map((url) => url.loc)).toEqual([
      `${APP_URL}/`,
      `${APP_URL}/opportunities`,
      `${APP_URL}/employers`,
    ]);
  });

  it('lists each open opportunity at its canonical address, and no closed, draft or upcoming one', async () => {
    const res = await get('/sitemaps/opportunities-0.xml');
    expect(res.statusCode).toBe(200);
    await expectValid(res.body, sitemapXsd);
    const urls = (parser.parse(res.body) as { urlset: { url: { loc: string; lastmod: string }[] } })
      .urlset.url;
    expect(urls.map((url) => url.loc)).toEqual([
      page(ids.job, 'data-analyst-graduate'),
      page(ids.bursary, 'engineering-bursary'),
      page(ids.otherJob, 'shaft-engineer'),
    ]);
    expect(urls.every((url) => !Number.isNaN(Date.parse(url.lastmod)))).toBe(true);
  });

  it('lists the organizations with an open opportunity', async () => {
    const res = await get('/sitemaps/organizations-0.xml');
    expect(res.statusCode).toBe(200);
    await expectValid(res.body, sitemapXsd);
    const urls = (parser.parse(res.body) as { urlset: { url: { loc: string }[] } }).urlset.url;
    expect(urls.map((url) => url.loc)).toEqual([
      `${APP_URL}/organizations/${ids.bank}/feed-bank-trust`,
      `${APP_URL}/organizations/${ids.mine}/deep-mine`,
    ]);
  });

  it.each(['opportunities-1.xml', 'organizations-7.xml', 'people-0.xml', 'pages', 'x.xml'])(
    'answers 404 for a file that holds nothing: %s',
    async (name) => {
      expect((await get(`/sitemaps/${name}`)).statusCode).toBe(404);
    },
  );
});

describe('the job feed', () => {
  it('describes every open opportunity in the feed format job boards read', async () => {
    const jobs = await feedJobs('/feeds/opportunities.xml');
    expect(jobs.map((job) => Number(job.referencenumber))).toEqual([
      ids.job,
      ids.bursary,
      ids.otherJob,
    ]);
    const [job, bursary] = jobs;
    expect(job).toMatchObject({
      title: 'Data Analyst <Graduate>',
      url: page(ids.job, 'data-analyst-graduate'),
      company: 'Feed Bank & Trust',
      city: 'Sandton',
      state: 'Gauteng',
      country: 'ZA',
      category: 'Job',
      jobtype: 'fulltime',
      expirationdate: daysFromNow(30).toUTCString(),
    });
    // A character XML cannot carry is left out; the rest of the text is kept as written.
    expect(job!.description).toBe(
      'Data Analyst <Graduate> summary\n\nWork with data & people. Bring curiosity.' +
        '\n\nAlso in 2 other places: see the page.',
    );
    expect(job!.salary).toMatch(/^R\s250\s000 to R\s300\s000 a year$/);
    expect(bursary).toMatchObject({ category: 'Bursary', title: 'Engineering Bursary' });
    expect(bursary!.salary).toMatch(/^From R\s40\s000 a year$/);
    expect(bursary).not.toHaveProperty('expirationdate');
    expect(bursary).not.toHaveProperty('city');
    expect(bursary).not.toHaveProperty('jobtype');
  });

  it('lists only the kinds asked for, and names an unknown kind', async () => {
    const jobs = await feedJobs('/feeds/opportunities.xml?kind=job');
    expect(jobs.map((job) => job.category)).toEqual(['Job', 'Job']);
    const both = await feedJobs('/feeds/opportunities.xml?kind=bursary,scholarship');
    expect(both.map((job) => Number(job.referencenumber))).toEqual([ids.bursary]);
    const res = await get('/feeds/opportunities.xml?kind=internship');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { kind: ['must be a list of job, bursary, scholarship'] },
    });
  });

  it('gives each organization a feed of its own open opportunities', async () => {
    const jobs = await feedJobs(`/feeds/organizations/${ids.mine}/opportunities.xml`);
    expect(jobs.map((job) => job.title)).toEqual(['Shaft Engineer']);
    const idle = await get(`/feeds/organizations/${ids.idle}/opportunities.xml`);
    await expectValid(idle.body, jobFeedXsd);
    expect(
      (parser.parse(idle.body) as { source: { publisher: string; job?: Job[] } }).source,
    ).toMatchObject({ publisher: 'Idle Org on Pathways' });
    expect((parser.parse(idle.body) as { source: { job?: Job[] } }).source.job).toBeUndefined();
    expect((await get('/feeds/organizations/999999/opportunities.xml')).statusCode).toBe(404);
    expect((await get('/feeds/organizations/abc/opportunities.xml')).statusCode).toBe(422);
  });

  it('goes out compressed to a client that accepts it, and may be kept for 15 minutes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/feeds/opportunities.xml',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=900');
    const body = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(body).toContain('<title>Shaft Engineer</title>');
  });
});

describe('an opportunity that closes', () => {
  it('leaves the feeds and the sitemap at once, and so does its organization when it was the last', async () => {
    await t.database.db
      .update(opportunities)
      .set({ closesAt: daysFromNow(-0.5), opensAt: daysFromNow(-5) })
      .where(eq(opportunities.id, ids.otherJob));
    const jobs = await feedJobs('/feeds/opportunities.xml');
    expect(jobs.map((job) => Number(job.referencenumber))).not.toContain(ids.otherJob);
    expect(await feedJobs(`/feeds/organizations/${ids.mine}/opportunities.xml`)).toEqual([]);
    const sitemap = (await get('/sitemaps/opportunities-0.xml')).body;
    expect(sitemap).not.toContain(`/opportunities/${ids.otherJob}/`);
    const hiring = (await get('/sitemaps/organizations-0.xml')).body;
    expect(hiring).not.toContain(`/organizations/${ids.mine}/`);
    expect(hiring).toContain(`/organizations/${ids.bank}/`);
  });
});
