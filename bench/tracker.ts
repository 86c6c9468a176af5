/// <reference lib="dom" />
// The tracker in a browser loading every row of one opportunity (10 000 by default; above the
// tracker's server-mode threshold of 2 000 it loads only the first page, so measure the browser
// mode with BENCH_ROWS=2000 or fewer).
//
//   npm run build && npm run bench:tracker
//
// Serves the built web app (apps/web/dist) from a small static server and opens the tracker of
// one workspace in Chromium, signed in as a primary client. The API is answered inside the
// browser (Playwright's route()) from generated rows, so the numbers are the browser's own
// work: parsing and checking 40 pages of 250 rows, then filtering, ranking, sorting and
// rendering, with no server time in them. Two measurements:
//   - full load: from navigation to the last page shown (the progress bar gone, rows on the page);
//   - keystroke to rows: from each key pressed in the name box to the rows (and the status line
//     naming the typed text) rendered, over 20 keystrokes (typing and deleting).
// Each run opens a fresh page; BENCH_RUNS (default 5) full loads, the keystrokes of the last.
// Reports median and p95. A benchmark is not a test: it never fails on a time. BENCH_TRACE=1
// also prints when each page was asked for, the 40 fetches alone (the stubbing's own cost),
// and each keystroke's time.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type Page, type Route } from 'playwright-core';

import { sortApplicants } from '../packages/shared/src/applicants/applicants.rules.ts';
import type { ApplicantRow } from '../packages/shared/src/applicants/applicants.schemas.ts';
import { REGRETTED, WITHDRAWN, standingOf } from '../packages/shared/src/pipeline/standing.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PER = 250;
const OPPORTUNITY = 7;
const USER_ID = 5;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST || join(root, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build at ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

// ---------------------------------------------------------------- data

/** A small deterministic generator, so every run sees the same rows. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const firstNames = [
  'Thandi',
  'Sipho',
  'Lerato',
  'Pieter',
  'Aisha',
  'Johan',
  'Nomsa',
  'Kabelo',
  'Fatima',
  'Ruan',
  'Zanele',
  'Thabo',
  'Naledi',
  'Ahmed',
  'Chloe',
  'Mandla',
  'Priya',
  'Lwazi',
];
const lastNames = [
  'Mokoena',
  'Nkosi',
  'Dlamini',
  'van der Merwe',
  'Naidoo',
  'Botha',
  'Khumalo',
  'Pillay',
  'Smith',
  'Mahlangu',
  'Jacobs',
  'Zulu',
  'Ndlovu',
  'Govender',
  'Petersen',
  'Sithole',
];
const genders = ['female', 'male', 'non_binary', 'other', 'prefer_not_to_say'] as const;
const ethnicities = ['african', 'coloured', 'indian', 'white', 'other'] as const;

function makeRows(count: number): ApplicantRow[] {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const start = Date.UTC(2026, 8, 1);
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const qualifications = Array.from({ length: 1 + Math.floor(next() * 3) }, (_q, j) => ({
      id: id * 10 + j,
      qualificationTypeId: 1 + Math.floor(next() * 10),
      categoryId: 1 + Math.floor(next() * 20),
      institutionId: 1 + Math.floor(next() * 200),
      disciplineIds: [1 + Math.floor(next() * 60)],
      startsAt: '2021-02-01',
      endsAt: next() < 0.6 ? '2024-11-30' : '2027-11-30',
      gradeNormalized: Math.round(40 + next() * 60),
      verifiedAt: next() < 0.3 ? '2026-01-10T08:00:00.000Z' : null,
    }));
    return {
      id,
      opportunityId: OPPORTUNITY,
      createdAt: new Date(start + i * 7 * 60_000).toISOString(),
      phaseId: 1 + Math.floor(next() * 4),
      regrettedAt: next() < 0.05 ? '2026-11-01T08:00:00.000Z' : null,
      archivedAt: next() < 0.03 ? '2026-11-02T08:00:00.000Z' : null,
      complete: next() < 0.7,
      completion: Math.round(30 + next() * 70),
      eligibility: { eligible: next() < 0.5, referredAt: null },
      applicationRating: next() < 0.2 ? 1 + Math.floor(next() * 5) : null,
      unreadChats: next() < 0.1 ? Math.floor(next() * 4) : 0,
      locations: [next() < 0.5 ? 31 : 32],
      reported: next() < 0.01,
      profile: {
        candidateId: 100_000 + id,
        firstName: pick(firstNames),
        lastName: pick(lastNames),
        avatarUrl: null,
        gender: pick(genders),
        ethnicity: pick(ethnicities),
        bornAt: '2001-05-04',
        location: { latitude: -34 + next() * 12, longitude: 18 + next() * 12 },
        assessmentAggregate: next() < 0.5 ? Math.round(next() * 100) : null,
        qualifications,
      },
    };
  });
}

// ---------------------------------------------------------------- the stubbed API

const rows = makeRows(ROWS);
const pages = new Map<number, string>();
for (let page = 1; (page - 1) * PER < ROWS; page += 1) {
  const items = rows.slice((page - 1) * PER, page * PER);
  pages.set(page, JSON.stringify({ items, page, per: PER, total: ROWS }));
}

// The first page of the list the tracker asks for first (its answer says how many there are),
// by the shared rules, for the first phase's tab in the default order.
const listFirstPage = (() => {
  const tabs: Record<string, number> = { active: 0, [REGRETTED]: 0, [WITHDRAWN]: 0 };
  for (const row of rows) {
    const standing = standingOf(row, 1);
    if (standing !== REGRETTED && standing !== WITHDRAWN) tabs.active! += 1;
    if (standing !== null) tabs[standing] = (tabs[standing] ?? 0) + 1;
  }
  const inTab = sortApplicants(rows, { key: 'createdAt', direction: 'asc' }).filter(
    (row) => standingOf(row, 1) === '1',
  );
  return JSON.stringify({
    items: inTab.slice(0, 25),
    all: ROWS,
    total: ROWS,
    inTab: inTab.length,
    tabs,
    next: null,
    previous: null,
  });
})();

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const token = [
  base64Url({ alg: 'HS256', typ: 'JWT' }),
  base64Url({
    sub: String(USER_ID),
    role: 'client',
    primary: true,
    sid: 'bench',
    iat: now,
    exp: now + 3600,
  }),
  'signature',
].join('.');

const phases = {
  items: ['Applied', 'Screening', 'Interview', 'Offer'].map((name, i) => ({
    id: i + 1,
    name,
    description: null,
    order: i + 1,
    initial: i === 0,
    next: i < 3 ? i + 2 : null,
    applications: 0,
  })),
  regretted: 0,
  withdrawn: 0,
};
const location = (id: number, city: string, latitude: number, longitude: number) => ({
  id,
  address: `${id} Main Road`,
  city,
  province: null,
  country: 'ZA',
  latitude,
  longitude,
  locationId: null,
  inUse: true,
});
const opportunity = {
  id: OPPORTUNITY,
  name: 'Graduate Programme: Technology',
  kind: 'job',
  summary: null,
  description: null,
  logo: null,
  publishedAt: '2026-08-01T08:00:00.000Z',
  opensAt: null,
  closesAt: null,
  commencesAt: null,
  positions: null,
  valueMin: null,
  valueMax: null,
  currency: 'ZAR',
  isActive: true,
  version: 1,
  updatedAt: '2026-08-01T08:00:00.000Z',
  locations: [location(31, 'Johannesburg', -26.2, 28.04), location(32, 'Cape Town', -33.92, 18.42)],
  organization: { id: 1, name: 'Bench Holdings', logo: null },
  phases: phases.items.map(({ applications: _count, ...phase }) => phase),
  managers: [],
};
const user = {
  id: USER_ID,
  email: 'bench@demo.test',
  unconfirmedEmail: null,
  confirmationSentAt: null,
  confirmedAt: '2026-01-01T00:00:00.000Z',
  termsAcceptedAt: '2026-01-01T00:00:00.000Z',
  isSuspended: false,
  avatar: null,
  primary: true,
  role: 'client',
  firstName: 'Bench',
  lastName: 'Client',
  organizationId: 1,
};

function answer(route: Route) {
  const url = new URL(route.request().url());
  const path = url.pathname.replace(/^\/api\//, '');
  const json = (body: unknown) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  if (path === `client/opportunities/${OPPORTUNITY}/applications`) {
    return json(
      pages.get(Number(url.searchParams.get('page'))) ??
        '{"items":[],"page":1,"per":250,"total":0}',
    );
  }
  if (path === `client/opportunities/${OPPORTUNITY}/applications/list`) return json(listFirstPage);
  if (path === `client/opportunities/${OPPORTUNITY}/phases`) return json(phases);
  if (path === `client/opportunities/${OPPORTUNITY}`) return json({ opportunity });
  if (path === `client/clients/${USER_ID}`) return json(user);
  if (/^(disciplines|qualification_types|qualification_categories|institutions)$/.test(path)) {
    return json({ items: [], page: 1, per: 25, total: 0 });
  }
  return route.fulfill({
    status: 404,
    contentType: 'application/json',
    body: '{"code":"not_found"}',
  });
}

// ---------------------------------------------------------------- static server

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

function serve(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(dist, path);
    if (!file.startsWith(dist) || !existsSync(file) || !extname(file))
      file = join(dist, 'index.html');
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

// ---------------------------------------------------------------- measuring

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The keys typed into the name box: a name typed, deleted, another typed, 20 in all. */
const KEYS = [
  ...'thandi',
  ...Array(6).fill('Backspace'),
  ...'nkosi',
  'Backspace',
  'Backspace',
  'Backspace',
];

async function fullLoad(page: Page, origin: string): Promise<number> {
  const started = Date.now();
  await page.goto(`${origin}/client/opportunities/${OPPORTUNITY}/applications`);
  await page
    .getByRole('table', { name: 'Applicants' })
    .waitFor()
    .catch(async (error: unknown) => {
      console.error((await page.textContent('body'))?.slice(0, 500));
      throw error;
    });
  await page.waitForFunction(
    (total) =>
      !document.body.textContent?.includes('Loading applications') &&
      document.body.textContent?.includes(`of ${total} applicants shown here`),
    ROWS.toLocaleString('en-ZA'),
    { timeout: 120_000, polling: 'raf' },
  );
  return Date.now() - started;
}

/** From the key pressed to the frame after the rows for the new text were rendered. */
async function keystroke(page: Page, key: string, expectedName: string): Promise<number> {
  const rendered = page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const status = [...document.querySelectorAll('[role="status"]')].find((el) =>
          el.textContent?.includes('applicants shown here'),
        )!;
        const matches = () => {
          const text = status.textContent ?? '';
          return name ? text.includes(`named like “${name}”`) : !text.includes('named like');
        };
        const done = () =>
          requestAnimationFrame(() =>
            resolve(performance.now() - (window as unknown as { keyAt: number }).keyAt),
          );
        const observer = new MutationObserver(() => {
          if (matches() && (window as unknown as { keyAt?: number }).keyAt !== undefined) {
            observer.disconnect();
            done();
          }
        });
        observer.observe(status, { childList: true, subtree: true, characterData: true });
      }),
    expectedName,
  );
  await page.keyboard.press(key);
  return rendered;
}

async function main() {
  const { server, origin } = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const loads: number[] = [];
  const keys: number[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((value) => {
        localStorage.setItem('pathways.token', value);
        document.addEventListener(
          'keydown',
          () => ((window as unknown as { keyAt: number }).keyAt = performance.now()),
          true,
        );
      }, token);
      await context.route('**/api/**', answer);
      const page = await context.newPage();
      if (process.env.BENCH_TRACE) {
        page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
        const t0 = Date.now();
        page.on('request', (r) => {
          if (r.url().includes('/applications'))
            console.log('req', Date.now() - t0, r.url().split('?')[1]);
        });
      }
      if (process.env.BENCH_TRACE) {
        await page.goto(`${origin}/404`);
        const fetchOnly = await page.evaluate(async (id) => {
          const t = performance.now();
          for (let n = 1; n <= 40; n += 1) {
            await (
              await fetch(`/api/client/opportunities/${id}/applications?page=${n}&per=250`)
            ).json();
          }
          return performance.now() - t;
        }, OPPORTUNITY);
        console.log('fetch only, 40 pages', fetchOnly);
      }
      loads.push(await fullLoad(page, origin));
      if (run === RUNS - 1) {
        await page.getByLabel('Search by name').focus();
        let typed = '';
        for (const key of KEYS) {
          typed = key === 'Backspace' ? typed.slice(0, -1) : typed + key;
          keys.push(await keystroke(page, key, typed.trim()));
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (process.env.BENCH_TRACE) {
    console.log(KEYS.map((key, i) => `${key}:${keys[i]?.toFixed(0)}`).join(' '));
  }
  console.log(
    `Tracker at ${ROWS.toLocaleString('en-ZA')} applications (${cpus().length} cores, ${cpus()[0]?.model ?? '?'})`,
  );
  console.log(
    `full load (${RUNS} runs):        median ${ms(quantile(loads, 0.5))}, p95 ${ms(quantile(loads, 0.95))}`,
  );
  console.log(
    `keystroke to rows (${keys.length} keys): median ${ms(quantile(keys, 0.5))}, p95 ${ms(quantile(keys, 0.95))}`,
  );
}

await main();
