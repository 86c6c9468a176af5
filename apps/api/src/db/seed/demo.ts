import type { Criterion } from '@pathways/shared/eligibility/criteria';
import { describeCriterion } from '@pathways/shared/eligibility/describe';
import { sql, type SQL } from 'drizzle-orm';

import { storeAllEligibilities } from '../../features/eligibility/index.ts';

import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';
import { organizationSeeds, type OpportunitySeed, type Window } from './data/organizations.ts';
import {
  achievementTitles,
  affiliationNames,
  assessmentItems,
  biographies,
  experienceOrganizations,
  experienceTitles,
  foreignCountries,
  homeLanguages,
  nameGroupWeights,
  namePools,
  type NameGroup,
} from './data/people.ts';
import { candidateHomes, findPlace, type Place } from './data/places.ts';
import * as ref from './data/reference.ts';
import { insertAll, insertIds } from './insert.ts';
import { ensureReferenceData } from './reference.ts';
import { createRandom } from './random.ts';
import { saIdNumber } from './sa-id.ts';

/** The fixed seed of the demo data: change it and every generated value changes. */
export const DEMO_SEED = 0x5eed_2026;

const DAY = 86_400_000;
const HOUR = 3_600_000;

type UserInsert = typeof s.users.$inferInsert;
type ProfileInsert = typeof s.candidateProfiles.$inferInsert;
type ProfileQualificationInsert = typeof s.profileQualifications.$inferInsert;
type ApplicationInsert = typeof s.applications.$inferInsert;
type Gender = 'female' | 'male';
type Tier = 'complete' | 'partial' | 'sparse';

function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`seed: missing ${what}`);
  return value;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function emailPart(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** Distance in km on a 6371 km sphere (SPEC.md section 9). */
function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

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
function legacyRequirementCount(seed: OpportunitySeed): number {
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

interface OpportunityInfo {
  id: number;
  organizationIndex: number;
  organizationId: number;
  seed: OpportunitySeed;
  window: Window;
  opensAt: Date | null;
  closesAt: Date | null;
  locations: { id: number; latitude: number; longitude: number }[];
  phaseIds: number[];
  phaseNames: string[];
  requirements: { id: number; kind: string }[];
  questionIds: number[];
  campaignId?: number;
}

interface QualificationPlan {
  row: Omit<ProfileQualificationInsert, 'profileId'>;
  disciplineIds: number[];
  components: { componentId: number; mark: number }[];
  nqfLevel: number;
}

interface ApplicationPlan {
  opportunity: OpportunityInfo;
  createdAt: Date;
  step: number;
  stepTimes: Date[];
  regretedAt: Date | null;
  archivedAt: Date | null;
  rating: number | null;
  locationIds: number[];
  campaignId: number | null;
  answered: boolean;
  eligible: boolean;
}

interface CandidatePlan {
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  group: NameGroup;
  tier: Tier;
  demo?: 'thandi' | 'sipho';
  user: Omit<UserInsert, 'email' | 'passwordHash' | 'role'>;
  profile: Omit<ProfileInsert, 'userId'>;
  qualifications: QualificationPlan[];
  experiences: Omit<typeof s.experiences.$inferInsert, 'profileId'>[];
  achievements: Omit<typeof s.achievements.$inferInsert, 'profileId'>[];
  affiliations: Omit<typeof s.affiliations.$inferInsert, 'profileId'>[];
  languages: Omit<typeof s.languageProficiencies.$inferInsert, 'profileId'>[];
  rights: {
    countryCode: string;
    kind: 'citizen' | 'permanent_resident' | 'permit' | 'visa';
    validUntil: string | null;
  }[];
  assessments: Omit<typeof s.assessmentResults.$inferInsert, 'profileId'>[];
  applications: ApplicationPlan[];
}

/** Inserts the whole demo data set. The caller runs it in a transaction on an empty database. */
export async function insertDemoData(
  db: DbOrTx,
  options: { now: Date; candidates: number; passwordHash: string },
): Promise<void> {
  const { now, passwordHash } = options;
  const rng = createRandom(DEMO_SEED);
  const at = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * HOUR);
  const nowYear = now.getUTCFullYear();
  /** A moment between a and b (a before b). */
  const between = (a: Date, b: Date) =>
    new Date(a.getTime() + rng.next() * Math.max(0, b.getTime() - a.getTime()));

  // ---------------------------------------------------------------- reference data
  const reference = await ensureReferenceData(db);
  const disciplineIds = reference.disciplines;
  const institutions = reference.institutions;
  const qualificationsRef = reference.qualifications;
  const nscTypeId = reference.nscTypeId;
  const nscQualification = must(
    qualificationsRef.find((q) => q.type === 'National Senior Certificate'),
    'NSC qualification',
  );
  const subjectIds = reference.subjects;

  // ---------------------------------------------------------------- organizations
  const streets = [
    'Main Road',
    'Rivonia Road',
    'Long Street',
    'Church Street',
    'Oxford Road',
    'Jan Smuts Avenue',
  ];
  const organizationIds = await insertIds(
    db,
    s.organizations,
    organizationSeeds.map((o, i) => ({
      name: o.name,
      slug: o.slug,
      description: o.description,
      website: o.website,
      industry: o.industry,
      logo: null,
      createdAt: at(-720 + i * 7),
      updatedAt: at(-30),
    })),
  );
  const jitter = (place: Place, spread = 0.02) => ({
    latitude: round6(place.latitude + rng.float(-spread, spread)),
    longitude: round6(place.longitude + rng.float(-spread, spread)),
  });
  await insertAll(
    db,
    s.organizationLocations,
    organizationSeeds.flatMap((o, i) =>
      o.offices.map((city, j) => {
        const place = findPlace(city);
        return {
          organizationId: must(organizationIds[i], 'organization'),
          name: j === 0 ? 'Head office' : `${city} office`,
          address: `${rng.int(1, 250)} ${rng.pick(streets)}, ${city}`,
          city,
          province: place.province,
          country: 'ZA',
          ...jitter(place, 0.01),
        };
      }),
    ),
  );

  // ---------------------------------------------------------------- opportunities
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
    o.phaseIds
      .slice(0, -1)
      .map((id, i) => sql`(${id}::int, ${must(o.phaseIds[i + 1], 'next phase')}::int)`),
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

  // ---------------------------------------------------------------- campaigns
  const campaignRows: {
    row: typeof s.campaigns.$inferInsert;
    aliases: string[];
    opportunity?: OpportunityInfo;
  }[] = [];
  organizationSeeds.forEach((o, i) => {
    const organizationId = must(organizationIds[i], 'organization');
    campaignRows.push({
      row: {
        slug: o.code,
        name: `Careers at ${o.name}`,
        kind: 'organization',
        organizationId,
        description: `Sign up to hear about jobs, bursaries and scholarships at ${o.name}.`,
      },
      aliases: o.aliases,
    });
  });
  for (const o of opportunities) {
    if (!o.seed.code) continue;
    campaignRows.push({
      row: {
        slug: o.seed.code,
        name: o.seed.name,
        kind: 'opportunity',
        organizationId: o.organizationId,
        opportunityId: o.id,
        description: o.seed.summary,
        startsAt: o.opensAt,
        endsAt: o.closesAt,
      },
      // Legacy codes: the ones the programme used, plus last intake's year-stamped code.
      aliases: [...(o.seed.aliases ?? []), `${o.seed.code}${nowYear}`],
      opportunity: o,
    });
  }
  const campaignIds = await insertIds(
    db,
    s.campaigns,
    campaignRows.map((c) => c.row),
  );
  const organizationCampaignIds = campaignIds.slice(0, organizationSeeds.length);
  campaignRows.forEach((c, i) => {
    if (c.opportunity) c.opportunity.campaignId = must(campaignIds[i], 'campaign');
  });
  await insertAll(
    db,
    s.campaignAliases,
    campaignRows.flatMap((c, i) =>
      c.aliases.map((alias) => ({ alias, campaignId: must(campaignIds[i], 'campaign') })),
    ),
  );

  // ---------------------------------------------------------------- listings
  // Curated public lists (/listings/{id}): a careers-fair hand-out, an engineering intake, and a
  // draft still being put together. Opportunities are named, in the order the organization
  // wants them read.
  const opportunityNamed = (organizationName: string, name: string) =>
    must(
      opportunities.find(
        (o) =>
          o.seed.name === name && organizationSeeds[o.organizationIndex]?.name === organizationName,
      ),
      `${organizationName}: ${name}`,
    );
  const organizationIdNamed = (name: string) =>
    must(
      organizationIds[organizationSeeds.findIndex((o) => o.name === name)],
      `organization ${name}`,
    );
  const listingSeeds = [
    {
      organization: 'Indlovu Bank',
      name: `Graduate and bursary intake ${nowYear + 1}`,
      description:
        'Everything Indlovu Bank is recruiting for the coming year in one place: graduate programmes, bursaries and learnerships. Start with the programme closest to your studies; you can apply to more than one.',
      publishedAt: at(-20),
      items: [
        'Graduate Programme: Technology',
        'Graduate Programme: Finance and Risk',
        'Indlovu Bank Actuarial Science Bursary',
        'Branch Banking Learnership',
        'Indlovu Bank Postgraduate Scholarship',
      ],
    },
    {
      organization: 'Baobab Telecom',
      name: 'Engineering and technology careers fair',
      description:
        'The opportunities we spoke about at this year\u2019s university careers fairs. Bring your transcript when you apply: every programme here asks for it.',
      publishedAt: at(-12),
      items: [
        'Engineering and ICT Bursary',
        'Network Engineering Graduate',
        'Software Developer Internship',
        'Baobab Digital Futures Scholarship',
      ],
    },
    {
      organization: 'Indlovu Bank',
      name: 'Vacation work (in preparation)',
      description: 'Not published yet.',
      publishedAt: null,
      items: ['Data Analyst Internship'],
    },
  ];
  const listingIds = await insertIds(
    db,
    s.listings,
    listingSeeds.map((l) => ({
      organizationId: organizationIdNamed(l.organization),
      name: l.name,
      description: l.description,
      publishedAt: l.publishedAt,
      createdAt: l.publishedAt ? new Date(l.publishedAt.getTime() - 2 * DAY) : at(-2),
      updatedAt: l.publishedAt ?? at(-1),
    })),
  );
  await insertAll(
    db,
    s.listingOpportunities,
    listingSeeds.flatMap((l, i) =>
      l.items.map((name, position) => ({
        listingId: must(listingIds[i], 'listing'),
        opportunityId: opportunityNamed(l.organization, name).id,
        position,
      })),
    ),
  );

  // ---------------------------------------------------------------- candidates (planned in memory)
  const applicable = opportunities.filter((o) =>
    ['open', 'closing_soon', 'closed', 'commenced'].includes(o.window),
  );
  const applicableWeighted = applicable.map((o) => [o, o.organizationIndex === 0 ? 3 : 1] as const);
  const identifications = new Set<string>();
  const universities = institutions.filter((i) => i.kind === 'university');
  const technikons = institutions.filter((i) => i.kind === 'university_of_technology');
  const tvets = institutions.filter((i) => i.kind === 'tvet_college');
  const schools = institutions.filter((i) => i.kind === 'school');

  const uniqueIdentification = (country: string, make: () => string): string => {
    for (;;) {
      const id = make();
      if (!identifications.has(`${country}:${id}`)) {
        identifications.add(`${country}:${id}`);
        return id;
      }
    }
  };

  const makeIdentification = (country: string, bornAt: string, gender: Gender): string =>
    uniqueIdentification(country, () => {
      switch (country) {
        case 'ZA':
          return saIdNumber({ bornAt, gender, sequence: rng.int(0, 4999), citizen: true });
        case 'NG':
          return String(rng.int(10_000_000_000, 99_999_999_999));
        case 'ZW':
          return `${rng.int(10, 89)}${rng.int(100_000, 999_999)}${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(10, 99)}`;
        default:
          return `${country}${rng.int(1_000_000, 9_999_999)}`;
      }
    });

  const mobile = () =>
    `+27 ${rng.pick(['60', '61', '63', '71', '72', '73', '74', '76', '78', '79', '81', '82', '83', '84'])} ${rng.int(100, 999)} ${String(rng.int(0, 9999)).padStart(4, '0')}`;

  /** Seven NSC subjects with marks around an ability level. */
  const nscComponents = (homeLanguage: string, ability: number, maths: boolean) => {
    const hl = ref.nscSubjects.includes(`${homeLanguage} Home Language` as ref.NscSubject)
      ? `${homeLanguage} Home Language`
      : 'English Home Language';
    const fal =
      hl === 'English Home Language'
        ? 'Afrikaans First Additional Language'
        : 'English First Additional Language';
    const electives = rng.sample(
      maths
        ? [
            'Physical Sciences',
            'Life Sciences',
            'Accounting',
            'Information Technology',
            'Geography',
            'Economics',
            'Engineering Graphics and Design',
          ]
        : [
            'Life Sciences',
            'Business Studies',
            'Geography',
            'History',
            'Tourism',
            'Consumer Studies',
            'Computer Applications Technology',
            'Agricultural Sciences',
          ],
      3,
    );
    const subjects = [
      hl,
      fal,
      maths ? 'Mathematics' : 'Mathematical Literacy',
      'Life Orientation',
      ...electives,
    ];
    return subjects.map((name) => ({
      componentId: must(subjectIds.get(name), name),
      mark: clamp(
        Math.round(
          ability +
            rng.int(-12, 12) +
            (name === 'Life Orientation' ? 10 : 0) +
            (name === hl ? 5 : 0),
        ),
        30,
        99,
      ),
    }));
  };

  const statusFor = (startsAt: Date, endsAt: Date): 'completed' | 'current' | 'intended' =>
    endsAt < now ? 'completed' : startsAt > now ? 'intended' : 'current';

  const nscPlan = (homeLanguage: string, bornYear: number, homeCity: string, ability: number) => {
    const matricYear = bornYear + 18;
    const startsAt = new Date(Date.UTC(matricYear, 0, 15));
    const endsAt = new Date(Date.UTC(matricYear, 10, 30));
    const components = nscComponents(homeLanguage, ability, rng.chance(0.7));
    const localSchools = schools.filter((sc) => sc.city === homeCity);
    const school =
      localSchools.length > 0 ? rng.pick(localSchools) : rng.chance(0.5) ? rng.pick(schools) : null;
    const status = statusFor(startsAt, endsAt);
    return {
      nqfLevel: 4,
      disciplineIds: [],
      components,
      row: {
        institutionId: school?.id ?? null,
        institutionName: school ? null : `${homeCity} Secondary School`,
        qualificationId: nscQualification.id,
        qualificationTypeId: nscTypeId,
        qualificationCategoryId: nscQualification.categoryId,
        startsAt: isoDate(startsAt),
        endsAt: isoDate(endsAt),
        status,
        gradeNormalized:
          status === 'completed'
            ? round2(components.reduce((a, c) => a + c.mark, 0) / components.length)
            : null,
        verifiedAt: status === 'completed' && rng.chance(0.3) ? at(-rng.int(5, 200)) : null,
      },
    } satisfies QualificationPlan;
  };

  const durations: Record<string, number> = {
    'National Certificate (Vocational)': 3,
    'Higher Certificate': 1,
    Diploma: 3,
    'Advanced Certificate': 1,
    "Bachelor's Degree": 3,
    'Advanced Diploma': 1,
    'Bachelor Honours Degree': 1,
    "Professional Bachelor's Degree": 4,
    'Postgraduate Diploma': 1,
    "Master's Degree": 2,
    'Doctoral Degree': 3,
  };
  const undergraduate = qualificationsRef.filter(
    (q) =>
      q.nqfLevel >= 4 &&
      q.nqfLevel <= 8 &&
      q.type !== 'National Senior Certificate' &&
      !['Bachelor Honours Degree', 'Postgraduate Diploma', 'Advanced Diploma'].includes(q.type),
  );
  const postgraduate = qualificationsRef.filter((q) =>
    [
      'Bachelor Honours Degree',
      'Postgraduate Diploma',
      'Advanced Diploma',
      "Master's Degree",
    ].includes(q.type),
  );

  const institutionFor = (type: string, homeCity: string) => {
    const pool =
      type === 'National Certificate (Vocational)'
        ? tvets
        : type === 'Higher Certificate'
          ? rng.chance(0.5)
            ? tvets
            : technikons
          : type === 'Diploma' || type === 'Advanced Diploma'
            ? rng.chance(0.7)
              ? technikons
              : universities
            : rng.chance(0.85)
              ? universities
              : technikons;
    const local = pool.filter((i) => i.city === homeCity);
    return local.length > 0 && rng.chance(0.6) ? rng.pick(local) : rng.pick(pool);
  };

  const tertiaryPlan = (
    q: (typeof qualificationsRef)[number],
    startYear: number,
    homeCity: string,
    ability: number,
  ): QualificationPlan => {
    const startsAt = new Date(Date.UTC(startYear, 1, 1));
    const endsAt = new Date(Date.UTC(startYear + (durations[q.type] ?? 3) - 1, 11, 10));
    const status = statusFor(startsAt, endsAt);
    const institution = institutionFor(q.type, homeCity);
    return {
      nqfLevel: q.nqfLevel,
      disciplineIds: q.disciplines.map((d) => must(disciplineIds.get(d), d)),
      components: [],
      row: {
        institutionId: institution.id,
        qualificationId: q.id,
        qualificationTypeId: q.typeId,
        qualificationCategoryId: q.categoryId,
        startsAt: isoDate(startsAt),
        endsAt: isoDate(endsAt),
        status,
        gradeNormalized:
          status === 'intended' ? null : round2(clamp(ability + rng.float(-8, 6), 45, 95)),
        verifiedAt: status !== 'intended' && rng.chance(0.25) ? at(-rng.int(5, 200)) : null,
      },
    };
  };

  const planApplications = (
    tier: Tier,
    home: { latitude: number; longitude: number },
    eligibleBias: number,
  ) => {
    const count = tier === 'complete' ? rng.int(1, 5) : tier === 'partial' ? rng.int(0, 2) : 0;
    const chosen = new Set<OpportunityInfo>();
    for (let tries = 0; chosen.size < count && tries < 20; tries++)
      chosen.add(rng.weighted(applicableWeighted));
    return [...chosen].map((o) => planApplication(o, tier, home, eligibleBias));
  };

  const planApplication = (
    o: OpportunityInfo,
    tier: Tier,
    home: { latitude: number; longitude: number },
    eligibleBias: number,
    fixed?: { step?: number; regret?: boolean; archive?: boolean },
  ): ApplicationPlan => {
    const opensAt = must(o.opensAt, 'opensAt');
    const closesAt = must(o.closesAt, 'closesAt');
    const end = closesAt < now ? closesAt : new Date(now.getTime() - 2 * HOUR);
    const createdAt = between(
      opensAt,
      new Date(Math.min(end.getTime(), opensAt.getTime() + 40 * DAY)),
    );
    const phases = o.phaseIds.length;
    const finished = o.window === 'closed' || o.window === 'commenced';
    const complete = tier === 'complete';
    let step =
      fixed?.step ??
      (complete
        ? rng.weighted(
            finished
              ? [
                  [0, 3],
                  [1, 3],
                  [2, 2],
                  [3, 1.5],
                  [4, 1],
                ]
              : [
                  [0, 6],
                  [1, 3],
                  [2, 1.5],
                  [3, 0.5],
                ],
          )
        : rng.weighted([
            [0, 8],
            [1, 1],
          ]));
    step = Math.min(step, phases - 1);
    const regret =
      fixed?.regret ?? (step < phases - 1 && rng.chance(finished ? 0.3 : complete ? 0.08 : 0.2));
    const archive = fixed?.archive ?? (!regret && rng.chance(0.05));
    const extra = regret || archive ? 1 : 0;
    const fractions = Array.from({ length: step + extra }, () => rng.float(0.05, 0.95)).sort(
      (a, b) => a - b,
    );
    const span = Math.max(HOUR, now.getTime() - createdAt.getTime() - HOUR);
    const times = fractions.map(
      (f) => new Date(createdAt.getTime() + f * Math.min(span, 60 * DAY)),
    );
    const stepTimes = [createdAt, ...times.slice(0, step)];
    const endTime = times[step];
    const nearest = [...o.locations].sort((a, b) => distanceKm(home, a) - distanceKm(home, b));
    return {
      opportunity: o,
      createdAt,
      step,
      stepTimes,
      regretedAt: regret ? must(endTime, 'regret time') : null,
      archivedAt: archive ? must(endTime, 'archive time') : null,
      rating: step >= 1 && rng.chance(0.6) ? rng.int(1, 5) : null,
      locationIds: nearest.slice(0, rng.int(1, Math.min(2, nearest.length))).map((l) => l.id),
      campaignId: o.campaignId && rng.chance(0.3) ? o.campaignId : null,
      answered: complete && o.questionIds.length > 0 && rng.chance(0.85),
      eligible: rng.chance(eligibleBias),
    };
  };

  const candidatePlans: CandidatePlan[] = [];

  // Thandi: the complete demo candidate, a final-year BSc Computer Science student at UCT.
  {
    // A final-year student: matric three academic years ago, the degree ends this December.
    const academicYear = now.getUTCMonth() === 0 ? nowYear - 1 : nowYear;
    const bornAt = `${academicYear - 21}-03-14`;
    const bornYear = Number(bornAt.slice(0, 4));
    const home = { latitude: -33.9588, longitude: 18.4719 };
    const uct = must(
      institutions.find((i) => i.abbreviation === 'UCT'),
      'UCT',
    );
    const bsc = must(
      qualificationsRef.find((q) => q.specialization === 'Bachelor of Science in Computer Science'),
      'BSc CS',
    );
    const marks: [string, number][] = [
      ['isiXhosa Home Language', 81],
      ['English First Additional Language', 84],
      ['Mathematics', 88],
      ['Physical Sciences', 82],
      ['Information Technology', 91],
      ['Accounting', 76],
      ['Life Orientation', 90],
    ];
    const matricYear = bornYear + 18;
    const nsc: QualificationPlan = {
      nqfLevel: 4,
      disciplineIds: [],
      components: marks.map(([name, mark]) => ({
        componentId: must(subjectIds.get(name), name),
        mark,
      })),
      row: {
        institutionId: must(
          schools.find((sc) => sc.city === 'Cape Town'),
          'school',
        ).id,
        qualificationId: nscQualification.id,
        qualificationTypeId: nscTypeId,
        qualificationCategoryId: nscQualification.categoryId,
        startsAt: `${matricYear}-01-15`,
        endsAt: `${matricYear}-11-30`,
        status: 'completed',
        gradeNormalized: round2(marks.reduce((a, [, m]) => a + m, 0) / marks.length),
        verifiedAt: at(-200),
      },
    };
    const degree: QualificationPlan = {
      nqfLevel: 7,
      disciplineIds: bsc.disciplines.map((d) => must(disciplineIds.get(d), d)),
      components: [],
      row: {
        institutionId: uct.id,
        qualificationId: bsc.id,
        qualificationTypeId: bsc.typeId,
        qualificationCategoryId: bsc.categoryId,
        startsAt: `${academicYear - 2}-02-01`,
        endsAt: `${academicYear}-12-10`,
        status: statusFor(new Date(`${academicYear - 2}-02-01`), new Date(`${academicYear}-12-10`)),
        gradeNormalized: 74.5,
        verifiedAt: at(-60),
      },
    };
    const byName = (name: string) =>
      must(
        opportunities.find((o) => o.seed.name === name),
        name,
      );
    const techGrad = byName('Graduate Programme: Technology');
    const thandiApps = [
      planApplication(techGrad, 'complete', home, 1, { step: 3, regret: false, archive: false }),
      planApplication(byName('Engineering and ICT Bursary'), 'complete', home, 1, {
        step: 0,
        regret: false,
        archive: false,
      }),
      planApplication(byName('Software Developer Internship'), 'complete', home, 1, {
        step: 1,
        regret: true,
        archive: false,
      }),
      planApplication(byName('Data Analyst Internship'), 'complete', home, 1, {
        step: 0,
        regret: false,
        archive: true,
      }),
      planApplication(byName('Retail Management Trainee'), 'complete', home, 0, {
        step: 0,
        regret: false,
        archive: false,
      }),
    ];
    for (const app of thandiApps) app.campaignId = null;
    // The open Retail Management application waits for her screening answer (an action item).
    const retail = must(thandiApps[4], 'retail application');
    retail.answered = false;
    must(thandiApps[0], 'tech application').answered = true;
    candidatePlans.push({
      email: 'thandi@demo.test',
      firstName: 'Thandi',
      lastName: 'Nkosi',
      gender: 'female',
      group: 'african',
      tier: 'complete',
      demo: 'thandi',
      user: {
        confirmationSentAt: at(-400),
        confirmedAt: at(-400, 1),
        termsAcceptedAt: at(-400),
        lastSignInAt: at(-1),
        createdAt: at(-400),
        updatedAt: at(-1),
      },
      profile: {
        countryOfBirth: 'ZA',
        identification: makeIdentification('ZA', bornAt, 'female'),
        firstNames: 'Thandi Nomsa',
        lastName: 'Nkosi',
        bornAt,
        gender: 'female',
        ethnicity: 'african',
        disability: false,
        biography:
          'Final-year BSc Computer Science student at UCT. I tutor first-years in programming, build apps for community organisations and want to grow into a software engineer who solves real problems for South Africans.',
        mobileNumber: '+27 82 555 0142',
        driversLicense: true,
        address: 'Rondebosch, Cape Town, Western Cape',
        ...home,
        completion: 100,
        createdAt: at(-400),
        updatedAt: at(-3),
      },
      qualifications: [nsc, degree],
      experiences: [
        {
          kind: 'work',
          title: 'Vacation work student: software development',
          organizationName: 'Imbizo Consulting',
          startsAt: isoDate(at(-330)),
          endsAt: isoDate(at(-290)),
          current: false,
          description:
            'Built an internal leave-request app with a small team during the December holidays.',
        },
        {
          kind: 'volunteering',
          title: 'Volunteer coding tutor',
          organizationName: 'Ikhaya Tutoring',
          startsAt: isoDate(at(-700)),
          endsAt: null,
          current: true,
          description: 'Teaching Scratch and Python to Grade 9 learners in Langa on Saturdays.',
        },
      ],
      achievements: [
        {
          title: "Dean's Merit List",
          description: 'Faculty of Science, second year.',
          achievedAt: isoDate(at(-330)),
        },
        {
          title: 'Hackathon winner',
          description: 'Best civic-tech app at a campus hackathon.',
          achievedAt: isoDate(at(-150)),
        },
      ],
      affiliations: [
        {
          organizationName: 'Golden Key International Honour Society',
          role: 'Member',
          startsAt: isoDate(at(-500)),
          endsAt: null,
          description: null,
        },
      ],
      languages: [
        { language: 'English', reading: 'advanced', writing: 'advanced', speaking: 'advanced' },
        { language: 'isiXhosa', reading: 'native', writing: 'native', speaking: 'native' },
        { language: 'Afrikaans', reading: 'basic', writing: 'basic', speaking: 'basic' },
      ],
      rights: [{ countryCode: 'ZA', kind: 'citizen', validUntil: null }],
      assessments: assessmentItems.map((item, i) => ({
        item,
        aggregate: [78, 71, 83, 69][i] ?? 70,
        assessedAt: at(-40),
      })),
      applications: thandiApps,
    });
  }

  // Sipho: just signed up, e-mail not confirmed, a mostly empty profile.
  candidatePlans.push({
    email: 'sipho@demo.test',
    firstName: 'Sipho',
    lastName: 'Mahlangu',
    gender: 'male',
    group: 'african',
    tier: 'sparse',
    demo: 'sipho',
    user: {
      confirmationSentAt: now,
      confirmedAt: null,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    },
    profile: {
      firstNames: 'Sipho',
      lastName: 'Mahlangu',
      completion: 10,
      createdAt: now,
      updatedAt: now,
    },
    qualifications: [],
    experiences: [],
    achievements: [],
    affiliations: [],
    languages: [],
    rights: [],
    assessments: [],
    applications: [],
  });

  for (let n = 0; n < options.candidates; n++) {
    const group = rng.weighted(nameGroupWeights);
    const pool = namePools[group];
    const gender: Gender = rng.chance(0.55) ? 'female' : 'male';
    const firstName = rng.pick(gender === 'female' ? pool.female : pool.male);
    const lastName = rng.pick(pool.last);
    const tier: Tier = rng.weighted([
      ['complete', 50],
      ['partial', 30],
      ['sparse', 20],
    ]);
    const country = rng.chance(0.9) ? 'ZA' : rng.pick(foreignCountries);
    const age = rng.weighted([
      [rng.int(18, 21), 4],
      [rng.int(22, 25), 4],
      [rng.int(26, 32), 2],
    ]);
    const bornAt = isoDate(at(-(age * 365 + rng.int(0, 364))));
    const bornYear = Number(bornAt.slice(0, 4));
    const homePlace = findPlace(rng.weighted(candidateHomes));
    const home = jitter(homePlace, 0.06);
    const ability = clamp(Math.round(48 + rng.next() * 20 + rng.next() * 20), 35, 92);
    const homeLanguage = rng.pick(homeLanguages[group]);
    const createdAt = at(-rng.int(20, 500), -rng.int(0, 23));
    const confirmed = tier !== 'sparse' ? rng.chance(0.95) : rng.chance(0.6);
    const plan: CandidatePlan = {
      email: `${emailPart(firstName)}.${emailPart(lastName)}.${n + 1}@example.com`,
      firstName,
      lastName,
      gender,
      group,
      tier,
      user: {
        confirmationSentAt: createdAt,
        confirmedAt: confirmed ? new Date(createdAt.getTime() + rng.int(2, 600) * 60_000) : null,
        termsAcceptedAt: createdAt,
        lastSignInAt: rng.chance(0.8) ? between(createdAt, now) : null,
        createdAt,
        updatedAt: createdAt,
      },
      profile: {
        firstNames: rng.chance(0.25)
          ? `${firstName} ${rng.pick(gender === 'female' ? pool.female : pool.male)}`
          : firstName,
        lastName,
        completion:
          tier === 'sparse'
            ? rng.int(5, 20)
            : tier === 'partial'
              ? rng.int(30, 75)
              : rng.int(90, 100),
        createdAt,
        updatedAt: between(createdAt, now),
      },
      qualifications: [],
      experiences: [],
      achievements: [],
      affiliations: [],
      languages: [],
      rights: [],
      assessments: [],
      applications: [],
    };
    if (tier !== 'sparse') {
      Object.assign(plan.profile, {
        countryOfBirth: country,
        identification: makeIdentification(country, bornAt, gender),
        bornAt,
        gender: rng.chance(0.03) ? rng.pick(['non_binary', 'prefer_not_to_say'] as const) : gender,
        mobileNumber: mobile(),
        address: `${homePlace.city}, ${homePlace.province}`,
        ...home,
      });
      plan.qualifications.push(nscPlan(homeLanguage, bornYear, homePlace.city, ability));
      plan.rights =
        country === 'ZA'
          ? [{ countryCode: 'ZA', kind: 'citizen', validUntil: null }]
          : [
              {
                countryCode: 'ZA',
                kind: rng.pick(['permanent_resident', 'permit', 'visa'] as const),
                validUntil: isoDate(at(rng.int(60, 900))),
              },
            ];
    } else if (rng.chance(0.3)) {
      // A sparse profile whose identification was refused: the error is kept on the profile.
      plan.profile.countryOfBirth = 'ZA';
      plan.profile.errors = { identification: ['must be a valid identification'] };
    }
    if (tier === 'complete') {
      Object.assign(plan.profile, {
        ethnicity: rng.chance(0.04) ? 'prefer_not_to_say' : group,
        disability: rng.chance(0.05),
        biography: rng.pick(biographies),
        driversLicense: rng.chance(0.45),
      });
      if (plan.profile.disability) plan.profile.disabilityDescription = 'Partial hearing loss';
      // Tertiary studies for most of them, a postgraduate qualification for some older ones.
      if (rng.chance(0.8)) {
        const q = rng.weighted(
          undergraduate.map(
            (u) => [u, u.type === "Bachelor's Degree" ? 3 : u.type === 'Diploma' ? 2 : 1] as const,
          ),
        );
        const startYear = bornYear + 19 + (rng.chance(0.2) ? 1 : 0);
        const first = tertiaryPlan(q, startYear, homePlace.city, ability);
        plan.qualifications.push(first);
        const firstEnd = Number(String(first.row.endsAt).slice(0, 4));
        if (first.row.status === 'completed' && firstEnd + 1 <= nowYear && rng.chance(0.3)) {
          plan.qualifications.push(
            tertiaryPlan(rng.pick(postgraduate), firstEnd + 1, homePlace.city, ability),
          );
        }
      }
      for (let e = rng.int(0, 2); e > 0; e--) {
        const [kind, title, area] = rng.pick(experienceTitles);
        const start = at(-rng.int(200, 1500));
        const current = rng.chance(0.3);
        plan.experiences.push({
          kind,
          title,
          organizationName: rng.pick(experienceOrganizations),
          startsAt: isoDate(start),
          endsAt: current ? null : isoDate(new Date(start.getTime() + rng.int(30, 300) * DAY)),
          current,
          description: `${area}: ${title.toLowerCase()}.`,
        });
      }
      for (const title of rng.sample(achievementTitles, rng.int(0, 2))) {
        plan.achievements.push({ title, achievedAt: isoDate(at(-rng.int(30, 1500))) });
      }
      if (rng.chance(0.3)) {
        plan.affiliations.push({
          organizationName: rng.pick(affiliationNames),
          role: 'Member',
          startsAt: isoDate(at(-rng.int(100, 900))),
        });
      }
      const languages = [
        ...new Set(['English', homeLanguage, ...(rng.chance(0.3) ? ['Afrikaans'] : [])]),
      ];
      plan.languages = languages.map((language) => {
        const level =
          language === homeLanguage ? 'native' : rng.pick(['intermediate', 'advanced'] as const);
        return { language, reading: level, writing: level, speaking: level };
      });
      if (rng.chance(0.5)) {
        plan.assessments = assessmentItems.map((item) => ({
          item,
          aggregate: clamp(Math.round(ability + rng.int(-15, 15)), 20, 99),
          assessedAt: at(-rng.int(10, 200)),
        }));
      }
    } else if (tier === 'partial' && rng.chance(0.5)) {
      plan.profile.biography = rng.pick(biographies);
    }
    plan.applications = planApplications(tier, home, tier === 'complete' ? 0.8 : 0.35);
    // Accounts exist before their applications.
    const firstApplication = Math.min(...plan.applications.map((a) => a.createdAt.getTime()));
    if (firstApplication < createdAt.getTime()) {
      const earlier = new Date(firstApplication - rng.int(1, 20) * DAY);
      plan.user.createdAt = earlier;
      plan.user.confirmationSentAt = earlier;
      plan.user.termsAcceptedAt = earlier;
      if (plan.user.confirmedAt) plan.user.confirmedAt = new Date(earlier.getTime() + 30 * 60_000);
      plan.profile.createdAt = earlier;
    }
    candidatePlans.push(plan);
  }
  // One suspended candidate (with a flag below) keeps the suspension banner demonstrable.
  const suspended = candidatePlans.find(
    (c, i) => i > 2 && c.tier === 'complete' && c.applications.length > 0,
  );

  // ---------------------------------------------------------------- users
  interface StaffPlan {
    email: string;
    firstName: string;
    lastName: string;
    role: 'client' | 'admin';
    primary: boolean;
    organizationIndex?: number;
    jobTitle?: string;
    manages?: number[];
  }
  const indlovu = opportunities.filter((o) => o.organizationIndex === 0);
  const staff: StaffPlan[] = [
    {
      email: 'client@demo.test',
      firstName: 'Nomsa',
      lastName: 'Khumalo',
      role: 'client',
      primary: true,
      organizationIndex: 0,
      jobTitle: 'Head of Talent Acquisition',
    },
    {
      email: 'manager@demo.test',
      firstName: 'Pieter',
      lastName: 'van der Merwe',
      role: 'client',
      primary: false,
      organizationIndex: 0,
      jobTitle: 'Graduate Programme Manager',
      manages: indlovu
        .filter((o) =>
          [
            'Graduate Programme: Technology',
            'Graduate Programme: Finance and Risk',
            'Data Analyst Internship',
          ].includes(o.seed.name),
        )
        .map((o) => o.id),
    },
    {
      email: 'viewer@demo.test',
      firstName: 'Ayesha',
      lastName: 'Patel',
      role: 'client',
      primary: false,
      organizationIndex: 0,
      jobTitle: 'Technology Team Lead',
    },
    {
      email: 'admin@demo.test',
      firstName: 'Lerato',
      lastName: 'Molefe',
      role: 'admin',
      primary: false,
    },
  ];
  const staffNames = namePools.african;
  const staffEmails = new Set(staff.map((p) => p.email));
  organizationSeeds.forEach((o, organizationIndex) => {
    const domain = new URL(o.website).hostname;
    const orgOpportunities = opportunities.filter(
      (op) => op.organizationIndex === organizationIndex,
    );
    const people = organizationIndex === 0 ? 1 : 3;
    for (let k = 0; k < people; k++) {
      const female = rng.chance(0.5);
      const firstName = rng.pick(female ? staffNames.female : staffNames.male);
      const lastName = rng.pick(staffNames.last);
      const primary = organizationIndex !== 0 && k === 0;
      let email = `${emailPart(firstName)}.${emailPart(lastName)}@${domain}`;
      for (let suffix = 2; staffEmails.has(email); suffix++) {
        email = `${emailPart(firstName)}.${emailPart(lastName)}${suffix}@${domain}`;
      }
      staffEmails.add(email);
      staff.push({
        email,
        firstName,
        lastName,
        role: 'client',
        primary,
        organizationIndex,
        jobTitle: primary ? 'Talent Acquisition Lead' : 'Recruiter',
        manages: primary ? [] : rng.sample(orgOpportunities, rng.int(1, 3)).map((op) => op.id),
      });
    }
  });

  const staffIds = await insertIds(
    db,
    s.users,
    staff.map((p) => ({
      email: p.email,
      passwordHash,
      role: p.role,
      primary: p.primary,
      firstName: p.firstName,
      lastName: p.lastName,
      confirmationSentAt: at(-500),
      confirmedAt: at(-500, 1),
      termsAcceptedAt: at(-500),
      lastSignInAt: at(-rng.int(0, 10)),
      createdAt: at(-500),
      updatedAt: at(-10),
    })),
  );
  const staffWithIds = staff.map((p, i) => ({ ...p, id: must(staffIds[i], 'staff id') }));
  const clients = staffWithIds.filter((p) => p.role === 'client');
  await insertAll(
    db,
    s.clientUsers,
    clients.map((p) => ({
      userId: p.id,
      organizationId: must(
        organizationIds[must(p.organizationIndex, 'organization index')],
        'organization',
      ),
      jobTitle: p.jobTitle ?? null,
      invitedById: p.primary
        ? null
        : (clients.find((c) => c.primary && c.organizationIndex === p.organizationIndex)?.id ??
          null),
      invitedAt: p.primary ? null : at(-480),
      createdAt: at(-500),
      updatedAt: at(-10),
    })),
  );
  await insertAll(
    db,
    s.opportunityManagers,
    clients.flatMap((p) =>
      (p.manages ?? []).map((opportunityId) => ({
        opportunityId,
        userId: p.id,
        createdAt: at(-100),
      })),
    ),
  );
  const clientDemo = must(
    clients.find((c) => c.email === 'client@demo.test'),
    'client',
  );
  const managerDemo = must(
    clients.find((c) => c.email === 'manager@demo.test'),
    'manager',
  );
  const viewerDemo = must(
    clients.find((c) => c.email === 'viewer@demo.test'),
    'viewer',
  );
  /** Client users who act on an opportunity's applications: its primary user and managers. */
  const actorsFor = (o: OpportunityInfo) =>
    clients.filter(
      (c) =>
        c.organizationIndex === o.organizationIndex && (c.primary || c.manages?.includes(o.id)),
    );

  const candidateIds = await insertIds(
    db,
    s.users,
    candidatePlans.map((c) => {
      const campaignApp = c.applications.find((a) => a.campaignId !== null);
      return {
        email: c.email,
        passwordHash,
        role: 'candidate' as const,
        firstName: c.firstName,
        lastName: c.lastName,
        signupCampaignId:
          campaignApp?.campaignId ??
          (!c.demo && rng.chance(0.1) ? rng.pick(organizationCampaignIds) : null),
        isSuspended: c === suspended,
        suspendedAt: c === suspended ? at(-4) : null,
        ...c.user,
      };
    }),
  );
  const profileIds = await insertIds(
    db,
    s.candidateProfiles,
    candidatePlans.map((c, i) => ({ ...c.profile, userId: must(candidateIds[i], 'candidate id') })),
  );

  // ---------------------------------------------------------------- profile sections
  const profileOf = (i: number) => must(profileIds[i], 'profile id');
  const qualificationPlans = candidatePlans.flatMap((c, i) =>
    c.qualifications.map((q) => ({ plan: q, row: { ...q.row, profileId: profileOf(i) } })),
  );
  const profileQualificationIds = await insertIds(
    db,
    s.profileQualifications,
    qualificationPlans.map((q) => q.row),
  );
  await insertAll(
    db,
    s.profileQualificationDisciplines,
    qualificationPlans.flatMap((q, i) =>
      q.plan.disciplineIds.map((disciplineId) => ({
        profileQualificationId: must(profileQualificationIds[i], 'profile qualification'),
        disciplineId,
      })),
    ),
  );
  await insertAll(
    db,
    s.profileQualificationComponents,
    qualificationPlans.flatMap((q, i) =>
      q.plan.components.map((c) => ({
        profileQualificationId: must(profileQualificationIds[i], 'profile qualification'),
        qualificationComponentId: c.componentId,
        mark: c.mark,
      })),
    ),
  );
  await insertAll(
    db,
    s.experiences,
    candidatePlans.flatMap((c, i) => c.experiences.map((e) => ({ ...e, profileId: profileOf(i) }))),
  );
  await insertAll(
    db,
    s.achievements,
    candidatePlans.flatMap((c, i) =>
      c.achievements.map((e) => ({ ...e, profileId: profileOf(i) })),
    ),
  );
  await insertAll(
    db,
    s.affiliations,
    candidatePlans.flatMap((c, i) =>
      c.affiliations.map((e) => ({ ...e, profileId: profileOf(i) })),
    ),
  );
  await insertAll(
    db,
    s.languageProficiencies,
    candidatePlans.flatMap((c, i) => c.languages.map((e) => ({ ...e, profileId: profileOf(i) }))),
  );
  await insertAll(
    db,
    s.workRights,
    candidatePlans.flatMap((c, i) => c.rights.map((r) => ({ ...r, profileId: profileOf(i) }))),
  );
  await insertAll(
    db,
    s.studyRights,
    candidatePlans.flatMap((c, i) => c.rights.map((r) => ({ ...r, profileId: profileOf(i) }))),
  );
  const competencyByItem = new Map<string, number>([
    ['Situational judgement', reference.competencies.get('Decision making')],
  ]);
  await insertAll(
    db,
    s.assessmentResults,
    candidatePlans.flatMap((c, i) =>
      c.assessments.map((a) => ({
        ...a,
        behavioralCompetencyId: competencyByItem.get(a.item) ?? null,
        profileId: profileOf(i),
      })),
    ),
  );

  // ---------------------------------------------------------------- applications
  const applicationPlans = candidatePlans.flatMap((c, i) =>
    c.applications.map((a) => ({
      candidate: c,
      candidateId: must(candidateIds[i], 'candidate id'),
      plan: a,
    })),
  );
  const statusOf = (a: ApplicationPlan) =>
    a.archivedAt
      ? 'withdrawn'
      : a.regretedAt
        ? 'unsuccessful'
        : a.step === a.opportunity.phaseIds.length - 1
          ? 'successful'
          : a.step > 0
            ? 'in_review'
            : 'submitted';
  const applicationIds = await insertIds(
    db,
    s.applications,
    applicationPlans.map(({ candidate, candidateId, plan }): ApplicationInsert => {
      const last =
        plan.archivedAt ?? plan.regretedAt ?? must(plan.stepTimes[plan.step], 'step time');
      const complete =
        candidate.tier === 'complete' &&
        (plan.answered || plan.opportunity.questionIds.length === 0);
      return {
        candidateId,
        opportunityId: plan.opportunity.id,
        phaseId: must(plan.opportunity.phaseIds[plan.step], 'phase'),
        status: statusOf(plan),
        complete,
        completion: complete ? 100 : candidate.tier === 'complete' ? 85 : rng.int(30, 70),
        archivedAt: plan.archivedAt,
        regrettedAt: plan.regretedAt,
        applicationRating: plan.rating,
        screeningSubmittedAt: plan.answered
          ? new Date(plan.createdAt.getTime() + 10 * 60_000)
          : null,
        campaignId: plan.campaignId,
        createdAt: plan.createdAt,
        updatedAt: last,
      };
    }),
  );
  const applications = applicationPlans.map((a, i) => ({
    ...a,
    id: must(applicationIds[i], 'application id'),
  }));
  await insertAll(
    db,
    s.applicationLocations,
    applications.flatMap((a) =>
      a.plan.locationIds.map((opportunityLocationId) => ({
        applicationId: a.id,
        opportunityLocationId,
        createdAt: a.plan.createdAt,
      })),
    ),
  );
  await insertAll(
    db,
    s.applicationPhaseEvents,
    applications.flatMap((a) => {
      const { plan } = a;
      const phaseIds = plan.opportunity.phaseIds;
      const actors = actorsFor(plan.opportunity);
      const events: (typeof s.applicationPhaseEvents.$inferInsert)[] = [
        {
          applicationId: a.id,
          kind: 'applied',
          phaseId: must(phaseIds[0], 'initial phase'),
          actorUserId: a.candidateId,
          createdAt: plan.createdAt,
        },
      ];
      for (let step = 1; step <= plan.step; step++) {
        events.push({
          applicationId: a.id,
          kind: 'moved',
          fromPhaseId: must(phaseIds[step - 1], 'phase'),
          phaseId: must(phaseIds[step], 'phase'),
          actorUserId: actors.length > 0 ? rng.pick(actors).id : null,
          createdAt: must(plan.stepTimes[step], 'step time'),
        });
      }
      const current = must(phaseIds[plan.step], 'phase');
      if (plan.regretedAt) {
        events.push({
          applicationId: a.id,
          kind: 'regretted',
          fromPhaseId: current,
          phaseId: current,
          actorUserId: actors.length > 0 ? rng.pick(actors).id : null,
          createdAt: plan.regretedAt,
        });
      }
      if (plan.archivedAt) {
        events.push({
          applicationId: a.id,
          kind: 'archived',
          fromPhaseId: current,
          phaseId: current,
          actorUserId: a.candidateId,
          createdAt: plan.archivedAt,
        });
      }
      return events;
    }),
  );
  const answers = [
    'I enjoy building things that people use every day, and this programme would let me learn from experienced engineers.',
    'Yes, I am willing to relocate.',
    'I am the first in my family to go to university and I want to use my studies to support my community.',
    'A mobile app for our school that tracks homework; I designed the database and wrote most of the backend.',
    'Corporate law, because I like understanding how businesses are built.',
  ];
  await insertAll(
    db,
    s.screeningAnswers,
    applications.flatMap((a) =>
      a.plan.answered
        ? a.plan.opportunity.questionIds.map((screeningQuestionId) => ({
            applicationId: a.id,
            screeningQuestionId,
            answer: rng.pick(answers),
            createdAt: new Date(a.plan.createdAt.getTime() + 10 * 60_000),
            updatedAt: new Date(a.plan.createdAt.getTime() + 10 * 60_000),
          }))
        : [],
    ),
  );

  // ---------------------------------------------------------------- eligibilities
  // Every candidate is checked against every published opportunity by the real evaluation, so
  // clients and the "I qualify" filter see data at once; then applications refer their rows, and
  // clients have invited some eligible candidates to the open opportunities.
  await storeAllEligibilities(db, now);
  const eligiblePairs = new Set(
    (
      await db
        .select({
          candidateId: s.eligibilities.candidateId,
          opportunityId: s.eligibilities.opportunityId,
        })
        .from(s.eligibilities)
        .where(sql`${s.eligibilities.eligible}`)
    ).map((r) => `${r.candidateId}:${r.opportunityId}`),
  );
  const referrals = applications.map(
    (a) =>
      sql`(${a.candidateId}::int, ${a.plan.opportunity.id}::int, ${a.plan.createdAt.toISOString()}::timestamptz)`,
  );
  if (referrals.length > 0) {
    await db.execute(
      sql`update eligibilities set referred_at = v.at from (values ${sql.join(referrals, sql`, `)}) as v(candidate_id, opportunity_id, at) where eligibilities.candidate_id = v.candidate_id and eligibilities.opportunity_id = v.opportunity_id`,
    );
  }
  // The draws the first (random) eligibility rows made, in their order: see legacyRequirementCount.
  const burn = (o: OpportunityInfo, eligible: boolean) => {
    const count = legacyRequirementCount(o.seed);
    if (!eligible && count > 0) {
      rng.int(0, count - 1);
      rng.pick(['unmet', 'unknown'] as const);
    }
  };
  const appliedKeys = new Set<string>();
  for (const a of applications) {
    appliedKeys.add(`${a.candidateId}:${a.plan.opportunity.id}`);
    burn(
      a.plan.opportunity,
      a.plan.eligible || legacyRequirementCount(a.plan.opportunity.seed) === 0,
    );
  }
  const invitations: SQL[] = [];
  const completeCandidates = candidatePlans
    .map((c, i) => ({ c, id: must(candidateIds[i], 'candidate id') }))
    .filter(({ c }) => c.tier === 'complete' && !c.demo);
  const sampledKeys = new Set<string>();
  for (const o of opportunities.filter(
    (op) => op.window === 'open' || op.window === 'closing_soon',
  )) {
    const primary = clients.find((c) => c.primary && c.organizationIndex === o.organizationIndex);
    for (const { id } of rng.sample(completeCandidates, 12)) {
      const key = `${id}:${o.id}`;
      if (appliedKeys.has(key)) continue;
      sampledKeys.add(key);
      const shortlisted = rng.chance(0.7);
      const invitedAt = new Date(at(-rng.int(1, 10)).getTime() + 2 * HOUR);
      if (shortlisted) rng.chance(0.3);
      burn(o, shortlisted);
      if (shortlisted && eligiblePairs.has(key) && primary) {
        invitations.push(
          sql`(${id}::int, ${o.id}::int, ${invitedAt.toISOString()}::timestamptz, ${primary.id}::int)`,
        );
      }
    }
  }
  const thandiIndex = candidatePlans.findIndex((c) => c.demo === 'thandi');
  const thandiId = must(candidateIds[thandiIndex], 'thandi id');
  for (const o of opportunities.filter((op) => op.window === 'open')) {
    const key = `${thandiId}:${o.id}`;
    if (appliedKeys.has(key) || sampledKeys.has(key)) continue;
    burn(
      o,
      (o.seed.disciplines ?? []).some(
        (d) => d === 'Computer Science' || d === 'Software Engineering',
      ),
    );
  }
  if (invitations.length > 0) {
    await db.execute(
      sql`update eligibilities set invited_at = v.at, invited_by_id = v.by from (values ${sql.join(invitations, sql`, `)}) as v(candidate_id, opportunity_id, at, by) where eligibilities.candidate_id = v.candidate_id and eligibilities.opportunity_id = v.opportunity_id`,
    );
  }

  // ---------------------------------------------------------------- chats, notifications, action items
  const chatPlans = applications.filter(
    (a) =>
      !a.plan.archivedAt && a.plan.step >= 2 && (a.candidate.demo === 'thandi' || rng.chance(0.4)),
  );
  const chatIds = await insertIds(
    db,
    s.chats,
    chatPlans.map((a) => ({
      applicationId: a.id,
      subject: a.plan.opportunity.seed.name,
      createdAt: must(a.plan.stepTimes[a.plan.step], 'step time'),
    })),
  );
  const messageRows: (typeof s.chatMessages.$inferInsert)[] = [];
  const chatConversation = [
    ['client', 'Congratulations on reaching the {phase} stage! Are you available next week?'],
    ['candidate', 'Thank you! Yes, I am available any day except Wednesday morning.'],
    [
      'client',
      'Great. We have booked Thursday at 10:00. You will receive a calendar invitation shortly.',
    ],
    ['candidate', 'Received, thank you. Is there anything I should prepare?'],
    ['client', 'Please bring a certified copy of your ID and your latest academic transcript.'],
  ] as const;
  const unreadChats: { candidateId: number; application: (typeof applications)[number] }[] = [];
  chatPlans.forEach((a, i) => {
    const chatId = must(chatIds[i], 'chat id');
    const start = must(a.plan.stepTimes[a.plan.step], 'step time');
    const count = a.candidate.demo === 'thandi' ? 5 : rng.int(2, 5);
    const actors = actorsFor(a.plan.opportunity);
    const clientSender = actors.length > 0 ? rng.pick(actors).id : null;
    const unread = a.candidate.demo === 'thandi' || rng.chance(0.4);
    const span = Math.max(HOUR, Math.min(now.getTime() - start.getTime() - HOUR, 3 * DAY));
    for (let m = 0; m < count; m++) {
      const [senderType, template] = must(chatConversation[m], 'message');
      const createdAt = new Date(start.getTime() + ((m + 1) / (count + 1)) * span);
      const isLast = m === count - 1;
      messageRows.push({
        chatId,
        senderType,
        senderUserId: senderType === 'client' ? clientSender : a.candidateId,
        body: template.replace(
          '{phase}',
          must(a.plan.opportunity.phaseNames[a.plan.step], 'phase name'),
        ),
        readAt:
          isLast && unread && senderType === 'client'
            ? null
            : new Date(createdAt.getTime() + 20 * 60_000),
        createdAt,
      });
      if (isLast && unread && senderType === 'client')
        unreadChats.push({ candidateId: a.candidateId, application: a });
    }
  });
  await insertAll(db, s.chatMessages, messageRows);
  await db.execute(
    sql`update chats set last_message_at = m.last from (select chat_id, max(created_at) as last from chat_messages group by chat_id) m where chats.id = m.chat_id`,
  );

  const notificationRows: (typeof s.notifications.$inferInsert)[] = [];
  for (const u of unreadChats) {
    notificationRows.push({
      userId: u.candidateId,
      type: 'message',
      description: `New message about ${u.application.plan.opportunity.seed.name}`,
      path: '/candidate/messages',
      notifiedAt: now,
      createdAt: now,
    });
  }
  for (const a of applications) {
    if (a.plan.step === 0 || a.plan.archivedAt || (!a.candidate.demo && !rng.chance(0.5))) continue;
    const when = must(a.plan.stepTimes[a.plan.step], 'step time');
    notificationRows.push({
      userId: a.candidateId,
      type: 'application.phase',
      description: `Your application for ${a.plan.opportunity.seed.name} moved to ${must(a.plan.opportunity.phaseNames[a.plan.step], 'phase name')}`,
      path: `/candidate/applications/${a.id}`,
      notifiedAt: when,
      createdAt: when,
    });
  }
  const upcomingForThandi = opportunities.find(
    (o) => o.window === 'upcoming' && o.organizationIndex === 0,
  );
  if (upcomingForThandi) {
    notificationRows.push({
      userId: thandiId,
      type: 'opportunity.new',
      description: `${upcomingForThandi.seed.name} opens soon at ${must(organizationSeeds[0], 'org').name}`,
      path: `/opportunities/${upcomingForThandi.id}`,
      notifiedAt: at(-2),
      createdAt: at(-2),
    });
  }
  notificationRows.push({
    userId: thandiId,
    type: 'profile.verified',
    description: 'Your National Senior Certificate results have been verified',
    path: '/candidate/profile',
    notifiedAt: at(-20),
    dismissedAt: at(-19),
    createdAt: at(-20),
  });
  await insertAll(db, s.notifications, notificationRows);

  const actionRows: (typeof s.actionItems.$inferInsert)[] = [];
  const action = (
    userId: number,
    type: string,
    description: string,
    priority: number,
    resolutionPath: string,
    applicationId: number | null = null,
  ) =>
    actionRows.push({
      userId,
      type,
      description,
      priority,
      resolutionPath,
      applicationId,
      createdAt: at(-1),
      updatedAt: at(-1),
    });
  candidatePlans.forEach((c, i) => {
    const userId = must(candidateIds[i], 'candidate id');
    const p = c.profile;
    if (!c.user.confirmedAt)
      action(
        userId,
        'account.email_confirmation',
        'Verify your email address',
        9,
        '/candidate/account',
      );
    if (!p.identification)
      action(
        userId,
        'profile.identification',
        'Add your identification number',
        8,
        '/candidate/profile',
      );
    if (!p.biography)
      action(userId, 'profile.biography', 'Introduce yourself', 3, '/candidate/profile#biography');
    if (p.latitude == null)
      action(userId, 'profile.location', 'Add your location', 4, '/candidate/profile#location');
    if (!p.mobileNumber)
      action(userId, 'profile.mobile', 'Add your contact number', 4, '/candidate/profile#contact');
    if (!p.gender)
      action(userId, 'profile.gender', 'Add your gender', 2, '/candidate/profile#personal');
    if (!p.ethnicity)
      action(userId, 'profile.ethnicity', 'Add your ethnicity', 2, '/candidate/profile#personal');
    if (p.disability == null)
      action(
        userId,
        'profile.disability',
        'Add your disability status',
        1,
        '/candidate/profile#personal',
      );
    if (c.experiences.length === 0 && c.tier !== 'sparse')
      action(
        userId,
        'profile.experience',
        'Add work or volunteering experience',
        2,
        '/candidate/profile#experience',
      );
    if (!c.qualifications.some((q) => q.components.length > 0))
      action(
        userId,
        'profile.high_school_subjects',
        'Add high school subjects',
        6,
        '/candidate/profile#qualifications',
      );
    if (c.qualifications.length < 2)
      action(
        userId,
        'profile.profile_qualification',
        'Add a study programme',
        5,
        '/candidate/profile#qualifications',
      );
    if (c.tier !== 'sparse' && (c.demo || rng.chance(0.4)))
      action(
        userId,
        'documents.identity_document',
        'Upload your identity document',
        7,
        '/candidate/documents',
      );
    if (c.demo === 'thandi') {
      action(userId, 'documents.transcript', 'Upload transcript', 6, '/candidate/documents');
      action(userId, 'profile.avatar', 'Upload a profile image', 1, '/candidate/account');
    }
  });
  for (const a of applications) {
    if (
      a.plan.opportunity.questionIds.length === 0 ||
      a.plan.answered ||
      a.plan.archivedAt ||
      a.plan.regretedAt
    )
      continue;
    action(
      a.candidateId,
      'application.screening_questions',
      'Submit answers to screening questions',
      7,
      `/candidate/opportunities/${a.plan.opportunity.id}/apply`,
      a.id,
    );
  }
  await insertAll(db, s.actionItems, actionRows);

  // ---------------------------------------------------------------- feedback, flags
  const indlovuShared = applications
    .filter(
      (a) => a.plan.opportunity.organizationIndex === 0 && a.plan.step >= 1 && !a.plan.archivedAt,
    )
    .slice(0, 4);
  const feedbackRows: {
    row: typeof s.feedbackRequests.$inferInsert;
    apps: typeof applications;
    responders: number[];
  }[] = [];
  if (indlovuShared.length > 0) {
    feedbackRows.push({
      row: {
        organizationId: must(organizationIds[0], 'organization'),
        requestedById: clientDemo.id,
        message: 'Please look at these shortlisted candidates before Friday’s panel.',
        createdAt: at(-3),
        updatedAt: at(-3),
      },
      apps: indlovuShared,
      responders: [viewerDemo.id, managerDemo.id],
    });
  }
  const feedbackIds = await insertIds(
    db,
    s.feedbackRequests,
    feedbackRows.map((f) => f.row),
  );
  await insertAll(
    db,
    s.feedbackRequestApplications,
    feedbackRows.flatMap((f, i) =>
      f.apps.map((a) => ({
        feedbackRequestId: must(feedbackIds[i], 'feedback id'),
        applicationId: a.id,
      })),
    ),
  );
  await insertAll(
    db,
    s.feedbackRequestResponders,
    feedbackRows.flatMap((f, i) =>
      f.responders.map((userId) => ({
        feedbackRequestId: must(feedbackIds[i], 'feedback id'),
        userId,
        notifiedAt: at(-3),
        createdAt: at(-3),
      })),
    ),
  );
  const firstShared = indlovuShared[0];
  if (firstShared && feedbackIds[0] !== undefined) {
    await insertAll(db, s.feedbackResponses, [
      {
        feedbackRequestId: feedbackIds[0],
        applicationId: firstShared.id,
        responderId: managerDemo.id,
        rating: 4,
        comment: 'Strong technical answers; I would take this candidate to the panel.',
        createdAt: at(-2),
        updatedAt: at(-2),
      },
    ]);
  }
  if (suspended) {
    const index = candidatePlans.indexOf(suspended);
    const app = applications.find((a) => a.candidate === suspended);
    const raiser = app ? actorsFor(app.plan.opportunity)[0] : clientDemo;
    await insertAll(db, s.flags, [
      {
        candidateId: must(candidateIds[index], 'suspended id'),
        raisedById: raiser?.id ?? null,
        organizationId: app ? app.plan.opportunity.organizationId : null,
        applicationId: app?.id ?? null,
        reason: 'The academic transcript does not match the marks captured on the profile.',
        createdAt: at(-5),
        updatedAt: at(-5),
      },
    ]);
  }
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

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
