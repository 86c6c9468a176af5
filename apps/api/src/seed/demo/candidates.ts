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
} from '../data/people.ts';
import { candidateHomes, findPlace } from '../data/places.ts';
import { saIdNumber } from '../sa-id.ts';
import { applicationPlanner } from './application-plans.ts';
import { qualificationPlanner } from './qualifications.ts';
import { must, isoDate, emailPart, round2, clamp, DAY, type DemoContext } from './context.ts';
import type { OpportunityInfo, QualificationPlan, CandidatePlan, Gender, Tier } from './plans.ts';

/**
 * Plans every candidate in memory: the two demo candidates (Thandi, complete; Sipho, just signed
 * up) and the generated ones, with their profiles and applications.
 */
export function planCandidates(ctx: DemoContext, opportunities: OpportunityInfo[]) {
  const {
    now,
    nowYear,
    rng,
    at,
    between,
    disciplineIds,
    institutions,
    qualificationsRef,
    nscTypeId,
    nscQualification,
    subjectIds,
    jitter,
  } = ctx;
  const { schools, statusFor, nscPlan, tertiaryPlan, undergraduate, postgraduate } =
    qualificationPlanner(ctx);
  const { planApplications, planApplication } = applicationPlanner(ctx, opportunities);
  const identifications = new Set<string>();
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

  for (let n = 0; n < ctx.candidates; n++) {
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
  return { candidatePlans, suspended };
}
