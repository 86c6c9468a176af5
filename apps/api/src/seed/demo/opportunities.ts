import { sql } from 'drizzle-orm';
import type { Criterion } from '@pathways/shared/eligibility/criteria';
import { describeCriterion } from '@pathways/shared/eligibility/describe';
import { linksOf } from '@pathways/shared/pipeline/chain';

import { organizationSeeds, type OpportunitySeed, type Window } from '../data/organizations.ts';
import { findPlace } from '../data/places.ts';
import * as s from '../../db/schema/index.ts';
import * as ref from '../data/reference.ts';
import { insertIds } from '../insert.ts';
import { must, DAY, streets, type DemoContext } from './context.ts';
import type { OpportunityInfo } from './plans.ts';

/** Programmes for young people starting out, which also look at where applicants live. */
const LOCAL_ENTRY = /Learnership|seasonal|Store Consultant/;
/** Jobs for people still finishing or just finished their studies. */
const GRADUATE_ENTRY = /Graduate|Intern|Vacation|Candidate|Trainee|Learnership|in Training/;

/** Extra criteria of particular programmes, by name. */
const extraCriteria: Record<string, Criterion[]> = {
  'Customer Experience Learnership': [
    { kind: 'languages', languages: [{ language: 'English', minimumLevel: 'advanced' }] },
  ],
  'Financial Adviser Development Programme': [
    { kind: 'drivers_license' },
    { kind: 'experience', minimumYears: 1 },
  ],
  'Claims Assessor': [
    { kind: 'experience', minimumYears: 2, experienceKind: 'work' },
    { kind: 'drivers_license' },
  ],
  Paralegal: [{ kind: 'experience', minimumYears: 1, experienceKind: 'work' }],
  Geologist: [
    { kind: 'drivers_license' },
    { kind: 'experience', minimumYears: 1, experienceKind: 'work' },
  ],
  'Candidate Engineer: Water': [{ kind: 'drivers_license' }],
  'Candidate Technologist: Roads': [{ kind: 'drivers_license' }],
  'Community Service Pharmacist': [
    {
      kind: 'languages',
      languages: [{ language: 'English', minimumLevel: 'advanced' }, { language: 'Sepedi' }],
    },
  ],
  'Teacher Education Scholarship': [
    { kind: 'languages', languages: [{ language: 'English', minimumLevel: 'intermediate' }] },
  ],
  'First-Generation Scholarship': [{ kind: 'documents', kinds: ['high_school_certificate'] }],
  // Thandi qualifies but for her transcript: the demo of a criterion she can fix herself.
  'Engineering and ICT Bursary': [{ kind: 'documents', kinds: ['transcript'] }],
  'TVET Excellence Award': [
    {
      kind: 'qualification',
      minimumNqfLevel: 4,
      statuses: ['current'],
    },
    { kind: 'age', maximum: 35 },
  ],
};

/**
 * The demo requirements of an opportunity, most telling first (the caller keeps four at most):
 * its level and field of study, its marks, what its kind of programme asks, then the right to
 * work (jobs) or citizenship (bursaries and scholarships, which are for South Africans).
 */
function demoCriteria(
  seed: OpportunitySeed,
  ids: { disciplineIds: { get(name: string): number }; mathematicsId: number },
): Criterion[] {
  const study = seed.kind !== 'job';
  const criteria: Criterion[] = [];
  if (seed.minNqfLevel || seed.disciplines?.length) {
    criteria.push({
      kind: 'qualification',
      ...(seed.minNqfLevel ? { minimumNqfLevel: seed.minNqfLevel } : {}),
      ...(seed.disciplines?.length
        ? { disciplineIds: seed.disciplines.map((d) => ids.disciplineIds.get(d)) }
        : {}),
      statuses:
        seed.kind === 'bursary'
          ? ['current', 'intended']
          : seed.kind === 'scholarship'
            ? ['completed', 'current', 'intended']
            : GRADUATE_ENTRY.test(seed.name)
              ? ['completed', 'current']
              : ['completed'],
    });
  }
  if (seed.mathsMark) {
    criteria.push({
      kind: 'school_subjects',
      subjects: [
        { componentId: ids.mathematicsId, name: 'Mathematics', minimumMark: seed.mathsMark },
      ],
    });
  }
  if (seed.minGrade) criteria.push({ kind: 'minimum_grade', minimum: seed.minGrade });
  criteria.push(...(extraCriteria[seed.name] ?? []));
  if (seed.kind === 'job' && seed.name.includes('Graduate'))
    criteria.push({ kind: 'age', maximum: 30 });
  if (LOCAL_ENTRY.test(seed.name)) {
    criteria.push({ kind: 'age', minimum: 18, maximum: 35 }, { kind: 'distance', maximumKm: 50 });
  }
  criteria.push(
    study
      ? { kind: 'citizenship', countries: ['ZA'], permanentResidents: true }
      : { kind: 'work_rights', countries: ['ZA'] },
  );
  return criteria;
}

/**
 * How many requirements the first demo data set gave an opportunity. Its random eligibility rows
 * drew from the seed's random stream by that count; the same draws are still made (and used for
 * invitations), so everything generated after them stays as it was.
 */
export function legacyRequirementCount(seed: OpportunitySeed): number {
  return [
    seed.kind !== 'job' || seed.name.includes('Learnership'),
    Boolean(seed.minNqfLevel),
    Boolean(seed.disciplines?.length),
    Boolean(seed.minGrade),
    Boolean(seed.mathsMark),
    seed.kind === 'job' && seed.name.includes('Graduate'),
  ].filter(Boolean).length;
}

/** Phase chains by kind of opportunity. */
const phaseChains: Record<OpportunitySeed['kind'], [string, string][]> = {
  job: [
    ['Applied', 'New applications waiting to be screened.'],
    ['Screening', 'CV and academic record review.'],
    ['Assessment', 'Online psychometric and technical assessments.'],
    ['Interview', 'Competency-based panel interview.'],
    ['Offer', 'Offer made; waiting for acceptance.'],
  ],
  bursary: [
    ['Applied', 'New applications waiting to be screened.'],
    ['Shortlisted', 'Academic results and financial need reviewed.'],
    ['Interview', 'Interview with the bursary committee.'],
    ['Awarded', 'Bursary awarded; contract sent.'],
  ],
  scholarship: [
    ['Applied', 'New applications waiting to be reviewed.'],
    ['Review', 'Essay and academic record review.'],
    ['Selection panel', 'Interview with the selection panel.'],
    ['Awarded', 'Scholarship awarded.'],
  ],
};

function opportunityDescription(organization: string, o: OpportunitySeed): string {
  const what =
    o.kind === 'job'
      ? 'This is a paid position.'
      : o.kind === 'bursary'
        ? 'The bursary covers tuition, accommodation, meals and books, and comes with vacation work.'
        : 'The scholarship covers the full cost of study and includes a mentor.';
  const where =
    o.cities.length > 1
      ? `Based in ${o.cities.slice(0, -1).join(', ')} or ${o.cities.at(-1)}.`
      : `Based in ${o.cities[0]}.`;
  return `${o.summary}\n\n${what} ${where}\n\n${organization} is committed to employment equity and welcomes applications from candidates with disabilities.`;
}
/**
 * The opportunities of every organization with their locations, phase chains, requirements and
 * screening questions.
 */
export async function insertOpportunities(
  ctx: DemoContext,
  organizationIds: number[],
): Promise<OpportunityInfo[]> {
  const { db, rng, at, reference, disciplineIds, subjectIds, jitter } = ctx;
  const windowDates = (window: Window) => {
    switch (window) {
      case 'open': {
        const opensAt = at(-rng.int(10, 45));
        return {
          publishedAt: opensAt,
          opensAt,
          closesAt: at(rng.int(14, 75)),
          commence: rng.int(90, 240),
        };
      }
      case 'closing_soon': {
        const opensAt = at(-rng.int(40, 70));
        return {
          publishedAt: opensAt,
          opensAt,
          closesAt: at(rng.int(2, 6)),
          commence: rng.int(60, 200),
        };
      }
      case 'closed': {
        const opensAt = at(-rng.int(110, 160));
        return {
          publishedAt: opensAt,
          opensAt,
          closesAt: at(-rng.int(10, 45)),
          commence: rng.int(30, 150),
        };
      }
      case 'upcoming': {
        const opensAt = at(rng.int(7, 30));
        return {
          publishedAt: at(-rng.int(1, 7)),
          opensAt,
          closesAt: at(rng.int(60, 100)),
          commence: rng.int(150, 300),
        };
      }
      case 'draft': {
        const opensAt = at(rng.int(30, 60));
        return {
          publishedAt: null,
          opensAt,
          closesAt: at(rng.int(90, 120)),
          commence: rng.int(200, 300),
        };
      }
      case 'commenced': {
        const opensAt = at(-rng.int(330, 400));
        return {
          publishedAt: opensAt,
          opensAt,
          closesAt: at(-rng.int(220, 280)),
          commence: -rng.int(20, 90),
        };
      }
    }
  };
  const opportunityPlans = organizationSeeds.flatMap((o, organizationIndex) =>
    o.opportunities.map((seed) => {
      const dates = windowDates(seed.window);
      return {
        organizationIndex,
        seed,
        dates,
        row: {
          organizationId: must(organizationIds[organizationIndex], 'organization'),
          kind: seed.kind,
          name: seed.name,
          summary: seed.summary,
          description: opportunityDescription(o.name, seed),
          logo: null,
          publishedAt: dates.publishedAt,
          opensAt: dates.opensAt,
          closesAt: dates.closesAt,
          commencesAt: at(dates.commence),
          positions: seed.positions ?? null,
          currency: 'ZAR',
          valueMin: seed.valueMin ?? null,
          valueMax: seed.valueMax ?? null,
          createdAt: dates.publishedAt ? new Date(dates.publishedAt.getTime() - 5 * DAY) : at(-3),
          updatedAt: dates.publishedAt ?? at(-3),
        } satisfies typeof s.opportunities.$inferInsert,
      };
    }),
  );
  const opportunityIds = await insertIds(
    db,
    s.opportunities,
    opportunityPlans.map((p) => p.row),
  );
  const opportunities: OpportunityInfo[] = opportunityPlans.map((p, i) => ({
    id: must(opportunityIds[i], 'opportunity'),
    organizationIndex: p.organizationIndex,
    organizationId: p.row.organizationId,
    seed: p.seed,
    window: p.seed.window,
    opensAt: p.dates.opensAt,
    closesAt: p.dates.closesAt,
    locations: [],
    phaseIds: [],
    phaseNames: [],
    requirements: [],
    questionIds: [],
  }));

  // Locations: one per city, near the city centre.
  const opportunityLocationRows = opportunities.flatMap((o) =>
    o.seed.cities.map((city) => {
      const place = findPlace(city);
      return {
        opportunity: o,
        row: {
          opportunityId: o.id,
          locationId: reference.places.find(city) ?? null,
          address: `${rng.int(1, 300)} ${rng.pick(streets)}, ${city}`,
          city,
          province: place.province,
          country: 'ZA',
          ...jitter(place, 0.03),
        },
      };
    }),
  );
  (
    await insertIds(
      db,
      s.opportunityLocations,
      opportunityLocationRows.map((r) => r.row),
    )
  ).forEach((id, i) => {
    const r = must(opportunityLocationRows[i], 'location row');
    r.opportunity.locations.push({ id, latitude: r.row.latitude, longitude: r.row.longitude });
  });

  // Phases: a chain per opportunity, linked with one UPDATE.
  const phaseRows = opportunities.flatMap((o) =>
    phaseChains[o.seed.kind].map(([name, description], position) => ({
      opportunity: o,
      row: { opportunityId: o.id, name, description, initial: position === 0 },
    })),
  );
  (
    await insertIds(
      db,
      s.phases,
      phaseRows.map((r) => r.row),
    )
  ).forEach((id, i) => {
    const r = must(phaseRows[i], 'phase row');
    r.opportunity.phaseIds.push(id);
    r.opportunity.phaseNames.push(r.row.name);
  });
  const links = opportunities.flatMap((o) =>
    linksOf(o.phaseIds).flatMap((p) =>
      p.nextPhaseId === null ? [] : [sql`(${p.id}::int, ${p.nextPhaseId}::int)`],
    ),
  );
  if (links.length > 0) {
    await db.execute(
      sql`update phases set next_phase_id = v.next_id from (values ${sql.join(links, sql`, `)}) as v(id, next_id) where phases.id = v.id`,
    );
  }

  // Requirements (eligibility criteria) and screening questions. Every opportunity gets one to
  // four criteria of the shared union (packages/shared/src/eligibility/criteria.ts), drawn from
  // what its programme asks (level, field, marks) and from the kind of programme it is.
  const disciplineNames = new Map(
    ref.disciplines.map((name) => [disciplineIds.get(name), name] as const),
  );
  const requirementRows = opportunities.flatMap((o) =>
    demoCriteria(o.seed, {
      disciplineIds,
      mathematicsId: must(subjectIds.get('Mathematics'), 'maths'),
    })
      .slice(0, 4)
      .map((criterion, position) => ({
        opportunity: o,
        row: {
          opportunityId: o.id,
          position,
          kind: criterion.kind,
          criterion,
          description: describeCriterion(criterion, { disciplines: disciplineNames }),
        },
      })),
  );
  (
    await insertIds(
      db,
      s.requirements,
      requirementRows.map((r) => r.row),
    )
  ).forEach((id, i) => {
    const r = must(requirementRows[i], 'requirement');
    r.opportunity.requirements.push({ id, kind: r.row.kind });
  });
  const questionRows = opportunities.flatMap((o) =>
    (o.seed.screening ?? []).map((prompt, position) => ({
      opportunity: o,
      row: { opportunityId: o.id, prompt, required: position === 0, position },
    })),
  );
  (
    await insertIds(
      db,
      s.screeningQuestions,
      questionRows.map((r) => r.row),
    )
  ).forEach((id, i) => must(questionRows[i], 'question').opportunity.questionIds.push(id));
  return opportunities;
}
