import { filterApplicants, sortApplicants } from '@pathways/shared/applicants/applicants.rules';
import {
  CURSOR_MESSAGE,
  applicantIdList,
  applicantListPage,
  applicantSortKeys,
  encodeApplicantCursor,
  qualificationPeriods,
  type ApplicantFilters,
  type ApplicantIdList,
  type ApplicantListPage,
  type ApplicantPage,
  type ApplicantRow,
  type ApplicantSort,
} from '@pathways/shared/applicants/applicants.schemas';
import {
  ethnicities as ethnicityValues,
  genders as genderValues,
} from '@pathways/shared/profile/profile.schemas';
import { viewToSearchParams } from '@pathways/shared/applicants/applicants.url';
import { standingOf } from '@pathways/shared/pipeline/standing';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { feedbackRequests, feedbackResponses, phases } from '../../db/schema/index.ts';
import {
  createApplicantReference,
  insertApplicants,
  type ApplicantReference,
} from '../../test/applicants.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, ok } from '../../test/factories.ts';
import { createPeople, type People } from '../../test/principals.ts';

// The tracker in server mode: the database filters, ranks, sorts, counts and pages, through
// the SQL twins of the shared rules. The property test builds random workspaces of random
// applicants and asks random views of them, and holds the database's answer equal to the
// shared rules run on the same rows as the browser loads them.

let t: TestApp;
let p: People;
let organizationId: number;
let reference: ApplicantReference;
let workspaceId: number;
let workspacePhases: number[];
let foreignId: number;

type Principal = 'primary' | 'manager' | 'bystander' | 'otherClient';

async function get(who: Principal, url: string) {
  return t.app.inject({ method: 'GET', url, headers: p.byWho[who].headers });
}

async function createPhases(opportunityId: number, names: string[]) {
  const rows = await t.database.db
    .insert(phases)
    .values(names.map((name, i) => ({ opportunityId, name, initial: i === 0 })))
    .returning({ id: phases.id });
  for (let i = 0; i + 1 < rows.length; i++) {
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: rows[i + 1]!.id })
      .where(eq(phases.id, rows[i]!.id));
  }
  return rows.map((r) => r.id);
}

/** Colleagues' ratings on some applications, which the rating shown falls back to. */
async function rateByColleagues(applicationIds: number[], seed: number) {
  const [request] = await t.database.db
    .insert(feedbackRequests)
    .values({ organizationId, requestedById: p.users.primary.id, message: 'Your view?' })
    .returning({ id: feedbackRequests.id });
  const responders = [p.users.manager.id, p.users.bystander.id];
  const rows = applicationIds
    .filter((id) => (id * 7 + seed) % 3 === 0)
    .flatMap((applicationId, i) =>
      responders.slice(0, 1 + (i % 2)).map((responderId, j) => ({
        feedbackRequestId: request!.id,
        applicationId,
        responderId,
        rating: (applicationId + j + seed) % 6 === 0 ? null : ((applicationId + j * 2) % 5) + 1,
      })),
    );
  if (rows.length > 0) await t.database.db.insert(feedbackResponses).values(rows);
}

/** Every row of a workspace as the browser loads them (the row route, by id). */
async function loadRows(opportunityId: number): Promise<ApplicantRow[]> {
  const items: ApplicantRow[] = [];
  for (let page = 1; ; page++) {
    const body = ok<ApplicantPage>(
      await get('primary', `/api/client/opportunities/${opportunityId}/applications?page=${page}`),
    );
    items.push(...body.items);
    if (items.length >= body.total) return items;
  }
}

function query(filters: ApplicantFilters, sort: ApplicantSort, tab: string | null, extra = {}) {
  const params = viewToSearchParams({ filters, sort, page: 1, phase: null });
  params.set('sort', sort.key);
  params.set('direction', sort.direction);
  if (tab !== null) params.set('phase', tab);
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params.toString();
}

/** Every page of a tab, following `next` from the first page. */
async function walkForward(
  path: string,
  filters: ApplicantFilters,
  sort: ApplicantSort,
  tab: string | null,
  per: number,
) {
  const pages: ApplicantListPage[] = [];
  let cursor: string | null = null;
  do {
    const extra: Record<string, string | number> = { per };
    if (cursor) extra.cursor = cursor;
    const page = applicantListPage.parse(
      ok(await get('primary', `${path}/list?${query(filters, sort, tab, extra)}`)),
    );
    pages.push(page);
    cursor = page.next;
  } while (cursor && pages.length < 100);
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  const place = (latitude: number, longitude: number) => ({ latitude, longitude });
  p = await createPeople(t, {
    a: { name: 'Graduate programme', locations: [place(-33.92, 18.42), place(-26.2, 28.04)] },
    b: { name: 'Elsewhere' },
  });
  organizationId = p.a.organizationId;
  workspaceId = p.a.opportunityId;
  foreignId = p.b.opportunityId;
  workspacePhases = await createPhases(workspaceId, ['Applied', 'Interview', 'Offer']);
  reference = await createApplicantReference(t.database.db);
  const { applicationIds } = await insertApplicants(t.database.db, {
    opportunityId: workspaceId,
    count: 60,
    seed: 11,
    now: t.clock.now,
    phaseIds: [null, ...workspacePhases],
    locationIds: p.a.locationIds,
    reference,
    organizationId,
    otherOrganizationId: p.b.organizationId,
  });
  await rateByColleagues(applicationIds, 11);
  await insertApplicants(t.database.db, {
    opportunityId: foreignId,
    count: 5,
    seed: 12,
    now: t.clock.now,
    phaseIds: [null],
    locationIds: [],
    reference,
    organizationId: p.b.organizationId,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

// ------------------------------------------------------------------ generated views

const pick = <T>(list: readonly T[]) => fc.subarray([...list], { minLength: 1 });

/** Up to three filters at once, so that views keep some rows as often as they keep none. */
function filtersArbitrary(locationIds: number[]): fc.Arbitrary<ApplicantFilters> {
  const parts: Record<keyof ApplicantFilters, fc.Arbitrary<unknown>> = {
    name: fc.constantFrom('th', 'SIP', 'é', 'e', 'van d', 'o n', 'zz', '  ', 'Nkosi'),
    location: fc.constantFrom('-33.9249,18.4241', '-26.2041, 28.0473', 'nowhere', '-29.85,31.02'),
    distance: fc.constantFrom(0, 5, 20, 30, 500),
    grade: fc
      .tuple(fc.constantFrom(0, 30, 50, 64.5, 75), fc.constantFrom(60, 80, 95.5, 100))
      .map(([min, max]) => ({ min, max })),
    categories: pick(reference.categoryIds),
    disciplines: pick(reference.disciplineIds),
    institutions: pick(reference.institutionIds),
    types: pick(reference.typeIds),
    ethnicities: pick(ethnicityValues),
    genders: pick(genderValues),
    locations: pick(locationIds),
    period: fc.constantFrom(...qualificationPeriods),
    multiple: fc.boolean(),
    verified: fc.boolean(),
    complete: fc.boolean(),
    referred: fc.boolean(),
    eligible: fc.boolean(),
  };
  const keys = Object.keys(parts) as (keyof ApplicantFilters)[];
  return fc
    .subarray(keys, { maxLength: 3 })
    .chain((chosen) => {
      // A distance needs its place: they come together.
      const withPlace =
        chosen.includes('distance') || chosen.includes('location')
          ? [...new Set([...chosen, 'location' as const, 'distance' as const])]
          : chosen;
      return fc.record(Object.fromEntries(withPlace.map((key) => [key, parts[key]])));
    })
    .map((filters) => filters as ApplicantFilters);
}

const sortArbitrary: fc.Arbitrary<ApplicantSort> = fc.record({
  key: fc.constantFrom(...applicantSortKeys),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
});

describe('the list in server mode (the SQL twins of the tracker rules)', () => {
  it('keeps, orders, counts and pages exactly as the shared rules do, on random workspaces and views', async () => {
    let world = 0;
    let viewsKept = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 40 }),
        async (seed, count) => {
          world += 1;
          const [opportunity] = await createOpportunities(t.database, [
            {
              organizationId,
              name: `Random workspace ${world}`,
              locations: [
                { latitude: -33.9, longitude: 18.4 },
                { latitude: -26.2, longitude: 28 },
              ],
            },
          ]);
          const id = opportunity!.id;
          const locationIds = opportunity!.locations.map((l) => l.id);
          const chain = await createPhases(id, ['Applied', 'Shortlist']);
          const generated = await insertApplicants(t.database.db, {
            opportunityId: id,
            count,
            seed,
            now: t.clock.now,
            phaseIds: [null, ...chain],
            locationIds,
            reference,
            organizationId,
            otherOrganizationId: p.b.organizationId,
          });
          await rateByColleagues(generated.applicationIds, seed);
          const rows = await loadRows(id);
          const path = `/api/client/opportunities/${id}/applications`;
          const tabs = [...chain.map(String), 'regretted', 'withdrawn'];

          const views = fc.sample(
            fc.tuple(
              filtersArbitrary(locationIds),
              sortArbitrary,
              fc.option(fc.constantFrom(...tabs, 'active', 'first')),
              fc.integer({ min: 1, max: 9 }),
            ),
            { numRuns: 6, seed },
          );
          for (const [filters, sort, tab, per] of views) {
            const kept = filterApplicants(rows, filters, t.clock.now);
            const ordered = sortApplicants(kept, sort);
            const standing = (row: ApplicantRow) => standingOf(row, chain[0]!);
            // `first`: the workspace's first tab, its initial phase.
            const inTab = (row: ApplicantRow) =>
              tab === null ||
              (tab === 'active'
                ? row.archivedAt === null && row.regrettedAt === null
                : standing(row) === (tab === 'first' ? String(chain[0]) : tab));
            const expected = ordered.filter(inTab).map((row) => row.id);
            const context = JSON.stringify({ filters, sort, tab, per });
            if (expected.length > 1) viewsKept += 1;

            const ids = applicantIdList.parse(
              ok<ApplicantIdList>(await get('primary', `${path}/ids?${query(filters, sort, tab)}`)),
            );
            expect(ids.ids, context).toEqual(expected);

            const pages = await walkForward(path, filters, sort, tab, per);
            expect(
              pages.flatMap((page) => page.items.map((row) => row.id)),
              context,
            ).toEqual(expected);
            const [first] = pages;
            expect(first!.all, context).toBe(rows.length);
            expect(first!.total, context).toBe(kept.length);
            expect(first!.inTab, context).toBe(expected.length);
            for (const key of tabs) {
              expect(first!.tabs[key] ?? 0, `${context} ${key}`).toBe(
                kept.filter((row) => standing(row) === key).length,
              );
            }
            // Back from the last page, page by page, to the first.
            const back: number[][] = [];
            let previous = pages.at(-1)!.previous;
            while (previous) {
              const page = applicantListPage.parse(
                ok(
                  await get(
                    'primary',
                    `${path}/list?${query(filters, sort, tab, { per, cursor: previous })}`,
                  ),
                ),
              );
              back.unshift(page.items.map((row) => row.id));
              previous = page.previous;
            }
            expect([...back.flat(), ...pages.at(-1)!.items.map((row) => row.id)], context).toEqual(
              expected,
            );
          }
        },
      ),
      { numRuns: 8, seed: 20261129 },
    );
    // The views were not all empty: most ordered more than one applicant.
    expect(viewsKept).toBeGreaterThan(20);
  }, 600_000);
});

describe('the list in server mode', () => {
  const list = () => `/api/client/opportunities/${workspaceId}/applications/list`;

  it('answers the first page of a tab with the counts of every tab and a cursor to the next', async () => {
    const phase = String(workspacePhases[0]);
    const body = applicantListPage.parse(
      ok(await get('manager', `${list()}?phase=${phase}&per=5`)),
    );
    expect(body.all).toBe(60);
    expect(body.total).toBe(60);
    expect(body.items).toHaveLength(Math.min(5, body.inTab));
    expect(body.inTab).toBe(body.tabs[phase]);
    expect(body.previous).toBeNull();
    expect(body.next === null).toBe(body.inTab <= 5);
    const sum = workspacePhases.reduce((n, id) => n + (body.tabs[String(id)] ?? 0), 0);
    expect(sum + body.tabs.regretted! + body.tabs.withdrawn!).toBe(60);
  });

  it("reads the tab first as the workspace's initial phase, and refuses it across workspaces", async () => {
    const first = applicantListPage.parse(ok(await get('manager', `${list()}?phase=first&per=5`)));
    const initial = applicantListPage.parse(
      ok(await get('manager', `${list()}?phase=${workspacePhases[0]}&per=5`)),
    );
    expect(first).toEqual(initial);
    const ids = await get(
      'manager',
      `/api/client/opportunities/${workspaceId}/applications/ids?phase=first`,
    );
    expect(ids.json()).toEqual(
      ok(
        await get(
          'manager',
          `/api/client/opportunities/${workspaceId}/applications/ids?phase=${workspacePhases[0]}`,
        ),
      ),
    );
    const across = await get('manager', '/api/client/applications/list?phase=first');
    expect(across.statusCode).toBe(422);
    expect(across.json().errors.phase).toHaveLength(1);
  });

  it('refuses a cursor it did not write with 422 and a message on the cursor', async () => {
    for (const cursor of ['nonsense!', 'bm9uc2Vuc2U', encodeURIComponent('{"id":1}')]) {
      const response = await get('manager', `${list()}?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(422);
      expect(response.json().errors.cursor).toEqual([CURSOR_MESSAGE]);
    }
  });

  it('refuses with 422 a cursor written for another sort', async () => {
    const cursor = encodeApplicantCursor({
      key: 'completion',
      direction: 'desc',
      rank: true,
      value: 80,
      id: 1,
      before: false,
    });
    const response = await get('manager', `${list()}?cursor=${cursor}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.cursor).toEqual([CURSOR_MESSAGE]);
    expect(
      (await get('manager', `${list()}?cursor=${cursor}&sort=completion&direction=desc`))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a tab that is none with 422 and a message on it, and a page too large', async () => {
    const tab = await get('manager', `${list()}?phase=everyone`);
    expect(tab.statusCode).toBe(422);
    expect(tab.json().errors.phase).toBeDefined();
    expect((await get('manager', `${list()}?per=1000`)).statusCode).toBe(422);
  });

  it("answers 404 for another organization's workspace and for a colleague who does not manage it", async () => {
    for (const path of ['list', 'ids']) {
      const foreign = `/api/client/opportunities/${foreignId}/applications/${path}`;
      expect((await get('primary', foreign)).statusCode).toBe(404);
      expect(
        (await get('bystander', `/api/client/opportunities/${workspaceId}/applications/${path}`))
          .statusCode,
      ).toBe(404);
      expect(
        (await get('otherClient', `/api/client/opportunities/${workspaceId}/applications/${path}`))
          .statusCode,
      ).toBe(404);
    }
  });

  it('across workspaces lists only the workspaces the user sees, with an In progress tab', async () => {
    const mine = applicantListPage.parse(
      ok(await get('otherClient', '/api/client/applications/list?phase=active&per=100')),
    );
    expect(mine.all).toBe(5);
    expect(mine.items.every((row) => row.opportunityId === foreignId)).toBe(true);
    expect(mine.tabs.active! + mine.tabs.regretted! + mine.tabs.withdrawn!).toBe(5);
    const ids = applicantIdList.parse(
      ok(await get('otherClient', '/api/client/applications/ids?phase=active')),
    );
    expect(ids.ids).toEqual(mine.items.map((row) => row.id));
    // A colleague managing nothing sees nothing.
    const none = applicantListPage.parse(
      ok(await get('bystander', '/api/client/applications/list')),
    );
    expect(none).toMatchObject({ all: 0, total: 0, items: [], next: null });
  });

  it('gives the ids of every filtered applicant of a tab, in the order of the pages', async () => {
    const filters: ApplicantFilters = { complete: true };
    const sort: ApplicantSort = { key: 'profile.lastName.sort', direction: 'desc' };
    const path = `/api/client/opportunities/${workspaceId}/applications`;
    const { ids } = applicantIdList.parse(
      ok(await get('manager', `${path}/ids?${query(filters, sort, null)}`)),
    );
    const pages = await walkForward(path, filters, sort, null, 25);
    expect(pages.flatMap((page) => page.items.map((row) => row.id))).toEqual(ids);
    expect(ids.length).toBe(pages[0]!.total);
    expect(ids.length).toBeGreaterThan(0);
  });
});

describe('the documentation of the list', () => {
  it('documents the list and the ids with their query and answer, from the shared schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    const list = paths['/api/client/opportunities/{id}/applications/list'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['id', 'sort', 'direction', 'phase', 'per', 'cursor']),
    );
    expect(
      Object.keys(list.responses['200'].content['application/json'].schema.properties),
    ).toEqual(
      expect.arrayContaining(['items', 'all', 'total', 'inTab', 'tabs', 'next', 'previous']),
    );
    expect(paths['/api/client/opportunities/{id}/applications/ids'].get).toBeDefined();
    expect(paths['/api/client/applications/list'].get).toBeDefined();
    expect(paths['/api/client/applications/ids'].get).toBeDefined();
  });
});
