import type {
  ApplicantsAnalytics,
  CriteriaAnalytics,
  ExplorerResult,
} from '@pathways/shared/analytics/analytics.schemas';
import { shownCount } from '@pathways/shared/analytics/suppression';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applicationPhaseEvents,
  applications,
  candidateProfiles,
  eligibilities,
  institutions,
  locations,
  opportunityManagers,
  phases,
  profileQualifications,
  users,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { analyticsKeysOf, fixAnalyticsSeed } from '../../test/analytics-keys.ts';
import { createOpportunities, createRequirement } from '../../test/factories.ts';

// Analytics over a small hand-made organization whose answers are known:
//
//   candidates c1..c14 (14 people)
//   Engineering bursary (opp1): c1..c9; phases Applied -> Interview -> Offer
//     c1..c6 applied in the week of 2 November 2026, c7..c9 in the week of 9 November
//     c1..c6 moved to Interview two days after applying, c1..c5 on to Offer four days later
//     c7 and c8 regretted
//   Data internship (opp2): c1 and c10..c14, all in the week of 9 November; phase Applied
//   genders: c1..c5 female, c6..c9 male, c10..c14 not stated
//   ethnicities: c1..c5 african (5), c6..c9 coloured (4), c10..c12 indian (3), c13..c14 white (2)
//   homes: c1..c7 in Cape Town, c8..c14 in Durban; c1..c6 studied at UCT
//   the manager manages opp1 only; another organization has applicants of its own.
//
// Every count of people is shown moved by its cell's adjustment (cell-key perturbation): each
// expected count is worked out through the shared rule from the analytics keys of the people it
// counts (`shown`), as the database gives them; the seed is fixed, so every run gives the same
// answers.

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let primary: User;
let manager: User;
let stranger: User;
const tokens: Record<string, string> = {};
let opp1: number;
let opp2: number;
let foreignOpp: number;
const c: number[] = [];

const W1 = '2026-11-02';
const W2 = '2026-11-09';
const day = (iso: string, plusDays = 0, hour = 9) =>
  new Date(Date.parse(`${iso}T0${hour}:00:00Z`) + plusDays * 86_400_000);

const get = (who: string, path: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/client/organization/analytics/${path}`,
    headers: who ? bearer(tokens[who]) : {},
  });

async function overview(who: string, query = ''): Promise<ApplicantsAnalytics> {
  const res = await get(who, `applicants${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function explore(who: string, query: string): Promise<ExplorerResult> {
  const res = await get(who, `explore?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const counts = (cells: { label: string; count: number | null }[]) =>
  Object.fromEntries(cells.map((x) => [x.label, x.count]));

/** Each inserted candidate's analytics key, by user id. */
const keys = new Map<number, number>();

/** What analytics shows for these candidates (user ids): their count, moved by their cell key. */
const shownOf = (ids: readonly number[]) =>
  shownCount(
    ids.length,
    ids.reduce((sum, id) => sum + keys.get(id)!, 0),
  );
const between = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, k) => first + k);
/** What analytics shows for c[i] of each i given. */
const shown = (...people: number[]) => shownOf(people.map((i) => c[i]!));

async function insertCandidates(n: number): Promise<number[]> {
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `analytics-candidate-${i + 1}-${Date.now()}@example.test`,
        role: 'candidate' as const,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  for (const [id, key] of await analyticsKeysOf(t.database.db, ids)) keys.set(id, key);
  return ids;
}

async function chain(opportunityId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  let next: number | null = null;
  for (const [i, name] of [...names.entries()].reverse()) {
    const [row]: { id: number }[] = await t.database.db
      .insert(phases)
      .values({ opportunityId, name, initial: i === 0, nextPhaseId: next })
      .returning({ id: phases.id });
    next = row!.id;
    ids.unshift(row!.id);
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  await fixAnalyticsSeed(t.database.db);
  primary = await createUser(t.database, { role: 'client', primary: true });
  const organizationId = primary.organizationId!;
  manager = await createUser(t.database, { role: 'client', organizationId });
  stranger = await createUser(t.database, { role: 'client', primary: true });
  const candidate = await createUser(t.database, { role: 'candidate' });
  for (const [name, user] of Object.entries({ primary, manager, stranger, candidate })) {
    tokens[name] = await loginAs(t.app, user.email, user.password);
  }

  const [o1, o2, of] = await createOpportunities(t.database, [
    { organizationId, name: 'Engineering bursary' },
    { organizationId, name: 'Data internship' },
    { organizationId: stranger.organizationId!, name: 'Elsewhere' },
  ]);
  opp1 = o1!.id;
  opp2 = o2!.id;
  foreignOpp = of!.id;
  await t.database.db
    .insert(opportunityManagers)
    .values({ opportunityId: opp1, userId: manager.id });
  const [applied1, interview, offer] = (await chain(opp1, ['Applied', 'Interview', 'Offer'])) as [
    number,
    number,
    number,
  ];
  const [applied2] = (await chain(opp2, ['Applied'])) as [number];
  const [appliedF] = (await chain(foreignOpp, ['Applied'])) as [number];

  c.push(0, ...(await insertCandidates(20)));
  await t.database.db.insert(locations).values([
    {
      address: 'Cape Town',
      city: 'Cape Town',
      province: 'Western Cape',
      latitude: -33.92,
      longitude: 18.42,
    },
    {
      address: 'Durban',
      city: 'Durban',
      province: 'KwaZulu-Natal',
      latitude: -29.86,
      longitude: 31.02,
    },
  ]);
  const gender = (i: number) => (i <= 5 ? 'female' : i <= 9 ? 'male' : null);
  const ethnicity = (i: number) =>
    i <= 5 ? 'african' : i <= 9 ? 'coloured' : i <= 12 ? 'indian' : 'white';
  const profiles = await t.database.db
    .insert(candidateProfiles)
    .values(
      Array.from({ length: 20 }, (_, k) => {
        const i = k + 1;
        const capeTown = i <= 7;
        return {
          userId: c[i]!,
          gender: i <= 14 ? gender(i) : 'female',
          ethnicity: i <= 14 ? ethnicity(i) : 'african',
          disability: i <= 14 ? i % 2 === 0 : null,
          latitude: capeTown ? -33.93 : -29.85,
          longitude: capeTown ? 18.41 : 31.03,
          completion: 100,
        } as const;
      }),
    )
    .returning({ id: candidateProfiles.id, userId: candidateProfiles.userId });
  const [uct] = await t.database.db
    .insert(institutions)
    .values({ name: 'University of Cape Town', kind: 'university' })
    .returning();
  await t.database.db
    .insert(profileQualifications)
    .values(profiles.slice(0, 6).map((p) => ({ profileId: p.id, institutionId: uct!.id })));

  // opp1: c1..c9
  for (let i = 1; i <= 9; i++) {
    const created = day(i <= 6 ? W1 : W2);
    const phaseId = i <= 5 ? offer : i === 6 ? interview : applied1;
    const [a] = await t.database.db
      .insert(applications)
      .values({
        candidateId: c[i]!,
        opportunityId: opp1,
        phaseId,
        createdAt: created,
        complete: true,
        regrettedAt: i === 7 || i === 8 ? day(W2, 3) : null,
      })
      .returning({ id: applications.id });
    const events: (typeof applicationPhaseEvents.$inferInsert)[] = [
      { applicationId: a!.id, kind: 'applied', phaseId: applied1, createdAt: created },
    ];
    if (i <= 6) {
      events.push({
        applicationId: a!.id,
        kind: 'moved',
        fromPhaseId: applied1,
        phaseId: interview,
        createdAt: new Date(created.getTime() + 2 * 86_400_000),
      });
    }
    if (i <= 5) {
      events.push({
        applicationId: a!.id,
        kind: 'moved',
        fromPhaseId: interview,
        phaseId: offer,
        createdAt: new Date(created.getTime() + 6 * 86_400_000),
      });
    }
    await t.database.db.insert(applicationPhaseEvents).values(events);
  }
  // opp2: c1 and c10..c14
  for (const i of [1, 10, 11, 12, 13, 14]) {
    const created = day(W2, 1);
    const [a] = await t.database.db
      .insert(applications)
      .values({ candidateId: c[i]!, opportunityId: opp2, phaseId: applied2, createdAt: created })
      .returning({ id: applications.id });
    await t.database.db
      .insert(applicationPhaseEvents)
      .values({ applicationId: a!.id, kind: 'applied', phaseId: applied2, createdAt: created });
  }
  // Elsewhere: c15..c20, none of them counted by this organization.
  for (let i = 15; i <= 20; i++) {
    await t.database.db.insert(applications).values({
      candidateId: c[i]!,
      opportunityId: foreignOpp,
      phaseId: appliedF,
      createdAt: day(W1),
    });
  }

  // The criterion funnel of opp1: r1 unmet by c1..c7, r2 by c8 and c9, nothing unmet by
  // c10..c14 (14 checked, 5 eligible, the 5 eligible invited).
  const r1 = await createRequirement(
    t.database,
    opp1,
    { kind: 'drivers_license' },
    "A driver's licence",
    0,
  );
  const r2 = await createRequirement(
    t.database,
    opp1,
    { kind: 'age', minimum: 18 },
    'Age 18 or over',
    1,
  );
  const status = (i: number) =>
    i <= 7 ? { [r1.id]: 'unmet' } : i <= 9 ? { [r2.id]: 'unmet' } : {};
  await t.database.db.insert(eligibilities).values(
    Array.from({ length: 14 }, (_, k) => {
      const i = k + 1;
      const unmet = status(i);
      return {
        candidateId: c[i]!,
        opportunityId: opp1,
        eligible: Object.keys(unmet).length === 0,
        checkedAt: day(W2, 2),
        invitedAt: i >= 10 ? day(W2, 4) : null,
        criteria: Object.entries(unmet).map(([id, s]) => ({
          requirementId: Number(id),
          kind: 'age',
          status: s,
          description: `Requirement ${id}`,
          reason: 'Not met',
        })),
      };
    }),
  );
});

afterAll(async () => {
  await t.close();
});

describe('the overview of a primary user', () => {
  it('counts distinct applicants, per week, per opportunity', async () => {
    const body = await overview('primary');
    expect(body.scope).toBe('organization');
    expect(body.withheld).toBeNull();
    expect(body.total).toBe(shown(...between(1, 14)));
    expect(counts(body.weekly)).toEqual({
      [W1]: shown(...between(1, 6)),
      [W2]: shown(1, ...between(7, 14)),
    });
    expect(counts(body.opportunities)).toEqual({
      'Engineering bursary': shown(...between(1, 9)),
      'Data internship': shown(1, ...between(10, 14)),
    });
    // Not the plain counts for most of the groups: 14, 6, 9, 9 and 6 people.
    const plain = [14, 6, 9, 9, 6];
    const seen = [
      body.total,
      ...body.weekly.map((w) => w.count),
      ...body.opportunities.map((o) => o.count),
    ];
    expect(seen.filter((n, i) => n !== plain[i]).length).toBeGreaterThan(0);
  });

  it('reports where applicants come from and what they studied', async () => {
    const body = await overview('primary');
    const capeTown = shown(...between(1, 7));
    const durban = shown(...between(8, 14));
    expect(counts(body.provinces)).toEqual({ 'Western Cape': capeTown, 'KwaZulu-Natal': durban });
    expect(counts(body.cities)).toEqual({
      'Cape Town, Western Cape': capeTown,
      'Durban, KwaZulu-Natal': durban,
    });
    expect(counts(body.institutions)).toEqual({
      'University of Cape Town': shown(...between(1, 6)),
      'No qualification stated': shown(...between(7, 14)),
    });
  });

  it('hides a group of 4 and shows a group of 5', async () => {
    const body = await overview('primary');
    expect(counts(body.ethnicities)).toEqual({
      African: shown(...between(1, 5)),
      Coloured: null,
      Indian: null,
      White: null,
    });
  });

  it('hides one more group when a single hidden group could be worked out from the total', async () => {
    const body = await overview('primary');
    // male (4) is hidden; the smaller of female (5) and not stated (5) as shown goes too.
    const female = shown(...between(1, 5))!;
    const notStated = shown(...between(10, 14))!;
    const kept = female <= notStated ? 'Not stated' : 'Female';
    expect(counts(body.genders)).toEqual({
      Female: kept === 'Female' ? female : null,
      Male: null,
      'Not stated': kept === 'Not stated' ? notStated : null,
    });
  });

  it('walks each workspace through its phases in pipeline order, with the median wait', async () => {
    const body = await overview('primary');
    const bursary = body.funnels.find((f) => f.opportunityId === opp1)!;
    // 9 applied, 6 reached Interview: the 3 who stopped at Applied would show, so Interview
    // and every phase after it read "fewer than 5" (see the funnel tests below).
    expect(bursary.steps.map((s) => [s.name, s.reached, s.medianDays])).toEqual([
      ['Applied', shown(...between(1, 9)), 2],
      ['Interview', null, null],
      ['Offer', null, null],
    ]);
    const internship = body.funnels.find((f) => f.opportunityId === opp2)!;
    expect(internship.steps.map((s) => [s.name, s.reached])).toEqual([
      ['Applied', shown(1, ...between(10, 14))],
    ]);
  });

  it('gives a workspace the same funnel whether it is named, dated or neither', async () => {
    const of = (body: Awaited<ReturnType<typeof overview>>, id: number) =>
      body.funnels.find((f) => f.opportunityId === id)!.steps;
    const everything = await overview('primary');
    const named = await overview('primary', `?opportunities=${opp2}`);
    // From the first week applied: every applicant, found through their applications.
    const dated = await overview('primary', `?from=${W1}`);
    expect(dated.total).toBe(everything.total);
    expect(of(named, opp2)).toEqual(of(everything, opp2));
    // Named opportunities are the workspaces shown: no funnel of another one, empty or hidden.
    expect(named.funnels.map((f) => f.opportunityId)).toEqual([opp2]);
    expect(everything.funnels.map((f) => f.opportunityId)).toContain(opp1);
    expect(of(dated, opp2)).toEqual(of(everything, opp2));
    expect(of(dated, opp1)).toEqual(of(everything, opp1));
  });

  it('counts dates in whole weeks, so a day more or less changes nothing', async () => {
    const whole = await overview('primary', `?from=${W1}`);
    const midweek = await overview('primary', '?from=2026-11-04&to=2026-11-10');
    expect(whole.total).toBe(shown(...between(1, 14)));
    expect(midweek.total).toBe(whole.total);
    const second = await overview('primary', `?from=${W2}`);
    expect(second.total).toBe(shown(1, ...between(7, 14)));
    expect(counts(second.weekly)).toEqual({ [W2]: second.total });
  });

  it('refuses what is not a date, a reversed range and ids that are not ids with 422', async () => {
    for (const [query, field] of [
      ['?from=yesterday', 'from'],
      ['?from=2026-11-10&to=2026-11-01', 'to'],
      ['?opportunities=1,x', 'opportunities'],
    ] as const) {
      const res = await get('primary', `applicants${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toBeDefined();
    }
  });
});

describe('who sees what', () => {
  it('a non-primary user sees their workspaces only', async () => {
    const body = await overview('manager');
    expect(body.scope).toBe('workspaces');
    expect(body.total).toBe(shown(...between(1, 9)));
    expect(body.opportunities.map((o) => o.label)).toEqual(['Engineering bursary']);
    expect(body.funnels.map((f) => f.opportunityId)).toEqual([opp1]);
    const byOpp = await explore('manager', 'dimension=opportunity');
    expect(byOpp.rows.map((r) => r.label)).toEqual(['Engineering bursary']);
    const named = await explore('manager', `dimension=opportunity&opportunities=${opp2}`);
    expect(named.total).toBe(0);
    expect(named.rows).toEqual([]);
    expect((await get('manager', `criteria?opportunity=${opp2}`)).statusCode).toBe(404);
  });

  it("another organization's client sees nothing of this one", async () => {
    const body = await overview('stranger');
    expect(body.total).toBe(shown(...between(15, 20)));
    expect(body.opportunities.map((o) => o.label)).toEqual(['Elsewhere']);
    const named = await explore('stranger', `dimension=gender&opportunities=${opp1},${opp2}`);
    expect(named.total).toBe(0);
    expect(named.rows).toEqual([]);
    expect((await get('stranger', `criteria?opportunity=${opp1}`)).statusCode).toBe(404);
  });

  it('is for client users only', async () => {
    expect((await get('', 'applicants')).statusCode).toBe(401);
    expect((await get('candidate', 'applicants')).statusCode).toBe(403);
    expect((await get('candidate', 'explore')).statusCode).toBe(403);
  });
});

describe('the explorer', () => {
  it('counts each measure', async () => {
    const applicants = await explore('primary', 'measure=applicants&dimension=opportunity');
    expect(counts(applicants.rows)).toEqual({
      'Engineering bursary': shown(...between(1, 9)),
      'Data internship': shown(1, ...between(10, 14)),
    });
    // c10..c14 are eligible for the bursary, and invited.
    const eligibleOnes = shown(...between(10, 14));
    const eligible = await explore('primary', 'measure=eligible&dimension=opportunity');
    expect(eligible.total).toBe(eligibleOnes);
    expect(counts(eligible.rows)).toEqual({ 'Engineering bursary': eligibleOnes });
    const invites = await explore('primary', 'measure=invites&dimension=week');
    expect(invites.total).toBe(eligibleOnes);
    expect(counts(invites.rows)).toEqual({ [W2]: eligibleOnes });
    const regrets = await explore('primary', 'measure=regrets&dimension=opportunity');
    expect(regrets.withheld).toBe('small_group');
    expect(regrets.rows).toEqual([]);
  });

  it('gives the median days in each phase, hidden for fewer than 5 stays', async () => {
    const result = await explore('primary', 'measure=timeInPhase&dimension=phase');
    const applied = result.rows.find((r) => r.label === 'Applied (Engineering bursary)')!;
    expect(applied).toMatchObject({ count: shown(...between(1, 9)), value: 2 });
    // 9 stayed in Applied, 6 in Interview: the funnel rule hides Interview and Offer.
    const interview = result.rows.find((r) => r.label === 'Interview (Engineering bursary)')!;
    expect(interview).toMatchObject({ count: null, value: null });
    // Nobody who applied to the bursary is eligible for it: the filter keeps every stay.
    const filtered = await explore('primary', 'measure=timeInPhase&dimension=phase&eligible=false');
    expect(filtered.total).toBe(shown(...between(1, 14)));
    expect(filtered.rows.find((r) => r.label === 'Applied (Engineering bursary)')).toMatchObject({
      count: shown(...between(1, 9)),
      value: 2,
    });
  });

  it('applies the tracker filters that describe groups', async () => {
    // Female alone is withheld (male, 4 people, is one value away: see below); the African
    // applicants are the women, so with both filters no neighbouring answer differs by 1 to 4.
    const female = await explore('primary', 'dimension=gender&genders=female&ethnicities=african');
    expect(female.withheld).toBeNull();
    expect(female.total).toBe(shown(...between(1, 5)));
    expect(counts(female.rows)).toEqual({ Female: female.total });
    const studied = await explore('primary', 'dimension=opportunity&institutions=999999');
    expect(studied.total).toBe(0);
    const qualified = await explore(
      'primary',
      'dimension=week&types=999999&categories=999999&disciplines=999999',
    );
    expect(qualified.total).toBe(0);
  });

  it('refuses a measure it cannot break down that way with 422', async () => {
    const res = await get('primary', 'explore?measure=invites&dimension=phase');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.dimension).toEqual(['cannot break this measure down']);
  });
});

describe('trying to narrow a group below 5 and read it back', () => {
  it('withholds a filter that leaves 4 people', async () => {
    const male = await explore('primary', 'dimension=gender&genders=male');
    expect(male).toMatchObject({ withheld: 'small_group', total: null, rows: [] });
  });

  it('withholds a filter that leaves out 4 people (total minus the filtered part)', async () => {
    // Everyone but the 4 coloured applicants: 14 - 10 would give the hidden group away.
    const allBut = await explore('primary', 'dimension=gender&ethnicities=african,indian,white');
    expect(allBut).toMatchObject({ withheld: 'small_difference', total: null, rows: [] });
  });

  it('names the same places whether people or stays in a phase are counted, filtered or not', async () => {
    for (const dimension of ['province', 'city']) {
      const places = (rows: { label: string }[]) =>
        rows.map((r) => r.label).filter((l) => l !== 'Not stated' && !l.startsWith('Other'));
      const people = await explore('primary', `dimension=${dimension}`);
      const stays = await explore('primary', `measure=timeInPhase&dimension=${dimension}`);
      const inOpportunity = await explore(
        'primary',
        `dimension=${dimension}&opportunities=${opp2}`,
      );
      expect(places(people.rows).sort(), dimension).toEqual(
        dimension === 'province'
          ? ['KwaZulu-Natal', 'Western Cape']
          : ['Cape Town, Western Cape', 'Durban, KwaZulu-Natal'],
      );
      expect(places(stays.rows).length, dimension).toBeGreaterThan(0);
      for (const label of [...places(stays.rows), ...places(inOpportunity.rows)]) {
        expect(places(people.rows), dimension).toContain(label);
      }
    }
  });

  it('withholds a combination where one filter less adds fewer than 5', async () => {
    // opp1 has 9 applicants, 5 of them female: the gender filter would leave out 4.
    const both = await explore('primary', `dimension=week&opportunities=${opp1}&genders=female`);
    expect(both.withheld).toBe('small_difference');
    // opp2 alone (6 people) against everyone (14): 8 left out, shown.
    const opp2Only = await explore('primary', `dimension=gender&opportunities=${opp2}`);
    expect(opp2Only.withheld).toBeNull();
    expect(opp2Only.total).toBe(shown(1, ...between(10, 14)));
  });

  it('keeps every shown count and total whole: no hidden count follows from the shown ones', async () => {
    for (const dimension of ['gender', 'ethnicity', 'week', 'opportunity', 'disability']) {
      const result = await explore('primary', `dimension=${dimension}`);
      const hidden = result.rows.filter((r) => r.count === null);
      expect(hidden.length === 0 || hidden.length >= 2, dimension).toBe(true);
      expect(result.rows.every((r) => r.count === null || r.count === 0 || r.count >= 5)).toBe(
        true,
      );
    }
  });

  // Two answers both shown whose counts differ by 1 to 4 people would tell that small group's
  // size: the answers around each one (a value more or less in a list, a week more or less at
  // either end of the dates) are compared with it too.
  const readBack = (a: number | null, b: number | null) =>
    a !== null && b !== null && Math.abs(a - b) > 0 && Math.abs(a - b) < 5;

  it('withholds a list of genders when another gender holds 1 to 4 people (total minus the list minus the rest)', async () => {
    const everyone = await overview('primary');
    expect(everyone.total).toBe(shown(...between(1, 14)));
    // 14 - 5 (not stated) - 5 (female) would be the 4 men.
    const female = await explore('primary', 'dimension=gender&genders=female');
    expect(female).toMatchObject({ withheld: 'small_difference', total: null, rows: [] });
  });

  it('withholds two lists of the same filter one value apart when that value holds 1 to 4 people', async () => {
    const female = await explore('primary', 'dimension=week&genders=female');
    const femaleMale = await explore('primary', 'dimension=week&genders=female,male');
    // 9 - 5 would be the 4 men.
    expect(readBack(female.total, femaleMale.total)).toBe(false);
    expect(femaleMale).toMatchObject({ withheld: 'small_difference', total: null, rows: [] });
  });

  describe('in an organization whose weeks and opportunities hold small groups', () => {
    // P and Q: 6 applicants each in the week of 9 November; S: 3 in the week of 16 November;
    // T: 6 in the week of 23 November (21 people, each applying once). The applicants of P
    // studied at I1; those of S and two of P's at I2 (5 people, 3 of them not at I1).
    const W3 = '2026-11-16';
    const W4 = '2026-11-23';
    const opp: Record<string, number> = {};
    const school: Record<string, number> = {};
    const applicantsOf: Record<string, number[]> = {};

    beforeAll(async () => {
      const owner = await createUser(t.database, { role: 'client', primary: true });
      tokens.weeks = await loginAs(t.app, owner.email, owner.password);
      const made = await createOpportunities(
        t.database,
        ['P', 'Q', 'S', 'T'].map((name) => ({ organizationId: owner.organizationId!, name })),
      );
      const plan = [
        ['P', 6, W2],
        ['Q', 6, W2],
        ['S', 3, W3],
        ['T', 6, W4],
      ] as const;
      for (const [i, [name, n, week]] of plan.entries()) {
        opp[name] = made[i]!.id;
        const people = await insertCandidates(n);
        applicantsOf[name] = people;
        await t.database.db.insert(applications).values(
          people.map((candidateId) => ({
            candidateId,
            opportunityId: made[i]!.id,
            createdAt: day(week, 1),
          })),
        );
      }
      const schools = await t.database.db
        .insert(institutions)
        .values([
          { name: 'I1', kind: 'university' as const },
          { name: 'I2', kind: 'tvet_college' as const },
        ])
        .returning({ id: institutions.id });
      school.I1 = schools[0]!.id;
      school.I2 = schools[1]!.id;
      const profiles = await t.database.db
        .insert(candidateProfiles)
        .values(
          [...applicantsOf.P!, ...applicantsOf.S!].map((userId) => ({ userId, completion: 100 })),
        )
        .returning({ id: candidateProfiles.id });
      const [p1, p2, ...rest] = profiles.map((p) => p.id);
      const ofP = [p1!, p2!, ...rest.slice(0, 4)];
      const ofS = rest.slice(4);
      await t.database.db
        .insert(profileQualifications)
        .values([
          ...ofP.map((profileId) => ({ profileId, institutionId: school.I1! })),
          ...[p1!, p2!, ...ofS].map((profileId) => ({ profileId, institutionId: school.I2! })),
        ]);
    });

    it('withholds two date ranges one week apart when that week holds 1 to 4 applicants', async () => {
      const one = await overview('weeks', `?from=${W2}&to=${W2}`);
      const two = await overview('weeks', `?from=${W2}&to=${W3}`);
      // 15 - 12 would be the 3 applicants of the week of 16 November.
      expect(readBack(one.total, two.total)).toBe(false);
      expect(one).toMatchObject({ withheld: 'small_difference', total: null, weekly: [] });
      expect(two).toMatchObject({ withheld: 'small_difference', total: null, weekly: [] });
      // A range whose neighbours all differ by 0 or at least 5 is shown.
      const three = await overview('weeks', `?from=${W2}&to=${W4}`);
      expect(three.withheld).toBeNull();
      expect(three.total).toBe(shownOf(Object.values(applicantsOf).flat()));
    });

    it('withholds two opportunity lists that differ by one opportunity of 1 to 4 applicants', async () => {
      const pq = await explore('weeks', `dimension=week&opportunities=${opp.P},${opp.Q}`);
      const pqs = await explore('weeks', `dimension=week&opportunities=${opp.P},${opp.Q},${opp.S}`);
      // 15 - 12 would be the 3 applicants of S.
      expect(readBack(pq.total, pqs.total)).toBe(false);
      expect(pq).toMatchObject({ withheld: 'small_difference', total: null, rows: [] });
      expect(pqs).toMatchObject({ withheld: 'small_difference', total: null, rows: [] });
    });

    it('withholds two institution lists one value apart when that value adds 1 to 4 people who have none of the others', async () => {
      const one = await explore('weeks', `dimension=week&institutions=${school.I1}`);
      const two = await explore('weeks', `dimension=week&institutions=${school.I1},${school.I2}`);
      // 9 - 6 would be the 3 who studied at I2 and not at I1 (I2 itself has 5).
      expect(readBack(one.total, two.total)).toBe(false);
      expect(one).toMatchObject({ withheld: 'small_difference', total: null, rows: [] });
      expect(two).toMatchObject({ withheld: 'small_difference', total: null, rows: [] });
    });
  });

  describe('several answers apart, each shown', () => {
    // A: 10 women and 3 men; B: 10 women and 10 men (33 people, each applying once). The men of
    // A are everyone, less the women, less B, plus the women of B: 33 - 20 - 20 + 10 = 3. Each
    // of the four answers differs from every answer next to it by 0 or at least 5, so none is
    // withheld: only the adjustments of their cells keep the 3 from being read.
    const group: Record<string, number[]> = {};
    let a: number;
    let b: number;

    beforeAll(async () => {
      const owner = await createUser(t.database, { role: 'client', primary: true });
      tokens.apart = await loginAs(t.app, owner.email, owner.password);
      const made = await createOpportunities(
        t.database,
        ['A', 'B'].map((name) => ({ organizationId: owner.organizationId!, name })),
      );
      a = made[0]!.id;
      b = made[1]!.id;
      for (const [name, n, opportunityId, gender] of [
        ['womenA', 10, a, 'female'],
        ['menA', 3, a, 'male'],
        ['womenB', 10, b, 'female'],
        ['menB', 10, b, 'male'],
      ] as const) {
        const people = await insertCandidates(n);
        group[name] = people;
        await t.database.db
          .insert(candidateProfiles)
          .values(people.map((userId) => ({ userId, gender, completion: 100 })));
        await t.database.db
          .insert(applications)
          .values(
            people.map((candidateId) => ({ candidateId, opportunityId, createdAt: day(W2) })),
          );
      }
    });

    it('answers each with its own people, so their sum and difference is not the small group', async () => {
      const { womenA, menA, womenB, menB } = group as Record<string, number[]>;
      const everyone = await explore('apart', 'dimension=gender');
      const women = await explore('apart', 'dimension=gender&genders=female');
      const ofB = await explore('apart', `dimension=gender&opportunities=${b}`);
      const womenOfB = await explore('apart', `dimension=gender&genders=female&opportunities=${b}`);
      for (const answer of [everyone, women, ofB, womenOfB]) expect(answer.withheld).toBeNull();
      expect(everyone.total).toBe(shownOf([...womenA!, ...menA!, ...womenB!, ...menB!]));
      expect(women.total).toBe(shownOf([...womenA!, ...womenB!]));
      expect(ofB.total).toBe(shownOf([...womenB!, ...menB!]));
      expect(womenOfB.total).toBe(shownOf(womenB!));
      // Without the adjustments these would be 33, 20, 20 and 10: 3 men of A read back.
      const readBack = everyone.total! - women.total! - ofB.total! + womenOfB.total!;
      expect(readBack).not.toBe(3);
      // The men of A alone, asked for directly, stay hidden.
      const menOfA = await explore('apart', `dimension=gender&genders=male&opportunities=${a}`);
      expect(menOfA.withheld).toBe('small_group');
    });
  });
});

describe('reading who stopped at a phase off a funnel', () => {
  // Of the bursary's 9 applicants, 6 reached Interview and 5 Offer: 9 - 6 = 3 people stopped
  // at Applied and 6 - 5 = 1 at Interview, groups below 5, however large each step is.
  const noSmallDifference = (steps: (number | null)[]) => {
    const shown = steps.filter((n): n is number => n !== null);
    for (const a of shown) {
      for (const b of shown) {
        const difference = Math.abs(a - b);
        expect(difference === 0 || difference >= 5, `${a} - ${b}`).toBe(true);
      }
    }
  };

  it('the overview funnel never shows two steps 1 to 4 apart', async () => {
    for (const who of ['primary', 'manager']) {
      const body = await overview(who);
      const bursary = body.funnels.find((f) => f.opportunityId === opp1)!;
      const reached = bursary.steps.map((s) => s.reached);
      expect(reached[0]).toBe(shown(...between(1, 9)));
      noSmallDifference(reached);
      for (const funnel of body.funnels) noSmallDifference(funnel.steps.map((s) => s.reached));
    }
  });

  it('nor does the same funnel seen as time in phase by phase', async () => {
    for (const query of ['', '&complete=true', `&opportunities=${opp1}`]) {
      const result = await explore('primary', `measure=timeInPhase&dimension=phase${query}`);
      const step = (name: string) =>
        result.rows.find((r) => r.label === `${name} (Engineering bursary)`)?.count ?? null;
      expect(step('Applied'), query).toBe(shown(...between(1, 9)));
      noSmallDifference(['Applied', 'Interview', 'Offer'].map(step));
    }
  });
});

describe('the criterion funnel', () => {
  it('is the eligible candidates page funnel, suppressed below 5', async () => {
    const res = await get('primary', `criteria?opportunity=${opp1}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CriteriaAnalytics;
    // r1 removes c1..c7 (leaving c8..c14), r2 then c8 and c9 (2: hidden, and what is left).
    expect(body.candidates).toBe(shown(...between(1, 14)));
    expect(body.steps.map((s) => [s.description, s.removed, s.remaining])).toEqual([
      ["A driver's licence", shown(...between(1, 7)), shown(...between(8, 14))],
      ['Age 18 or over', null, null],
    ]);
    const managed = await get('manager', `criteria?opportunity=${opp1}`);
    expect(managed.statusCode).toBe(200);
  });
});

describe('counts only', () => {
  it('no answer carries a name, an e-mail or an id of a person', async () => {
    const texts = [
      JSON.stringify(await overview('primary')),
      JSON.stringify(await explore('primary', 'dimension=opportunity')),
    ];
    const [person] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, c[1]!));
    for (const text of texts) {
      expect(text).not.toContain(person!.email);
      expect(text).not.toContain('@example.test');
    }
    // The applications of this organization and of the other one (later tests add their own).
    const total = await t.database.db.execute(
      sql`select count(*)::int as n from applications where opportunity_id = any(${`{${opp1},${opp2},${foreignOpp}}`}::int[])`,
    );
    expect((total as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(21);
  });
});

describe('reading who never entered the first phase off a funnel', () => {
  // An organization of its own: 12 applied to its opportunity, but 2 of them before it had
  // phases, so only 10 ever entered Applied. 12 - 10 would tell a group of 2.
  it('hides the funnel when its first step is 1 to 4 below the applicants of its opportunity', async () => {
    const owner = await createUser(t.database, { role: 'client', primary: true });
    tokens.owner = await loginAs(t.app, owner.email, owner.password);
    const [opportunity] = await createOpportunities(t.database, [
      { organizationId: owner.organizationId!, name: 'Late pipeline' },
    ]);
    const [first] = (await chain(opportunity!.id, ['Applied', 'Interview'])) as [number];
    // Counts are moved by amounts that depend on who is counted, so the two late applicants are
    // chosen from a pool to put the first step's shown count 1 to 4 below the applicants'.
    const pool = await insertCandidates(30);
    const enteredFirst = pool.slice(0, 10);
    const late = pool.slice(10);
    const people = late
      .flatMap((x, i) => late.slice(i + 1).map((y) => [...enteredFirst, x, y]))
      .find((all) => {
        const apart = Math.abs(shownOf(all)! - shownOf(enteredFirst)!);
        return apart > 0 && apart < 5;
      });
    if (!people) throw new Error('no two late applicants put the first step 1 to 4 below');
    for (const [i, candidateId] of people.entries()) {
      const createdAt = day(W2, 1);
      const [a] = await t.database.db
        .insert(applications)
        .values({
          candidateId,
          opportunityId: opportunity!.id,
          phaseId: i < 10 ? first : null,
          createdAt,
        })
        .returning({ id: applications.id });
      if (i < 10) {
        await t.database.db
          .insert(applicationPhaseEvents)
          .values({ applicationId: a!.id, kind: 'applied', phaseId: first, createdAt });
      }
    }
    const body = await overview('owner');
    const applicants = shownOf(people);
    expect(counts(body.opportunities)).toEqual({ 'Late pipeline': applicants });
    // The first step's 10 people as shown, 1 to 4 from the applicants as shown: hidden.
    const entered = shownOf(people.slice(0, 10))!;
    expect(Math.abs(applicants! - entered)).toBeGreaterThan(0);
    expect(Math.abs(applicants! - entered)).toBeLessThan(5);
    const [funnel] = body.funnels;
    expect(funnel!.steps.map((s) => [s.name, s.reached, s.medianDays])).toEqual([
      ['Applied', null, null],
      ['Interview', null, null],
    ]);
  });
});

describe('reading hidden groups together off the total', () => {
  it('never lets the total minus the shown groups read 1 to 4 people', async () => {
    // 13 applicants: 6 female, 5 male, 1 non-binary, 1 who prefers not to say. Each hidden group
    // is safe on its own, but 13 - 6 - 5 = 2 people would be the two of them together.
    const owner = await createUser(t.database, { role: 'client', primary: true });
    tokens.smallGroups = await loginAs(t.app, owner.email, owner.password);
    const [opportunity] = await createOpportunities(t.database, [
      { organizationId: owner.organizationId!, name: 'Small groups' },
    ]);
    const [first] = (await chain(opportunity!.id, ['Applied'])) as [number];
    const genders = [
      ...Array<'female'>(6).fill('female'),
      ...Array<'male'>(5).fill('male'),
      'non_binary',
      'prefer_not_to_say',
    ] as const;
    const people = await insertCandidates(genders.length);
    await t.database.db.insert(candidateProfiles).values(
      people.map((userId, i) => ({
        userId,
        gender: genders[i]!,
        ethnicity: 'african' as const,
        disability: false,
        completion: 100,
      })),
    );
    const createdAt = day(W2, 1);
    await t.database.db.insert(applications).values(
      people.map((candidateId) => ({
        candidateId,
        opportunityId: opportunity!.id,
        phaseId: first,
        createdAt,
      })),
    );

    const readable = (total: number | null, cells: { count: number | null }[]) => {
      const hidden = (total ?? 0) - cells.reduce((sum, x) => sum + (x.count ?? 0), 0);
      return hidden > 0 && hidden < 5;
    };
    const body = await overview('smallGroups');
    expect(body.total).toBe(shownOf(people));
    expect(readable(body.total, body.genders)).toBe(false);
    // The two groups of 1 are hidden; a group shown is its people as shown.
    const byGender = counts(body.genders);
    expect([byGender['Non-binary'], byGender['Prefer not to say']]).toEqual([null, null]);
    for (const [label, who] of [
      ['Female', people.slice(0, 6)],
      ['Male', people.slice(6, 11)],
    ] as const) {
      if (byGender[label] !== null) expect(byGender[label]).toBe(shownOf(who));
    }
    const explored = await explore('smallGroups', 'dimension=gender');
    expect(explored.total).toBe(body.total);
    expect(readable(explored.total, explored.rows)).toBe(false);
  });
});
