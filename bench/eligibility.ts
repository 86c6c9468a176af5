// Eligibility of one candidate against 1000 opportunities.
//
//   node bench/eligibility.ts                      # embedded PostgreSQL (PGlite)
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     node bench/eligibility.ts                    # a PostgreSQL server (a scratch database)
//
// Three measurements, each repeated and reported as median and p95:
//   pure    evaluateEligibility for the 1000 opportunities, in memory (the baseline);
//   job     the recompute-candidate job: load the profile snapshot and the 1000 opportunities'
//           requirements and places, evaluate, store the eligible (and already stored) rows;
//   stored  the same, storing all 1000 results (the full stored check).
// A benchmark is not a test: it reports, it never fails on a time.
import { performance } from 'node:perf_hooks';

import { criterion, type Criterion, type Requirement } from '@pathways/shared/eligibility/criteria';
import { evaluateEligibility } from '@pathways/shared/eligibility/evaluate';
import type { OpportunityPlace } from '@pathways/shared/eligibility/snapshot';
import { eq, inArray } from 'drizzle-orm';

import { recomputeCandidate } from '../apps/api/src/features/eligibility/eligibility.engine.ts';
import { loadSnapshots } from '../apps/api/src/features/eligibility/snapshots.repository.ts';
import { seedReferenceData } from '../apps/api/src/seed/index.ts';
import * as s from '../apps/api/src/db/schema/index.ts';
import { createTestDatabase, testDbTarget } from '../apps/api/src/test/db.ts';
import { median, p95 } from './stats.ts';

const OPPORTUNITIES = 1000;
const PURE_RUNS = 200;
const STORED_RUNS = 30;
const NOW = new Date('2026-11-20T08:00:00Z');

/** A small deterministic generator (mulberry32), so every run builds the same data. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[int(0, list.length - 1)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

const cities: OpportunityPlace[] = [
  { name: 'Cape Town', latitude: -33.9249, longitude: 18.4241 },
  { name: 'Sandton', latitude: -26.1076, longitude: 28.0567 },
  { name: 'Durban', latitude: -29.8587, longitude: 31.0218 },
  { name: 'Pretoria', latitude: -25.7479, longitude: 28.2293 },
  { name: 'Gqeberha', latitude: -33.9608, longitude: 25.6022 },
  { name: 'Polokwane', latitude: -23.9045, longitude: 29.4689 },
  { name: 'Stellenbosch', latitude: -33.9321, longitude: 18.8602 },
];

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

async function main() {
  const database = await createTestDatabase();
  const db = database.db;
  try {
    console.log(
      `Database: ${testDbTarget === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server'}`,
    );
    await seedReferenceData(db);
    const rng = random(20261120);

    // Reference ids the requirements and the profile use.
    const types = await db.select().from(s.qualificationTypes);
    const typeId = (name: string) => types.find((t) => t.name === name)!.id;
    const disciplineRows = await db.select().from(s.disciplines);
    const disciplineId = (name: string) => disciplineRows.find((d) => d.name === name)!.id;
    const [maths] = await db
      .select()
      .from(s.qualificationComponents)
      .where(eq(s.qualificationComponents.name, 'Mathematics'));
    const fields = disciplineRows.map((d) => d.id);

    // The candidate: a final-year BSc Computer Science student in Cape Town, like the demo's Thandi.
    const [user] = await db
      .insert(s.users)
      .values({
        email: 'bench@example.test',
        role: 'candidate',
        firstName: 'Bench',
        lastName: 'Candidate',
      })
      .returning();
    const candidateId = user!.id;
    const [profile] = await db
      .insert(s.candidateProfiles)
      .values({
        userId: candidateId,
        countryOfBirth: 'ZA',
        identification: '0503140142087',
        bornAt: '2005-03-14',
        driversLicense: true,
        latitude: -33.9588,
        longitude: 18.4719,
      })
      .returning();
    const profileId = profile!.id;
    const [nsc, degree] = await db
      .insert(s.profileQualifications)
      .values([
        {
          profileId,
          qualificationTypeId: typeId('National Senior Certificate'),
          status: 'completed',
          startsAt: '2023-01-15',
          endsAt: '2023-11-30',
          gradeNormalized: 84.6,
        },
        {
          profileId,
          qualificationTypeId: typeId("Bachelor's Degree"),
          startsAt: '2024-02-01',
          endsAt: '2026-12-10',
          gradeNormalized: 74.5,
        },
      ])
      .returning();
    await db.insert(s.profileQualificationDisciplines).values([
      { profileQualificationId: degree!.id, disciplineId: disciplineId('Computer Science') },
      { profileQualificationId: degree!.id, disciplineId: disciplineId('Mathematics') },
    ]);
    await db
      .insert(s.profileQualificationComponents)
      .values([{ profileQualificationId: nsc!.id, qualificationComponentId: maths!.id, mark: 88 }]);
    await db.insert(s.workRights).values({ profileId, countryCode: 'ZA', kind: 'citizen' });
    await db.insert(s.languageProficiencies).values([
      {
        profileId,
        language: 'English',
        reading: 'advanced',
        writing: 'advanced',
        speaking: 'advanced',
      },
      { profileId, language: 'isiXhosa', reading: 'native', writing: 'native', speaking: 'native' },
    ]);
    await db.insert(s.experiences).values([
      {
        profileId,
        kind: 'work',
        title: 'Intern',
        organizationName: 'X',
        startsAt: '2025-12-01',
        endsAt: '2026-01-31',
      },
      {
        profileId,
        kind: 'volunteering',
        title: 'Tutor',
        organizationName: 'Y',
        startsAt: '2024-01-01',
        current: true,
      },
    ]);

    // 1000 published opportunities with one to three places and one to four requirements each.
    const [organization] = await db
      .insert(s.organizations)
      .values({ name: 'Bench Organization', slug: 'bench-organization' })
      .returning();
    const generate = (): Criterion => {
      const kind = rng.pick([
        'qualification',
        'qualification',
        'qualification',
        'minimum_grade',
        'school_subjects',
        'age',
        'citizenship',
        'work_rights',
        'distance',
        'languages',
        'drivers_license',
        'experience',
        'documents',
      ] as const);
      const raw: Record<Criterion['kind'], unknown> = {
        qualification: {
          kind,
          minimumNqfLevel: rng.int(4, 8),
          ...(rng.chance(0.6)
            ? {
                disciplineIds: [
                  rng.pick(fields),
                  rng.pick(fields),
                  disciplineId('Computer Science'),
                ]
                  .filter((v, i, a) => a.indexOf(v) === i)
                  .slice(0, rng.int(1, 3)),
              }
            : {}),
          statuses: rng.pick([['completed'], ['completed', 'current'], ['current', 'intended']]),
        },
        minimum_grade: { kind, minimum: rng.int(50, 80) },
        school_subjects: {
          kind,
          subjects: [{ componentId: maths!.id, name: 'Mathematics', minimumMark: rng.int(50, 90) }],
        },
        age: { kind, maximum: rng.int(20, 35) },
        citizenship: { kind, countries: ['ZA'], permanentResidents: rng.chance(0.5) },
        work_rights: { kind, countries: ['ZA'] },
        study_rights: { kind, countries: ['ZA'] },
        distance: { kind, maximumKm: rng.pick([25, 50, 100]) },
        languages: {
          kind,
          languages: [{ language: rng.pick(['English', 'isiZulu']), minimumLevel: 'intermediate' }],
        },
        drivers_license: { kind },
        experience: { kind, minimumYears: rng.int(1, 3) },
        documents: { kind, kinds: ['transcript'] },
      };
      return criterion.parse(raw[kind]);
    };
    const plans = Array.from({ length: OPPORTUNITIES }, (_, i) => {
      const kinds = new Set<string>();
      const criteria: Criterion[] = [];
      for (let k = rng.int(1, 4); criteria.length < k;) {
        const c = generate();
        if (kinds.has(c.kind)) continue;
        kinds.add(c.kind);
        criteria.push(c);
      }
      const places = Array.from({ length: rng.int(1, 3) }, () => rng.pick(cities));
      return { name: `Opportunity ${i + 1}`, criteria, places };
    });
    const opportunityIds = (
      await db
        .insert(s.opportunities)
        .values(
          plans.map((p) => ({
            organizationId: organization!.id,
            kind: 'job' as const,
            name: p.name,
            publishedAt: new Date(NOW.getTime() - 86_400_000),
          })),
        )
        .returning({ id: s.opportunities.id })
    ).map((r) => r.id);
    const requirementRows = plans.flatMap((p, i) =>
      p.criteria.map((c, position) => ({
        opportunityId: opportunityIds[i]!,
        kind: c.kind,
        criterion: c,
        position,
      })),
    );
    const requirementIds = (
      await db.insert(s.requirements).values(requirementRows).returning({ id: s.requirements.id })
    ).map((r) => r.id);
    await db.insert(s.opportunityLocations).values(
      plans.flatMap((p, i) =>
        p.places.map((place) => ({
          opportunityId: opportunityIds[i]!,
          address: place.name!,
          city: place.name,
          latitude: place.latitude,
          longitude: place.longitude,
        })),
      ),
    );
    console.log(
      `Data: 1 candidate, ${OPPORTUNITIES} published opportunities, ${requirementRows.length} requirements`,
    );

    // The pure function alone: the same inputs, in memory.
    const snapshot = (await loadSnapshots(db, [candidateId])).get(candidateId)!;
    let r = 0;
    const inputs = plans.map((p) => ({
      requirements: p.criteria.map((c): Requirement => ({
        id: requirementIds[r++]!,
        criterion: c,
      })),
      context: { now: NOW, locations: p.places },
    }));
    let eligible = 0;
    const pure: number[] = [];
    for (let run = 0; run < PURE_RUNS + 20; run++) {
      const started = performance.now();
      eligible = 0;
      for (const input of inputs) {
        if (evaluateEligibility(snapshot, input.requirements, input.context).eligible)
          eligible += 1;
      }
      if (run >= 20) pure.push(performance.now() - started); // the first runs warm the JIT up
    }
    console.log(`Eligible for ${eligible} of ${OPPORTUNITIES}`);

    const measure = async (storeAll: boolean) => {
      const times: number[] = [];
      let last = { evaluated: 0, stored: 0, eligible: 0 };
      for (let run = 0; run < STORED_RUNS + 3; run++) {
        // A later moment each run, so every run writes (a stored row is never overwritten by an
        // older check).
        const now = new Date(NOW.getTime() + run * 1000 + (storeAll ? 10_000_000 : 0));
        const started = performance.now();
        last = await recomputeCandidate(db, candidateId, now, { storeAll });
        if (run >= 3) times.push(performance.now() - started);
      }
      return { times, last };
    };
    // The job first, on a candidate without stored rows: it stores the eligible ones.
    const job = await measure(false);
    const stored = await measure(true);
    const rows = await db.$count(
      s.eligibilities,
      inArray(s.eligibilities.opportunityId, opportunityIds),
    );

    const line = (label: string, times: number[], note: string) =>
      console.log(
        `${label.padEnd(8)} median ${ms(median(times)).padStart(9)}  p95 ${ms(p95(times)).padStart(9)}  ` +
          `x${(median(times) / median(pure)).toFixed(1).padStart(5)} of pure  ${note}`,
      );
    console.log('');
    line(
      'pure',
      pure,
      `${PURE_RUNS} runs; ${((median(pure) * 1000) / OPPORTUNITIES).toFixed(2)} µs an opportunity`,
    );
    line(
      'job',
      job.times,
      `${STORED_RUNS} runs; stores ${job.last.stored} rows (eligible or stored)`,
    );
    line('stored', stored.times, `${STORED_RUNS} runs; stores all ${stored.last.stored} rows`);
    console.log(`\nRows stored at the end: ${rows}`);
  } finally {
    await database.drop();
  }
}

await main();
