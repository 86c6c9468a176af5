import * as ref from '../data/reference.ts';
import { must, isoDate, round2, clamp, type DemoContext } from './context.ts';
import type { QualificationPlan } from './plans.ts';

/** Plans candidates' school and tertiary qualifications from the reference data. */
export function qualificationPlanner(ctx: DemoContext) {
  const {
    now,
    rng,
    at,
    disciplineIds,
    institutions,
    qualificationsRef,
    nscTypeId,
    nscQualification,
    subjectIds,
  } = ctx;
  const universities = institutions.filter((i) => i.kind === 'university');
  const technikons = institutions.filter((i) => i.kind === 'university_of_technology');
  const tvets = institutions.filter((i) => i.kind === 'tvet_college');
  const schools = institutions.filter((i) => i.kind === 'school');

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
  return { schools, statusFor, nscPlan, tertiaryPlan, undergraduate, postgraduate };
}
