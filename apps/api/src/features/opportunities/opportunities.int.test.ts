import {
  candidateOpportunitySearchQuery,
  opportunitySearchQuery,
  type OpportunityList,
  type OpportunityListItem,
} from '@pathways/shared/opportunities/opportunities.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

import { opportunities, organizationLocations, organizations } from '../../db/schema/index.ts';

import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import {
  createDisciplines,
  createEligibility,
  createOpportunities,
  createOrganization,
  createQualificationTypes,
  createRequirement,
  ok,
  randomFrom,
  type OpportunitySeed,
} from '../../test/factories.ts';
import { createOpportunitiesService } from './opportunities.service.ts';

// The search over generated data: every answer is checked against the same question asked of
// the generated rows in plain TypeScript, with an independent haversine (R = 6371 km).

const DAY = 86_400_000;
const capeTown = { latitude: -33.9249, longitude: 18.4241 };
const durban = { latitude: -29.8587, longitude: 31.0218 };

interface Point {
  latitude: number;
  longitude: number;
}

/** Written out again here on purpose: the test must not share the code under test. */
function haversine(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const s1 = Math.sin(((b.latitude - a.latitude) * rad) / 2);
  const s2 = Math.sin(((b.longitude - a.longitude) * rad) / 2);
  const h = s1 * s1 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * s2 * s2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface Generated {
  id: number;
  name: string;
  kind: 'job' | 'bursary' | 'scholarship';
  organizationId: number;
  organizationName: string;
  publishedAt: Date | null;
  opensAt: Date | null;
  closesAt: Date | null;
  locations: (Point & { id: number })[];
  /** The qualification requirement's lists and level, when it has one. */
  qualification: { disciplineIds: number[]; typeIds: number[]; minNqf: number | null } | null;
  eligible?: boolean | null;
}

let t: TestApp;
let now: Date;
let generated: Generated[];
let candidate: { id: number; token: string };
let organizationIds: number[];
let disciplineIds: number[];
let types: { id: number; nqfLevel: number }[];

const ORGANIZATION_NAMES = ['Indlovu Bank', 'Baobab Telecom', 'Karoo Mining', 'Fynbos 100% Foods'];
const OPPORTUNITY_NAMES = [
  'Graduate Programme',
  'Engineering Bursary',
  'Banking Internship',
  'Law Scholarship',
  'Data Analyst',
  'Mining Learnership',
];

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now;
  const rng = randomFrom(20261120);
  const organizations = [];
  for (const name of ORGANIZATION_NAMES) {
    organizations.push(await createOrganization(t.database, { name, logo: `/logos/${name}.png` }));
  }
  organizationIds = organizations.map((o) => o.id);
  disciplineIds = (await createDisciplines(t.database, ['Accounting', 'Law', 'Engineering'])).map(
    (d) => d.id,
  );
  types = (
    await createQualificationTypes(t.database, [
      { name: 'NSC', nqfLevel: 4 },
      { name: 'Diploma', nqfLevel: 6 },
      { name: 'Bachelor', nqfLevel: 7 },
      { name: 'Honours', nqfLevel: 8 },
    ])
  ).map((q) => ({ id: q.id, nqfLevel: q.nqfLevel! }));

  const seeds: (OpportunitySeed & { organizationName: string })[] = [];
  const earlier: Point[] = [];
  for (let i = 0; i < 160; i += 1) {
    const org = rng.int(0, organizations.length - 1);
    const published = rng.next();
    const opens = rng.int(-60, 20);
    const locationCount = rng.chance(0.08) ? 0 : rng.int(1, 3);
    const locations = Array.from({ length: locationCount }, () => {
      // Some share a point exactly with an earlier one: equal distances must still page cleanly.
      const point =
        earlier.length > 0 && rng.chance(0.1)
          ? rng.pick(earlier)
          : { latitude: rng.float(-34.6, -22.3), longitude: rng.float(17, 32.8) };
      earlier.push(point);
      return { ...point, city: 'Somewhere' };
    });
    seeds.push({
      organizationId: organizations[org]!.id,
      organizationName: ORGANIZATION_NAMES[org]!,
      name: `${rng.pick(OPPORTUNITY_NAMES)} ${i}`,
      kind: rng.pick(['job', 'bursary', 'scholarship'] as const),
      publishedAt:
        published < 0.85
          ? new Date(now.getTime() - rng.int(1, 90) * DAY)
          : published < 0.93
            ? null
            : new Date(now.getTime() + rng.int(1, 5) * DAY),
      opensAt: rng.chance(0.05) ? null : new Date(now.getTime() + opens * DAY),
      closesAt: rng.chance(0.1) ? null : new Date(now.getTime() + (opens + rng.int(5, 60)) * DAY),
      commencesAt: new Date(now.getTime() + 200 * DAY),
      locations,
    });
  }
  const rows = await createOpportunities(t.database, seeds);
  generated = rows.map((row, i) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    organizationId: row.organizationId,
    organizationName: seeds[i]!.organizationName,
    publishedAt: row.publishedAt,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    locations: row.locations.map((l) => ({
      id: l.id,
      latitude: l.latitude,
      longitude: l.longitude,
    })),
    qualification: null,
  }));

  for (const g of generated) {
    if (!rng.chance(0.6)) continue;
    // A qualification requirement with any mix of a level, a type list and disciplines.
    const q = {
      minNqf: rng.chance(0.5) ? rng.int(4, 8) : null,
      typeIds: rng.chance(0.3) ? [rng.pick(types).id] : [],
      disciplineIds: rng.chance(0.5)
        ? [...new Set([rng.pick(disciplineIds), rng.pick(disciplineIds)])]
        : [],
    };
    g.qualification = q;
    await createRequirement(t.database, g.id, {
      kind: 'qualification',
      ...(q.minNqf !== null ? { minimumNqfLevel: q.minNqf } : {}),
      ...(q.typeIds.length ? { qualificationTypeIds: q.typeIds } : {}),
      ...(q.disciplineIds.length ? { disciplineIds: q.disciplineIds } : {}),
      statuses: ['completed', 'current'],
    });
  }

  const user = await createUser(t.database, { role: 'candidate' });
  candidate = { id: user.id, token: await loginAs(t.app, user.email, user.password) };
  for (const g of generated) {
    if (rng.chance(0.3)) {
      g.eligible = rng.pick([true, false, null]);
      await createEligibility(t.database, candidate.id, g.id, g.eligible);
    }
  }
});

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- expectations in plain code

const isPublished = (g: Generated) => g.publishedAt !== null && g.publishedAt <= now;
const isOpenNow = (g: Generated) =>
  g.opensAt !== null && g.opensAt < now && (g.closesAt === null || g.closesAt > now);
const isClosedNow = (g: Generated) => g.closesAt !== null && g.closesAt <= now;
/** What a search lists unless closed ones are asked for: published and not closed. */
const isListed = (g: Generated) => isPublished(g) && !isClosedNow(g);
const nearest = (g: Generated, p: Point) =>
  g.locations.length === 0 ? null : Math.min(...g.locations.map((l) => haversine(p, l)));

/** Listed matches in the search's order: nearest first, then unlocated newest first. */
function expectedByDistance(
  p: Point,
  keep: (g: Generated) => boolean = () => true,
  listed: (g: Generated) => boolean = isListed,
): number[] {
  const matches = generated.filter((g) => listed(g) && keep(g));
  const located = matches
    .filter((g) => g.locations.length > 0)
    .map((g) => ({ id: g.id, d: nearest(g, p)! }))
    .sort((a, b) => a.d - b.d || a.id - b.id)
    .map((x) => x.id);
  return [...located, ...newestFirst(matches.filter((g) => g.locations.length === 0))];
}

/**
 * Newest first: those already opened, latest opening first; then those still to open, soonest
 * first; then those without an opening date; ties by id, highest first.
 */
function newestFirst(list: Generated[]): number[] {
  const group = (g: Generated) => (g.opensAt === null ? 2 : g.opensAt < now ? 0 : 1);
  return [...list]
    .sort((a, b) => {
      if (group(a) !== group(b)) return group(a) - group(b);
      const ta = a.opensAt?.getTime() ?? 0;
      const tb = b.opensAt?.getTime() ?? 0;
      if (ta !== tb) return group(a) === 0 ? tb - ta : ta - tb;
      return b.id - a.id;
    })
    .map((g) => g.id);
}

const matchIds = (keep: (g: Generated) => boolean) =>
  generated
    .filter((g) => isListed(g) && keep(g))
    .map((g) => g.id)
    .sort((a, b) => a - b);

// ---------------------------------------------------------------- HTTP helpers

async function search(query: string, token?: string): Promise<OpportunityList> {
  return ok(
    await t.app.inject({
      method: 'GET',
      url: `/api/${token ? 'candidate/' : ''}opportunities?${query}`,
      headers: token ? bearer(token) : {},
    }),
  );
}

/** Every page of a search, in order, checking the paging as it goes. */
async function allPages(query: string, per: number, token?: string) {
  const items: OpportunityListItem[] = [];
  let total = -1;
  for (let page = 1; page < 1000; page += 1) {
    const body = await search(`${query}&per=${per}&page=${page}`, token);
    expect(body.page).toBe(page);
    expect(body.per).toBe(per);
    if (total === -1) total = body.total;
    expect(body.total).toBe(total);
    expect(body.items.length).toBeLessThanOrEqual(per);
    items.push(...body.items);
    if (body.items.length < per) break;
  }
  return { items, ids: items.map((i) => i.id), total };
}

const at = (p: Point) => `latitude=${p.latitude}&longitude=${p.longitude}`;

// ---------------------------------------------------------------- tests

describe('distance search', () => {
  it('orders by the nearest location, as an independent haversine says', async () => {
    for (const p of [capeTown, durban]) {
      const { items, ids, total } = await allPages(at(p), 25);
      const expected = expectedByDistance(p);
      expect(total).toBe(expected.length);
      expect(ids).toEqual(expected);
      for (const item of items) {
        const g = generated.find((x) => x.id === item.id)!;
        const d = nearest(g, p);
        expect(item.locationCount).toBe(g.locations.length);
        if (d === null) {
          expect(item.distanceInMeters).toBeNull();
          expect(item.locations).toEqual([]);
        } else {
          expect(Math.abs(item.distanceInMeters! - d)).toBeLessThanOrEqual(0.5);
          // Its two nearest places, nearest first; the first is the one measured. (Places at
          // the very same distance may come either way: distances are compared.)
          const mine = new Set(g.locations.map((l) => l.id));
          expect(item.locations.every((l) => mine.has(l.id))).toBe(true);
          const nearestTwo = g.locations
            .map((l) => haversine(p, l))
            .sort((a, b) => a - b)
            .slice(0, 2);
          const given = item.locations.map((l) => haversine(p, l));
          expect(given).toHaveLength(nearestTwo.length);
          given.forEach((value, i) => expect(value).toBeCloseTo(nearestTwo[i]!, 3));
          expect(Math.abs(given[0]! - d)).toBeLessThan(1e-6);
        }
      }
    }
  });

  it('pages without overlap or gaps, whatever the page size', async () => {
    const expected = expectedByDistance(capeTown);
    for (const per of [1, 7, 10, 100]) {
      const { ids, total } = await allPages(at(capeTown), per);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
    }
    const past = await search(`${at(capeTown)}&per=10&page=99`);
    expect(past).toMatchObject({ items: [], page: 99, total: expected.length });
  });

  it('finds the same pages by walking the index and by measuring every match', async () => {
    const deps = { db: t.database.db, now: () => now, config: t.config };
    const walk = createOpportunitiesService(deps, { walkMinMatches: 0 });
    const matching = createOpportunitiesService(deps, { walkMinMatches: Infinity });
    for (const params of [
      {},
      { kind: 'bursary' },
      { open: 'true' },
      { organization: String(organizationIds[1]) },
    ]) {
      const keep = (g: Generated) =>
        (!('kind' in params) || g.kind === params.kind) &&
        (!('open' in params) || isOpenNow(g)) &&
        (!('organization' in params) || g.organizationId === organizationIds[1]);
      const expected = expectedByDistance(durban, keep);
      for (const service of [walk, matching]) {
        const ids: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 9) + 1; page += 1) {
          const query = opportunitySearchQuery.parse({ ...params, ...durban, per: 9, page });
          ids.push(...(await service.search(query)).items.map((i) => i.id));
        }
        expect(ids).toEqual(expected);
      }
    }
  });

  it('sorts by distance descending, unlocated still last', async () => {
    const ascending = expectedByDistance(capeTown).filter(
      (id) => generated.find((g) => g.id === id)!.locations.length > 0,
    );
    const { ids } = await allPages(`${at(capeTown)}&sort=distance_in_meters+DESC`, 25);
    expect(ids.slice(0, ascending.length)).toEqual([...ascending].reverse());
  });

  it('falls back to newest first without coordinates', async () => {
    const body = await search('per=100');
    expect(body.sort).toEqual({ field: 'opens_at', direction: 'DESC' });
    expect(body.items.every((i) => i.distanceInMeters === null)).toBe(true);
    // Without a point, each carries the first two places made and counts them all.
    for (const item of body.items) {
      const g = generated.find((x) => x.id === item.id)!;
      const firstTwo = g.locations
        .map((l) => l.id)
        .sort((a, b) => a - b)
        .slice(0, 2);
      expect(item.locations.map((l) => l.id)).toEqual(firstTwo);
      expect(item.locationCount).toBe(g.locations.length);
    }
    expect(body.items.some((i) => i.locationCount > i.locations.length)).toBe(true);
    // Pages of several sizes, so pages straddle where the opened ones end and the rest begin.
    for (const per of [7, 40]) {
      const { ids } = await allPages('', per);
      expect(ids).toEqual(newestFirst(generated.filter(isListed)));
    }
    const asked = await search('per=100&sort=distance_in_meters');
    expect(asked.sort).toEqual({ field: 'opens_at', direction: 'DESC' });
  });

  it('echoes the default sort, page size and search', async () => {
    const body = await search(`${at(capeTown)}&search=%20bank%20`);
    expect(body).toMatchObject({
      page: 1,
      per: 25,
      search: 'bank',
      sort: { field: 'distance_in_meters', direction: 'ASC' },
      filters: {},
    });
  });
});

describe('closed opportunities', () => {
  it('are left out unless asked for, and then listed as not open', async () => {
    const closed = generated.filter((g) => isPublished(g) && isClosedNow(g)).map((g) => g.id);
    expect(closed.length).toBeGreaterThan(0);
    for (const query of [at(capeTown), '', 'sort=closes_at', 'sort=name']) {
      const { ids } = await allPages(query, 50);
      expect(ids.filter((id) => closed.includes(id))).toEqual([]);
    }
    const asked = await allPages(`${at(capeTown)}&include_closed=true`, 50);
    expect(asked.ids).toEqual(expectedByDistance(capeTown, () => true, isPublished));
    expect(asked.ids).toEqual(expect.arrayContaining(closed));
    for (const item of asked.items.filter((i) => closed.includes(i.id))) {
      expect(item.isOpen).toBe(false);
    }
    const body = await search('include_closed=1&per=1');
    expect(body.filters).toEqual({ includeClosed: true });
    expect(body.total).toBe(generated.filter(isPublished).length);
    expect((await search('include_closed=false&per=1')).filters).toEqual({});
  });

  it('are left out of what a candidate qualifies for, however they qualified', async () => {
    const closedButEligible = generated.filter(
      (g) => isPublished(g) && isClosedNow(g) && g.eligible === true,
    );
    expect(closedButEligible.length).toBeGreaterThan(0);
    const { ids } = await allPages(`${at(capeTown)}&eligible=true`, 50, candidate.token);
    expect(ids.filter((id) => closedButEligible.some((g) => g.id === id))).toEqual([]);
  });

  it('are found alike by walking the index and by measuring every match', async () => {
    const deps = { db: t.database.db, now: () => now, config: t.config };
    for (const walkMinMatches of [0, Infinity]) {
      const service = createOpportunitiesService(deps, { walkMinMatches });
      for (const [params, listed] of [
        [{}, isListed],
        [{ include_closed: 'true' }, isPublished],
      ] as const) {
        const expected = expectedByDistance(durban, () => true, listed);
        const ids: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 9) + 1; page += 1) {
          const query = opportunitySearchQuery.parse({ ...params, ...durban, per: 9, page });
          ids.push(...(await service.search(query)).items.map((i) => i.id));
        }
        expect(ids).toEqual(expected);
      }
    }
  });

  it('newest first starts with what is open, not with what opens later', async () => {
    const { items } = await allPages('sort=opens_at+DESC&include_closed=true', 40);
    const upcoming = (i: OpportunityListItem) => i.opensAt !== null && new Date(i.opensAt) >= now;
    expect(items.some(upcoming)).toBe(true);
    const firstUpcoming = items.findIndex(upcoming);
    expect(firstUpcoming).toBeGreaterThan(0);
    const opened = items.filter((i) => i.opensAt !== null && new Date(i.opensAt) < now);
    expect(items.slice(0, opened.length)).toEqual(opened);
    expect(items.map((i) => i.id)).toEqual(newestFirst(generated.filter(isPublished)));
  });
});

describe('sorting by a column', () => {
  const byDate = (key: 'opensAt' | 'closesAt', direction: 1 | -1) =>
    generated
      .filter(isListed)
      .sort((a, b) => {
        const ta = a[key]?.getTime() ?? null;
        const tb = b[key]?.getTime() ?? null;
        if (ta !== tb) return ta === null ? 1 : tb === null ? -1 : direction * (ta - tb);
        return direction * (a.id - b.id);
      })
      .map((g) => g.id);

  it('sorts by closing and opening date either way, unset dates last', async () => {
    expect((await allPages('sort=closes_at', 30)).ids).toEqual(byDate('closesAt', 1));
    expect((await allPages('sort=closes_at+DESC', 30)).ids).toEqual(byDate('closesAt', -1));
    expect((await allPages(`sort=opens_at+ASC&${at(durban)}`, 30)).ids).toEqual(
      byDate('opensAt', 1),
    );
  });

  it('sorts by name and still measures distances', async () => {
    const { items } = await allPages(`sort=name&${at(capeTown)}`, 50);
    const names = items.map((i) => i.name);
    for (let i = 1; i < items.length; i += 1) {
      // Same collation question as the database's for these ASCII names.
      expect(names[i - 1]! <= names[i]! || names[i - 1]!.localeCompare(names[i]!) <= 0).toBe(true);
    }
    const located = items.find((i) => i.locations.length > 0)!;
    const g = generated.find((x) => x.id === located.id)!;
    expect(Math.abs(located.distanceInMeters! - nearest(g, capeTown)!)).toBeLessThanOrEqual(0.5);
  });
});

describe('filters', () => {
  async function expectFilter(query: string, keep: (g: Generated) => boolean, token?: string) {
    const { ids, total } = await allPages(`${at(capeTown)}&${query}`, 50, token);
    expect(ids).toEqual(expectedByDistance(capeTown, keep));
    expect(total).toBe(matchIds(keep).length);
    expect(total).toBeGreaterThan(0);
  }

  it('filters by kind, one or several', async () => {
    await expectFilter('kind=bursary', (g) => g.kind === 'bursary');
    await expectFilter('kind=job,scholarship', (g) => g.kind !== 'bursary');
    await expectFilter('kind=job&kind=scholarship', (g) => g.kind !== 'bursary');
  });

  it('filters by organization', async () => {
    const [a, b] = organizationIds;
    await expectFilter(`organization=${a}`, (g) => g.organizationId === a);
    await expectFilter(`organization=${a},${b}`, (g) => [a, b].includes(g.organizationId));
  });

  it('filters by discipline: opportunities that ask for studies in it', async () => {
    const [accounting, law] = disciplineIds;
    const asks = (g: Generated) => g.qualification?.disciplineIds ?? [];
    await expectFilter(`discipline=${accounting}`, (g) => asks(g).includes(accounting!));
    await expectFilter(`discipline=${accounting},${law}`, (g) =>
      asks(g).some((d) => d === accounting || d === law),
    );
  });

  it('filters by qualification type: a qualification of the type meets the requirement', async () => {
    const meets = (g: Generated, type: { id: number; nqfLevel: number }) => {
      const q = g.qualification;
      if (!q) return false;
      if (q.typeIds.length === 0 && q.minNqf === null) return true;
      return q.typeIds.includes(type.id) || (q.minNqf !== null && type.nqfLevel >= q.minNqf);
    };
    for (const type of [types[0]!, types[2]!]) {
      await expectFilter(`qualification_type=${type.id}`, (g) => meets(g, type));
    }
    await expectFilter(
      `qualification_type=${types[0]!.id},${types[3]!.id}`,
      (g) => meets(g, types[0]!) || meets(g, types[3]!),
    );
  });

  it('filters to opportunities open now', async () => {
    await expectFilter('open=true', isOpenNow);
    const body = await search(`open=true&per=100`);
    expect(body.items.every((i) => i.isOpen)).toBe(true);
    expect(body.filters).toEqual({ open: true });
    const all = await search('per=100&open=false');
    expect(all.items.some((i) => !i.isOpen)).toBe(true);
    expect(all.filters).toEqual({});
  });

  it("filters a candidate's search to what they qualify for", async () => {
    await expectFilter('eligible=true', (g) => g.eligible === true, candidate.token);
  });

  it('searches the opportunity and organization names, case-insensitively', async () => {
    const has = (text: string) => (g: Generated) =>
      g.name.toLowerCase().includes(text) || g.organizationName.toLowerCase().includes(text);
    await expectFilter('search=BANK', has('bank'));
    await expectFilter('search=engineering', has('engineering'));
    // LIKE's wildcards in the text match themselves.
    await expectFilter('search=%25', has('%'));
    expect((await search('search=_')).total).toBe(0);
  });

  it('combines filters and echoes them', async () => {
    const [a] = organizationIds;
    const keep = (g: Generated) => g.kind === 'job' && g.organizationId === a && isOpenNow(g);
    const body = await search(`kind=job&organization=${a}&open=1&per=100&${at(capeTown)}`);
    expect(body.items.map((i) => i.id)).toEqual(expectedByDistance(capeTown, keep));
    expect(body.filters).toEqual({ kind: ['job'], organization: [a], open: true });
  });

  it('never lists drafts or opportunities published later', async () => {
    const { ids } = await allPages('', 100);
    const hidden = generated.filter((g) => !isPublished(g)).map((g) => g.id);
    expect(hidden.length).toBeGreaterThan(0);
    expect(ids.filter((id) => hidden.includes(id))).toEqual([]);
  });
});

describe('guests and candidates', () => {
  it('shows guests no eligibility, and ignores their eligible filter', async () => {
    const body = await search(`${at(capeTown)}&per=100&eligible=true`);
    expect(body.total).toBe(matchIds(() => true).length);
    expect(body.filters).toEqual({});
    for (const item of body.items) expect(item).not.toHaveProperty('eligible');
  });

  it('shows a candidate their stored eligibility, null when never checked', async () => {
    const { items } = await allPages(at(capeTown), 100, candidate.token);
    expect(items.length).toBe(matchIds(() => true).length);
    for (const item of items) {
      const g = generated.find((x) => x.id === item.id)!;
      expect(item.eligible).toBe(g.eligible ?? null);
    }
    expect(items.some((i) => i.eligible === true)).toBe(true);
    expect(items.some((i) => i.eligible === false)).toBe(true);
  });

  it('keeps the candidate search for candidates', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/candidate/opportunities' })).statusCode,
    ).toBe(401);
    const client = await createUser(t.database, { role: 'client' });
    const token = await loginAs(t.app, client.email, client.password);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/opportunities',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('carries each item in the list shape', async () => {
    const body = await search(`${at(capeTown)}&per=3`, candidate.token);
    const item = body.items[0]!;
    const g = generated.find((x) => x.id === item.id)!;
    expect(item).toEqual({
      id: g.id,
      name: g.name,
      kind: g.kind,
      summary: null,
      logo: `/logos/${g.organizationName}.png`,
      publishedAt: g.publishedAt!.toISOString(),
      opensAt: g.opensAt?.toISOString() ?? null,
      closesAt: g.closesAt?.toISOString() ?? null,
      commencesAt: expect.any(String),
      isOpen: isOpenNow(g),
      organization: {
        id: g.organizationId,
        name: g.organizationName,
        logo: `/logos/${g.organizationName}.png`,
      },
      locations: expect.arrayContaining([
        expect.objectContaining({ id: expect.any(Number), latitude: expect.any(Number) }),
      ]),
      locationCount: g.locations.length,
      distanceInMeters: expect.any(Number),
      eligible: g.eligible ?? null,
    });
    expect(Object.keys(item.locations[0]!).sort()).toEqual(
      ['address', 'city', 'id', 'latitude', 'longitude'].sort(),
    );
  });
});

describe('invalid queries', () => {
  it.each([
    ['sort=price', 'sort'],
    ['sort=name+UP', 'sort'],
    ['per=0', 'per'],
    ['per=101', 'per'],
    ['per=ten', 'per'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['latitude=-33.9', 'latitude'],
    ['longitude=18.4', 'longitude'],
    ['latitude=-95&longitude=18', 'latitude'],
    ['latitude=-33&longitude=200', 'longitude'],
    ['latitude=abc&longitude=18', 'latitude'],
    ['kind=internship', 'kind'],
    ['organization=x', 'organization'],
    ['open=maybe', 'open'],
    ['include_closed=yes', 'include_closed'],
  ])('answers 422 for %s', async (query, field) => {
    for (const url of [`/api/opportunities?${query}`, `/api/candidate/opportunities?${query}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(candidate.token) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'validation',
        errors: { [field]: [expect.any(String)] },
      });
    }
  });

  it('parses the candidate query with the same rules', () => {
    expect(candidateOpportunitySearchQuery.safeParse({ per: '0' }).success).toBe(false);
  });
});

describe('the map', () => {
  async function locations(query: string, token = candidate.token) {
    return t.app.inject({
      method: 'GET',
      url: `/api/candidate/opportunity_locations?${query}`,
      headers: bearer(token),
    });
  }

  it('gives the nearest locations of published opportunities, nearest first', async () => {
    const body = ok(await locations(`geoCenter=${durban.latitude},${durban.longitude}&limit=40`));
    const expected = generated
      .filter(isListed)
      .flatMap((g) => g.locations.map((l) => ({ id: l.id, d: haversine(durban, l) })))
      .sort((a, b) => a.d - b.d || a.id - b.id)
      .slice(0, 40);
    expect(body.items.map((i: { id: number }) => i.id)).toEqual(expected.map((e) => e.id));
    expect(body).toMatchObject({ limit: 40, geoCenter: durban, filters: {} });
    const first = body.items[0];
    const g = generated.find((x) => x.locations.some((l) => l.id === first.id))!;
    expect(first).toEqual({
      id: expected[0]!.id,
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      address: expect.any(String),
      city: 'Somewhere',
      distanceInMeters: Math.round(expected[0]!.d),
      opportunity: { id: g.id, name: g.name, kind: g.kind, organizationName: g.organizationName },
    });
  });

  it('applies the filters and centres on Cape Town by default', async () => {
    const body = ok(await locations('kind=scholarship&eligible=true'));
    expect(body.geoCenter).toEqual({ latitude: capeTown.latitude, longitude: capeTown.longitude });
    const expected = generated
      .filter((g) => isListed(g) && g.kind === 'scholarship' && g.eligible === true)
      .flatMap((g) => g.locations.map((l) => ({ id: l.id, d: haversine(capeTown, l) })))
      .sort((a, b) => a.d - b.d || a.id - b.id);
    expect(body.items.map((i: { id: number }) => i.id)).toEqual(expected.map((e) => e.id));
    expect(body.filters).toEqual({ kind: ['scholarship'], eligible: true });
  });

  it('shows closed ones only when asked for', async () => {
    const closedPlaces = new Set(
      generated.filter((g) => isPublished(g) && isClosedNow(g)).flatMap((g) => g.locations),
    );
    const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id);
    const closedIds = [...closedPlaces].map((l) => l.id);
    const plain = ok(await locations('limit=500'));
    expect(ids(plain).filter((id) => closedIds.includes(id))).toEqual([]);
    const asked = ok(await locations('limit=500&include_closed=true'));
    expect(ids(asked)).toEqual(expect.arrayContaining(closedIds));
    expect(asked.filters).toEqual({ includeClosed: true });
  });

  it('refuses a bad centre or limit with a message on the field, and guests', async () => {
    for (const [query, field] of [
      ['geoCenter=-33.9', 'geoCenter'],
      ['geoCenter=north,south', 'geoCenter'],
      ['limit=501', 'limit'],
      ['limit=0', 'limit'],
      ['kind=internship', 'kind'],
    ] as const) {
      for (const res of [await locations(query), await guestLocations(query)]) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({ errors: { [field]: [expect.any(String)] } });
      }
    }
    const guest = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/opportunity_locations',
    });
    expect(guest.statusCode).toBe(401);
  });

  async function guestLocations(query: string) {
    return t.app.inject({ method: 'GET', url: `/api/opportunity_locations?${query}` });
  }

  it('gives a guest the same nearest locations, without eligibility', async () => {
    const query = `geoCenter=${durban.latitude},${durban.longitude}&limit=30&kind=job`;
    const asGuest = ok(await guestLocations(query));
    expect(asGuest).toEqual(ok(await locations(query)));
    const expected = generated
      .filter((g) => isListed(g) && g.kind === 'job')
      .flatMap((g) => g.locations.map((l) => ({ id: l.id, d: haversine(durban, l) })))
      .sort((a, b) => a.d - b.d || a.id - b.id)
      .slice(0, 30);
    expect(asGuest.items.map((i: { id: number }) => i.id)).toEqual(expected.map((e) => e.id));
    // "I qualify" is a candidate's filter: a guest's map does not know it.
    const withEligible = ok(await guestLocations('eligible=true'));
    expect(withEligible.filters).toEqual({});
  });
});

describe('the public opportunity page', () => {
  const detail = (id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/opportunities/${id}` });

  it('shows a published opportunity with locations, requirements and its JobPosting', async () => {
    const organization = await createOrganization(t.database, {
      name: 'Umoya Retail',
      website: 'https://umoya.example',
    });
    const [job] = await createOpportunities(t.database, [
      {
        organizationId: organization.id,
        name: 'Store Manager Trainee',
        kind: 'job',
        summary: 'Run a store in a year.',
        description: 'Learn every part of running a store.',
        publishedAt: new Date(now.getTime() - 3 * DAY),
        opensAt: new Date(now.getTime() - 2 * DAY),
        closesAt: new Date(now.getTime() + 20 * DAY),
        commencesAt: new Date(now.getTime() + 60 * DAY),
        positions: 4,
        valueMin: 240_000,
        valueMax: 300_000,
        employmentType: 'full_time',
        locations: [
          { latitude: -26.2, longitude: 28.04, address: '1 Main Road', city: 'Johannesburg' },
          { latitude: -33.92, longitude: 18.42, address: '2 Long Street', city: 'Cape Town' },
        ],
      },
    ]);
    // Published, it would join the search the other tests check against the generated rows.
    onTestFinished(async () => {
      await t.database.db.delete(opportunities).where(eq(opportunities.id, job!.id));
      await t.database.db.delete(organizations).where(eq(organizations.id, organization.id));
    });
    await createRequirement(
      t.database,
      job!.id,
      { kind: 'age', maximum: 30 },
      '30 years old or younger',
      1,
    );
    await createRequirement(
      t.database,
      job!.id,
      { kind: 'citizenship', countries: ['ZA'] },
      'South African citizens',
      0,
    );
    const body = ok(await detail(job!.id));
    expect(body).toMatchObject({
      id: job!.id,
      name: 'Store Manager Trainee',
      kind: 'job',
      description: 'Learn every part of running a store.',
      isOpen: true,
      isActive: true,
      positions: 4,
      currency: 'ZAR',
      employmentType: 'full_time',
      organization: { id: organization.id, name: 'Umoya Retail', website: 'https://umoya.example' },
      requirements: [
        { kind: 'citizenship', description: 'South African citizens' },
        { kind: 'age', description: '30 years old or younger' },
      ],
    });
    expect(body.locations.map((l: { city: string }) => l.city)).toEqual([
      'Johannesburg',
      'Cape Town',
    ]);
    expect(body.jobPosting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Store Manager Trainee',
      url: `http://pathways.test/opportunities/${job!.id}/store-manager-trainee`,
      hiringOrganization: { name: 'Umoya Retail', sameAs: 'https://umoya.example' },
      validThrough: job!.closesAt!.toISOString(),
      baseSalary: { currency: 'ZAR', value: { minValue: 240_000, maxValue: 300_000 } },
      totalJobOpenings: 4,
      employmentType: 'FULL_TIME',
    });
    expect(body.jobPosting.jobLocation).toHaveLength(2);
  });

  it("places a job with no place of its own at its organization's address, else only in the country, and never claims a closed one is open", async () => {
    const housed = await createOrganization(t.database, { name: 'Ilanga Foods' });
    const bare = await createOrganization(t.database, { name: 'Vula Services' });
    await t.database.db.insert(organizationLocations).values([
      {
        organizationId: housed.id,
        address: '5 Dock Road, Cape Town',
        city: 'Cape Town',
        province: 'Western Cape',
        latitude: -33.905,
        longitude: 18.42,
      },
      {
        organizationId: housed.id,
        address: '9 Second Street, Durban',
        city: 'Durban',
        latitude: -29.86,
        longitude: 31.03,
      },
    ]);
    const job = (organizationId: number, name: string, window: object = {}) => ({
      organizationId,
      name,
      kind: 'job' as const,
      publishedAt: new Date(now.getTime() - 40 * DAY),
      opensAt: new Date(now.getTime() - 30 * DAY),
      closesAt: new Date(now.getTime() + 20 * DAY),
      locations: [],
      ...window,
    });
    const [atHead, nowhere, closed, undated] = await createOpportunities(t.database, [
      job(housed.id, 'Packer'),
      job(bare.id, 'Call Centre Agent'),
      job(bare.id, 'Closed Agent', { closesAt: new Date(now.getTime() - DAY) }),
      job(bare.id, 'Undated Agent', { opensAt: null }),
    ]);
    onTestFinished(async () => {
      await t.database.db.delete(organizations).where(eq(organizations.id, housed.id));
      await t.database.db.delete(organizations).where(eq(organizations.id, bare.id));
    });

    const housedPosting = ok(await detail(atHead!.id)).jobPosting;
    expect(housedPosting.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '5 Dock Road, Cape Town',
          addressLocality: 'Cape Town',
          addressRegion: 'Western Cape',
          addressCountry: 'ZA',
        },
        geo: { '@type': 'GeoCoordinates', latitude: -33.905, longitude: 18.42 },
      },
    ]);
    expect(housedPosting).not.toHaveProperty('applicantLocationRequirements');

    const barePosting = ok(await detail(nowhere!.id)).jobPosting;
    expect(barePosting).not.toHaveProperty('jobLocation');
    expect(barePosting).not.toHaveProperty('jobLocationType');
    expect(barePosting.applicantLocationRequirements).toEqual({
      '@type': 'Country',
      name: 'South Africa',
    });

    const closedDetail = ok(await detail(closed!.id));
    expect(closedDetail.isOpen).toBe(false);
    expect(Date.parse(closedDetail.jobPosting.validThrough)).toBeLessThanOrEqual(now.getTime());

    const undatedDetail = ok(await detail(undated!.id));
    expect(undatedDetail.isOpen).toBe(false);
    expect(undatedDetail.jobPosting).toBeNull();
  });

  it('has no JobPosting for a bursary', async () => {
    const bursary = generated.find((g) => isPublished(g) && g.kind === 'bursary')!;
    const body = ok(await detail(bursary.id));
    expect(body.kind).toBe('bursary');
    expect(body.jobPosting).toBeNull();
  });

  it('is 404 for drafts, later publications and unknown ids, 422 for a bad id', async () => {
    const draft = generated.find((g) => g.publishedAt === null)!;
    const later = generated.find((g) => g.publishedAt !== null && g.publishedAt > now)!;
    for (const id of [draft.id, later.id, 2_000_000]) {
      const res = await detail(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await detail('abc')).statusCode).toBe(422);
    expect((await detail('99999999999')).statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents the opportunity routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/opportunities',
        '/api/candidate/opportunities',
        '/api/opportunity_locations',
        '/api/candidate/opportunity_locations',
        '/api/opportunities/{id}',
      ]),
    );
  });
});
