import type { ExplorerResult } from '@pathways/shared/analytics/analytics.schemas';
import { complementCells, weekStart } from '@pathways/shared/analytics/analytics.rules';
import { shownCount } from '@pathways/shared/analytics/suppression';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applicationPhaseEvents,
  applications,
  candidateProfiles,
  institutions,
  locations,
  phases,
  profileQualifications,
  qualificationTypes,
  users,
} from '../../db/schema/index.ts';
import { analyticsKeysOf, fixAnalyticsSeed } from '../../test/analytics-keys.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';

// Time in phase by a dimension of the person (gender, ethnicity, disability, where they live,
// what they studied): each group counts the people whose stays it holds and gives the median of
// those stays in days. The answer must be what the stays and the people say, worked out here
// from what the test wrote: 60 candidates with varied profiles (some with none, some without a
// home, some with two qualifications at one institution or of one type), two opportunities,
// every stay closed so its length does not depend on when it is read.

let t: TestApp;
let token: string;
const keys = new Map<number, number>();

type Profile = typeof candidateProfiles.$inferInsert;
interface Person {
  id: number;
  gender: Profile['gender'];
  ethnicity: Profile['ethnicity'];
  disability: boolean | null;
  place: { city: string; province: string } | null;
  institutions: number[];
  types: number[];
  hasProfile: boolean;
}
const people: Person[] = [];
/** Each stay: its candidate, its length in days, and the groups of the stay itself. */
interface Stay {
  candidate: number;
  days: number;
  week: string;
  opportunity: { key: string; label: string };
  phase: { key: string; label: string };
}
const stays: Stay[] = [];
const institutionNames = new Map<number, string>();
const typeNames = new Map<number, string>();

const places = [
  { city: 'Cape Town', province: 'Western Cape', latitude: -33.92, longitude: 18.42 },
  { city: 'Durban', province: 'KwaZulu-Natal', latitude: -29.86, longitude: 31.02 },
  { city: 'Pretoria', province: 'Gauteng', latitude: -25.75, longitude: 28.19 },
  { city: 'Johannesburg', province: 'Gauteng', latitude: -26.2, longitude: 28.05 },
];

beforeAll(async () => {
  t = await createTestApp();
  await fixAnalyticsSeed(t.database.db);
  const client = await createUser(t.database, { role: 'client', primary: true });
  token = await loginAs(t.app, client.email, client.password);
  await t.database.db.insert(locations).values(places.map((p) => ({ ...p, address: p.city })));
  const insts = await t.database.db
    .insert(institutions)
    .values([
      { name: 'University of Cape Town', kind: 'university' as const },
      { name: 'Durban University of Technology', kind: 'university' as const },
    ])
    .returning({ id: institutions.id, name: institutions.name });
  for (const i of insts) institutionNames.set(i.id, i.name);
  const types = await t.database.db
    .insert(qualificationTypes)
    .values([{ name: 'Degree' }, { name: 'Diploma' }])
    .returning({ id: qualificationTypes.id, name: qualificationTypes.name });
  for (const q of types) typeNames.set(q.id, q.name);
  const [uct, dut] = insts.map((i) => i.id) as [number, number];
  const [degree, diploma] = types.map((q) => q.id) as [number, number];

  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        email: `stays-by-person-${i}-${Date.now()}@example.test`,
        role: 'candidate' as const,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  for (const [id, key] of await analyticsKeysOf(
    t.database.db,
    rows.map((r) => r.id),
  )) {
    keys.set(id, key);
  }
  const genders = ['female', 'male', 'non_binary', null] as const;
  const ethnicities = ['african', 'coloured', 'indian', 'white', null] as const;
  rows.forEach(({ id }, i) => {
    // Qualifications: none, one, two at different institutions, two at one institution.
    const quals: [number, number][] = [
      [],
      [[uct, degree]],
      [
        [uct, degree],
        [dut, diploma],
      ],
      [
        [dut, degree],
        [dut, diploma],
      ],
    ][i % 4] as [number, number][];
    const place = i % 7 === 0 ? null : places[i % 4]!;
    people.push({
      id,
      hasProfile: i % 10 !== 9,
      gender: genders[i % 4]!,
      ethnicity: ethnicities[i % 5]!,
      disability: [true, false, null][i % 3]!,
      place: place && { city: place.city, province: place.province },
      institutions: quals.map((q) => q[0]),
      types: quals.map((q) => q[1]),
    });
  });
  const withProfile = people.filter((p) => p.hasProfile);
  const profiles = await t.database.db
    .insert(candidateProfiles)
    .values(
      withProfile.map((p, k) => {
        const home = p.place && places.find((pl) => pl.city === p.place!.city)!;
        return {
          userId: p.id,
          gender: p.gender,
          ethnicity: p.ethnicity,
          disability: p.disability,
          latitude: home ? home.latitude + (k % 3) * 0.01 : null,
          longitude: home ? home.longitude - (k % 2) * 0.01 : null,
          completion: 100,
        };
      }),
    )
    .returning({ id: candidateProfiles.id, userId: candidateProfiles.userId });
  const quals = profiles.flatMap(({ id, userId }) => {
    const p = people.find((x) => x.id === userId)!;
    return p.institutions.map((institutionId, q) => ({
      profileId: id,
      institutionId,
      qualificationTypeId: p.types[q]!,
    }));
  });
  await t.database.db.insert(profileQualifications).values(quals);
  for (const p of people.filter((x) => !x.hasProfile)) {
    p.gender = p.ethnicity = null;
    p.disability = null;
    p.place = null;
    p.institutions = [];
    p.types = [];
  }

  // Two opportunities with Applied -> Interview; everyone applies to the first, every third
  // person to the second too. Each application moves on and is then regretted: every stay ends.
  const opportunities = await createOpportunities(t.database, [
    { organizationId: client.organizationId!, name: 'Bursary' },
    { organizationId: client.organizationId!, name: 'Internship' },
  ]);
  const start = Date.parse('2026-10-05T08:00:00Z');
  for (const [o, opportunity] of opportunities.entries()) {
    const [interview] = await t.database.db
      .insert(phases)
      .values({ opportunityId: opportunity.id, name: 'Interview', initial: false })
      .returning({ id: phases.id });
    const [applied] = await t.database.db
      .insert(phases)
      .values({
        opportunityId: opportunity.id,
        name: 'Applied',
        initial: true,
        nextPhaseId: interview!.id,
      })
      .returning({ id: phases.id });
    for (const [i, p] of people.entries()) {
      if (o === 1 && i % 3 !== 0) continue;
      const created = start + i * 3_600_000 + o * 86_400_000;
      const firstStay = ((i * 7 + o * 5) % 11) + 0.25 * (i % 4);
      const secondStay = ((i * 5 + o * 3) % 13) + 0.5;
      const moved = created + firstStay * 86_400_000;
      const regretted = moved + secondStay * 86_400_000;
      const [a] = await t.database.db
        .insert(applications)
        .values({
          candidateId: p.id,
          opportunityId: opportunity.id,
          phaseId: interview!.id,
          createdAt: new Date(created),
          complete: true,
          regrettedAt: new Date(regretted),
        })
        .returning({ id: applications.id });
      await t.database.db.insert(applicationPhaseEvents).values([
        {
          applicationId: a!.id,
          kind: 'applied',
          phaseId: applied!.id,
          createdAt: new Date(created),
        },
        {
          applicationId: a!.id,
          kind: 'moved',
          fromPhaseId: applied!.id,
          phaseId: interview!.id,
          createdAt: new Date(moved),
        },
        {
          applicationId: a!.id,
          kind: 'regretted',
          fromPhaseId: interview!.id,
          phaseId: interview!.id,
          createdAt: new Date(regretted),
        },
      ]);
      const of = (phaseId: number, name: string, at: number) => ({
        candidate: p.id,
        week: weekStart(new Date(at).toISOString().slice(0, 10)),
        opportunity: { key: String(opportunity.id), label: opportunity.name },
        phase: { key: String(phaseId), label: `${name} (${opportunity.name})` },
      });
      stays.push(
        { ...of(applied!.id, 'Applied', created), days: firstStay },
        { ...of(interview!.id, 'Interview', moved), days: secondStay },
      );
    }
  }
  const open = (await t.database.db.execute(
    sql`select count(*)::int as n from application_phase_stays where left_at is null`,
  )) as unknown as { rows: { n: number }[] };
  expect(open.rows[0]!.n).toBe(0);
});

afterAll(async () => {
  await t?.close();
});

async function explore(query: string): Promise<ExplorerResult> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/client/organization/analytics/explore?${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = (s.length - 1) / 2;
  return s[Math.floor(m)]! + (s[Math.ceil(m)]! - s[Math.floor(m)]!) * (m - Math.floor(m));
};

/**
 * The groups of a dimension as the stays and people say: for each key, its label, the people
 * shown (their count moved by their keys), and the median days of their stays, one stay per
 * group membership (a person with two qualifications of one group counts each stay twice).
 */
function expected(
  groupsOf: (p: Person) => { key: string; label: string }[],
  groupOfStay?: (s: Stay) => { key: string; label: string },
) {
  const out = new Map<string, { label: string; people: Set<number>; days: number[] }>();
  const add = (g: { key: string; label: string }, who: number, days: number[]) => {
    const group = out.get(g.key) ?? { label: g.label, people: new Set(), days: [] };
    group.people.add(who);
    group.days.push(...days);
    out.set(g.key, group);
  };
  for (const p of people) {
    const own = stays.filter((s) => s.candidate === p.id);
    if (groupOfStay) for (const s of own) add(groupOfStay(s), p.id, [s.days]);
    else
      for (const g of groupsOf(p))
        add(
          g,
          p.id,
          own.map((s) => s.days),
        );
  }
  const cells = [...out].map(([key, g]) => {
    const ids = [...g.people];
    const count = shownCount(
      ids.length,
      ids.reduce((sum, id) => sum + keys.get(id)!, 0),
    );
    return { key, label: g.label, count, days: g.days };
  });
  // The rule shared with the rest of analytics: one hidden group hides the smallest shown too.
  return Object.fromEntries(
    complementCells(cells).map(({ key, label, count, days }) => [
      key,
      { label, count, value: count === null ? null : Math.round(median(days) * 10) / 10 },
    ]),
  );
}

const one = (key: string, label = '') => [{ key, label }];
const notStated = (value: string | null | undefined, label = '') =>
  value === null || value === undefined ? one('not_stated', 'Not stated') : one(value, label);

describe('time in phase by a dimension of the person', () => {
  const cases: [string, (p: Person) => { key: string; label: string }[]][] = [
    ['gender', (p) => notStated(p.gender)],
    ['ethnicity', (p) => notStated(p.ethnicity)],
    ['disability', (p) => notStated(p.disability === null ? null : p.disability ? 'yes' : 'no')],
    ['province', (p) => notStated(p.place?.province, p.place?.province)],
    [
      'city',
      (p) =>
        notStated(
          p.place && `${p.place.city}, ${p.place.province}`,
          p.place ? `${p.place.city}, ${p.place.province}` : '',
        ),
    ],
    [
      'institution',
      (p) =>
        p.institutions.length === 0
          ? one('none', 'No qualification stated')
          : p.institutions.map((i) => ({ key: String(i), label: institutionNames.get(i)! })),
    ],
    [
      'qualificationType',
      (p) =>
        p.types.length === 0
          ? one('none', 'No qualification stated')
          : p.types.map((i) => ({ key: String(i), label: typeNames.get(i)! })),
    ],
  ];

  const ofStays: [string, (s: Stay) => { key: string; label: string }][] = [
    ['week', (s) => ({ key: s.week, label: s.week })],
    ['opportunity', (s) => s.opportunity],
    ['phase', (s) => s.phase],
  ];

  it.each(ofStays)(
    'by %s: the people whose stays each group holds and the median days of those stays',
    async (dimension, groupOf) => {
      const result = await explore(`measure=timeInPhase&dimension=${dimension}`);
      expect(result.withheld).toBeNull();
      const want = expected(() => [], groupOf);
      // Weeks nobody was in are shown as 0; the phase funnel may hide a count the groups show.
      const got = Object.fromEntries(
        result.rows
          .filter((r) => r.count !== 0)
          .map((r) => [r.key, { label: r.label, count: r.count, value: r.value }]),
      );
      if (dimension === 'phase') {
        for (const [key, row] of Object.entries(got)) {
          if (row.count === null) want[key] = { ...want[key]!, count: null, value: null };
        }
      }
      expect(got).toEqual(want);
      expect(result.rows.some((r) => r.count !== null && r.value !== null)).toBe(true);
    },
  );

  it.each(cases)(
    'by %s: the people of each group and the median days of their stays',
    async (dimension, groupsOf) => {
      const result = await explore(`measure=timeInPhase&dimension=${dimension}`);
      expect(result.withheld).toBeNull();
      const want = expected(groupsOf);
      const labels = ['gender', 'ethnicity', 'disability'].includes(dimension);
      const got = Object.fromEntries(
        result.rows.map((r) => [
          r.key,
          { label: labels ? want[r.key]?.label : r.label, count: r.count, value: r.value },
        ]),
      );
      expect(got).toEqual(want);
      // Groups of fewer than 5 people show neither a count nor a median; some groups show both.
      expect(result.rows.some((r) => r.count !== null && r.value !== null)).toBe(true);
    },
  );
});
