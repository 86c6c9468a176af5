import { isSchoolQualification } from '../action-items/action-items.rules.ts';
import { isoDay, qualificationStatusOf, type QualificationStatus } from '../profile/dates.ts';
import { isSouthAfricanId } from '../profile/identification.ts';
import { qualificationStatusLabels } from '../profile/sections.schemas.ts';
import { actions, type EligibilityAction } from './actions.ts';
import type { Criterion, CriterionKind, CriterionOf, Requirement } from './criteria.ts';
import {
  aDocument,
  ageRange,
  countriesLabel,
  countryLabel,
  describeCriterion,
  documentName,
  joinWords,
  kilometres,
  percent,
  qualificationNeed,
  subjectName,
  withArticle,
  years,
} from './describe.ts';
import {
  ageOn,
  distanceKm,
  experienceYears,
  languageLevelOf,
  languageLevelRank,
  type EligibilitySnapshot,
  type OpportunityPlace,
  type ReferenceNames,
  type SnapshotQualification,
  type SnapshotRight,
} from './snapshot.ts';

// Eligibility: a candidate's profile snapshot against an opportunity's requirements. Pure: no I/O,
// no clock but the one passed in. Each criterion is met, unmet or unknown (the profile does not say
// enough), with a reason that carries the candidate's own numbers and, where the candidate can
// change the outcome, the action that would. Eligible only when every criterion is met.

export const criterionStatuses = ['met', 'unmet', 'unknown'] as const;
export type CriterionStatus = (typeof criterionStatuses)[number];

export interface CriterionResult {
  requirementId: number;
  kind: CriterionKind;
  status: CriterionStatus;
  /** What the requirement asks: "Needs an average of at least 60 %". */
  description: string;
  /** Why it is met, unmet or unknown: "Mathematics 58 %, needs 60 %". */
  reason: string;
  /** The step that would change the outcome, when the candidate can take one. */
  action?: EligibilityAction;
}

export interface EligibilityResult {
  eligible: boolean;
  criteria: CriterionResult[];
}

export interface EvaluationContext {
  /** Ages, qualification statuses, experience and rights are judged on this day (UTC). */
  now: Date;
  /** The opportunity's locations, for distance criteria. */
  locations: readonly OpportunityPlace[];
  /** Names of the reference rows criteria refer to by id. */
  names?: ReferenceNames;
}

interface Outcome {
  status: CriterionStatus;
  reason: string;
  action?: EligibilityAction;
}

interface Facts {
  s: EligibilitySnapshot;
  today: string;
  ctx: EvaluationContext;
  names: ReferenceNames;
}

const met = (reason: string): Outcome => ({ status: 'met', reason });
const unmet = (reason: string, action?: EligibilityAction): Outcome => ({
  status: 'unmet',
  reason,
  ...(action ? { action } : {}),
});
const unknown = (reason: string, action?: EligibilityAction): Outcome => ({
  status: 'unknown',
  reason,
  ...(action ? { action } : {}),
});

/** Upper-cases the first letter of a sentence. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const qualificationName = (q: SnapshotQualification) => q.name ?? q.typeName ?? 'qualification';

const statusLabel = (status: QualificationStatus) =>
  qualificationStatusLabels[status].toLowerCase();

// ---------------------------------------------------------------- qualification

interface FilterCheck {
  fails: string[];
  unknowns: string[];
}

function checkQualification(
  q: SnapshotQualification,
  c: CriterionOf<'qualification'>,
  f: Facts,
): FilterCheck {
  const fails: string[] = [];
  const unknowns: string[] = [];
  const name = qualificationName(q);
  const status = qualificationStatusOf(q, f.today);
  if (status === null) unknowns.push(`add the dates of your ${name}`);
  else if (!c.statuses.includes(status)) fails.push(`your ${name}: ${statusLabel(status)}`);

  if (c.qualificationTypeIds || c.minimumNqfLevel !== undefined) {
    const typeOk =
      q.qualificationTypeId !== null &&
      (c.qualificationTypeIds ?? []).includes(q.qualificationTypeId);
    const levelOk =
      c.minimumNqfLevel !== undefined && q.nqfLevel !== null && q.nqfLevel >= c.minimumNqfLevel;
    if (!typeOk && !levelOk) {
      if (q.qualificationTypeId === null && q.nqfLevel === null) {
        unknowns.push(`add the type of your ${name}`);
      } else if (c.minimumNqfLevel !== undefined && q.nqfLevel !== null) {
        fails.push(`your ${name} is NQF ${q.nqfLevel}`);
      } else {
        fails.push(`your ${name} is ${withArticle(q.typeName ?? 'different type')}`);
      }
    }
  }
  if (c.categoryIds) {
    if (q.categoryId === null) unknowns.push(`add the category of your ${name}`);
    else if (!c.categoryIds.includes(q.categoryId)) {
      fails.push(`your ${name} is in ${q.categoryName ?? 'another category'}`);
    }
  }
  if (c.disciplineIds) {
    // A school certificate has subjects, not a field of study: it cannot be in one.
    if (q.disciplines.length === 0 && isSchoolQualification(q)) {
      fails.push(`your ${name} has no field of study`);
    } else if (q.disciplines.length === 0) unknowns.push(`add the field of study of your ${name}`);
    else if (!q.disciplines.some((d) => c.disciplineIds!.includes(d.id))) {
      fails.push(
        `your ${name} is in ${joinWords(
          q.disciplines.map((d) => d.name),
          'and',
        )}`,
      );
    }
  }
  if (c.institutionIds) {
    if (q.institutionId === null && !q.institutionName) {
      unknowns.push(`add the institution of your ${name}`);
    } else if (q.institutionId === null || !c.institutionIds.includes(q.institutionId)) {
      fails.push(`your ${name} is from ${q.institutionName ?? 'another institution'}`);
    }
  }
  return { fails, unknowns };
}

function qualification(c: CriterionOf<'qualification'>, f: Facts): Outcome {
  const need = qualificationNeed(c, f.names);
  const quals = f.s.qualifications;
  if (quals.length === 0) {
    return unknown(`Add your qualifications: needs ${need}`, actions.qualification());
  }
  const checked = quals.map((q) => ({ q, ...checkQualification(q, c, f) }));
  const passing = checked.filter((x) => x.fails.length === 0 && x.unknowns.length === 0);
  if (passing.length > 0) {
    const best = passing.reduce((a, b) => ((b.q.nqfLevel ?? 0) > (a.q.nqfLevel ?? 0) ? b : a)).q;
    const status = qualificationStatusOf(best, f.today);
    return met(`${sentence(qualificationName(best))}${status ? ` (${statusLabel(status)})` : ''}`);
  }
  // The closest qualification: fewest failed filters, then fewest unknown ones, then highest.
  const closest = checked.reduce((a, b) => {
    const byFails = b.fails.length - a.fails.length;
    const byUnknowns = b.unknowns.length - a.unknowns.length;
    if (byFails !== 0) return byFails < 0 ? b : a;
    if (byUnknowns !== 0) return byUnknowns < 0 ? b : a;
    return (b.q.nqfLevel ?? 0) > (a.q.nqfLevel ?? 0) ? b : a;
  });
  if (closest.fails.length === 0) {
    return unknown(
      `${sentence(closest.unknowns[0]!)}: needs ${need}`,
      actions.qualification(closest.q.id),
    );
  }
  // The description says what is needed; the reason says what the candidate has instead.
  return unmet(sentence(closest.fails[0]!), actions.qualification());
}

// ---------------------------------------------------------------- marks

/** The qualification whose average counts: the highest (then latest) one that has an average. */
export function gradedQualification(
  quals: readonly SnapshotQualification[],
): SnapshotQualification | undefined {
  let best: SnapshotQualification | undefined;
  for (const q of quals) {
    if (q.gradeNormalized === null) continue;
    if (
      !best ||
      (q.nqfLevel ?? 0) > (best.nqfLevel ?? 0) ||
      ((q.nqfLevel ?? 0) === (best.nqfLevel ?? 0) &&
        (q.endsAt ?? q.startsAt ?? '') > (best.endsAt ?? best.startsAt ?? ''))
    ) {
      best = q;
    }
  }
  return best;
}

function minimumGrade(c: CriterionOf<'minimum_grade'>, f: Facts): Outcome {
  const needs = `needs ${percent(c.minimum)}`;
  const graded = gradedQualification(f.s.qualifications);
  if (!graded) {
    const highest = f.s.qualifications.reduce<SnapshotQualification | undefined>(
      (a, q) => (!a || (q.nqfLevel ?? 0) > (a.nqfLevel ?? 0) ? q : a),
      undefined,
    );
    return highest
      ? unknown(
          `Add the average mark of your ${qualificationName(highest)}: ${needs}`,
          actions.grade(highest.id),
        )
      : unknown(`Add your qualifications with their average marks: ${needs}`, actions.grade());
  }
  const reason = `Average ${percent(graded.gradeNormalized!)} (${qualificationName(graded)}), ${needs}`;
  return graded.gradeNormalized! >= c.minimum ? met(reason) : unmet(reason);
}

function schoolSubjects(c: CriterionOf<'school_subjects'>, f: Facts): Outcome {
  const school = f.s.qualifications.filter(isSchoolQualification);
  const needs = joinWords(
    c.subjects.map((s) => `${subjectName(s, f.names)} ${percent(s.minimumMark)}`),
    'and',
  );
  if (school.length === 0) {
    return unknown(`Add your high school subjects: needs ${needs}`, actions.schoolSubjects());
  }
  const withSubjects = school.find((q) => q.components.length > 0);
  if (!withSubjects) {
    const q = school[0]!;
    return unknown(
      `Add the subjects of your ${qualificationName(q)}: needs ${needs}`,
      actions.schoolSubjects(q.id),
    );
  }
  const components = school.flatMap((q) => q.components);
  const metParts: string[] = [];
  const unmetParts: string[] = [];
  const unknownParts: string[] = [];
  for (const subject of c.subjects) {
    const wanted = subject.name?.toLowerCase();
    const matches = components.filter(
      (k) =>
        (subject.componentId !== undefined && k.componentId === subject.componentId) ||
        (wanted !== undefined && k.name.toLowerCase() === wanted),
    );
    const name = subject.name ?? matches[0]?.name ?? subjectName(subject, f.names);
    const needed = `needs ${percent(subject.minimumMark)}`;
    if (matches.length === 0) {
      unmetParts.push(`No ${name} among your subjects, ${needed}`);
      continue;
    }
    const marks = matches.map((k) => k.mark).filter((m): m is number => m !== null);
    if (marks.length === 0) {
      unknownParts.push(`Add your ${name} mark, ${needed}`);
      continue;
    }
    const mark = Math.max(...marks);
    (mark >= subject.minimumMark ? metParts : unmetParts).push(
      `${name} ${percent(mark)}, ${needed}`,
    );
  }
  const action = actions.schoolSubjects(withSubjects.id);
  if (unmetParts.length > 0) return unmet([...unmetParts, ...unknownParts].join('; '), action);
  if (unknownParts.length > 0) return unknown(unknownParts.join('; '), action);
  return met(metParts.join('; '));
}

// ---------------------------------------------------------------- person

function age(c: CriterionOf<'age'>, f: Facts): Outcome {
  const range = ageRange(c);
  if (!f.s.bornAt) return unknown(`Add your date of birth: needs ${range}`, actions.dateOfBirth());
  const a = ageOn(f.s.bornAt, f.today);
  const reason = `${a} years old, needs ${range}`;
  const ok =
    (c.minimum === undefined || a >= c.minimum) && (c.maximum === undefined || a <= c.maximum);
  return ok ? met(reason) : unmet(reason);
}

type Residence = 'citizen' | 'permanent_resident';

/**
 * Citizenship or permanent residence of a country, from the rights the candidate added (either
 * kind) or, for South Africa, from the ID number (its 11th digit: 0 citizen, 1 permanent resident).
 */
function residenceIn(s: EligibilitySnapshot, country: string): Residence | null {
  const rights = [...s.workRights, ...s.studyRights].filter((r) => r.countryCode === country);
  if (rights.some((r) => r.kind === 'citizen')) return 'citizen';
  const fromId =
    country === 'ZA' &&
    s.countryOfBirth === 'ZA' &&
    s.identification !== null &&
    isSouthAfricanId(s.identification)
      ? s.identification[10] === '0'
        ? 'citizen'
        : s.identification[10] === '1'
          ? 'permanent_resident'
          : null
      : null;
  if (fromId === 'citizen') return 'citizen';
  if (fromId === 'permanent_resident' || rights.some((r) => r.kind === 'permanent_resident')) {
    return 'permanent_resident';
  }
  return null;
}

const residenceWords: Record<Residence, string> = {
  citizen: 'Citizen',
  permanent_resident: 'Permanent resident',
};

/** An SA-born candidate without a valid ID number could settle the question by adding one. */
function identityAction(s: EligibilitySnapshot, countries: readonly string[]) {
  if (!countries.includes('ZA')) return undefined;
  if (s.countryOfBirth === null) return actions.identification(false);
  if (s.countryOfBirth === 'ZA' && !(s.identification && isSouthAfricanId(s.identification))) {
    return actions.identification(true);
  }
  return undefined;
}

function citizenship(c: CriterionOf<'citizenship'>, f: Facts): Outcome {
  const need = `needs citizenship${c.permanentResidents ? ' or permanent residence' : ''} of ${countriesLabel(c.countries)}`;
  let resident: { country: string; as: Residence } | undefined;
  for (const country of c.countries) {
    const as = residenceIn(f.s, country);
    if (as === 'citizen') return met(`Citizen of ${countryLabel(country)}, ${need}`);
    if (as) resident ??= { country, as };
  }
  if (resident && c.permanentResidents) {
    return met(`Permanent resident of ${countryLabel(resident.country)}, ${need}`);
  }
  if (resident)
    return unmet(`${residenceWords[resident.as]} of ${countryLabel(resident.country)}, ${need}`);
  const other = [...f.s.workRights, ...f.s.studyRights].find((r) =>
    c.countries.includes(r.countryCode),
  );
  if (other) {
    return unmet(
      `Your right in ${countryLabel(other.countryCode)} is ${withArticle(other.kind.replace('_', ' '))}, ${need}`,
      actions.workRights(),
    );
  }
  return unknown(
    `Add your citizenship: ${need}`,
    identityAction(f.s, c.countries) ?? actions.workRights(),
  );
}

function rightsIn(which: 'work' | 'study', countries: readonly string[], f: Facts): Outcome {
  const need = `needs the right to ${which} in ${countriesLabel(countries)}`;
  const action = which === 'work' ? actions.workRights() : actions.studyRights();
  for (const country of countries) {
    const as = residenceIn(f.s, country);
    if (as) return met(`${residenceWords[as]} of ${countryLabel(country)}, ${need}`);
  }
  const rights: SnapshotRight[] = which === 'work' ? f.s.workRights : f.s.studyRights;
  const here = rights.filter((r) => countries.includes(r.countryCode));
  const valid = here.find((r) => r.validUntil === null || r.validUntil >= f.today);
  if (valid) {
    const until = valid.validUntil ? ` until ${valid.validUntil}` : '';
    return met(
      `${sentence(valid.kind.replace('_', ' '))} for ${countryLabel(valid.countryCode)}${until}, ${need}`,
    );
  }
  const expired = here[0];
  if (expired) {
    return unmet(
      `Your ${expired.kind.replace('_', ' ')} for ${countryLabel(expired.countryCode)} ended on ${expired.validUntil}, ${need}`,
      action,
    );
  }
  if (rights.length > 0) {
    return unmet(
      `Your ${which} rights are for ${countriesLabel([...new Set(rights.map((r) => r.countryCode))])}, ${need}`,
      action,
    );
  }
  return unknown(`Add your ${which} rights: ${need}`, identityAction(f.s, countries) ?? action);
}

function distance(c: CriterionOf<'distance'>, f: Facts): Outcome {
  const within = `within ${kilometres(c.maximumKm)}`;
  if (f.ctx.locations.length === 0) return met('Offered without a fixed location');
  const home = f.s.location;
  if (!home) return unknown(`Add your location: needs ${within} of a location`, actions.location());
  let nearest = f.ctx.locations[0]!;
  let km = Infinity;
  for (const place of f.ctx.locations) {
    const d = distanceKm(home, place);
    if (d < km) {
      km = d;
      nearest = place;
    }
  }
  const ok = km <= c.maximumKm;
  // Shown with a decimal when rounding would hide why it is not met (25.4 km against 25 km).
  const shown = kilometres(km, !ok && Math.round(km) <= c.maximumKm);
  const place = nearest.name ? ` (${nearest.name})` : '';
  return ok
    ? met(`${shown} from the nearest location${place}, ${within}`)
    : unmet(`${shown} from the nearest location${place}, needs ${within}`);
}

function languages(c: CriterionOf<'languages'>, f: Facts): Outcome {
  const needs = joinWords(
    c.languages.map((l) => (l.minimumLevel ? `${l.language} (${l.minimumLevel})` : l.language)),
    'and',
  );
  if (f.s.languages.length === 0) {
    return unknown(`Add your languages: needs ${needs}`, actions.languages());
  }
  const byName = new Map(f.s.languages.map((l) => [l.language.toLowerCase(), l]));
  const metParts: string[] = [];
  const unmetParts: string[] = [];
  const unknownParts: string[] = [];
  for (const wanted of c.languages) {
    const held = byName.get(wanted.language.toLowerCase());
    if (!held) {
      unmetParts.push(`No ${wanted.language} on your profile`);
      continue;
    }
    const level = languageLevelOf(held);
    if (!wanted.minimumLevel) {
      metParts.push(level ? `${held.language} ${level}` : held.language);
    } else if (level === null) {
      unknownParts.push(`Add your ${held.language} level, needs ${wanted.minimumLevel}`);
    } else if (languageLevelRank[level] >= languageLevelRank[wanted.minimumLevel]) {
      metParts.push(`${held.language} ${level}, needs ${wanted.minimumLevel}`);
    } else {
      unmetParts.push(`${held.language} ${level}, needs ${wanted.minimumLevel}`);
    }
  }
  if (unmetParts.length > 0) {
    return unmet([...unmetParts, ...unknownParts].join('; '), actions.languages());
  }
  if (unknownParts.length > 0) return unknown(unknownParts.join('; '), actions.languages());
  return met(metParts.join('; '));
}

function driversLicense(f: Facts): Outcome {
  if (f.s.driversLicense === true) return met("Has a driver's licence");
  if (f.s.driversLicense === false) return unmet("No driver's licence, needs one");
  return unknown("Say whether you have a driver's licence", actions.driversLicense());
}

function experience(c: CriterionOf<'experience'>, f: Facts): Outcome {
  const what = c.experienceKind === undefined ? 'work or volunteering' : c.experienceKind;
  const needs = `needs ${years(c.minimumYears)}`;
  if (c.minimumYears === 0) return met('No experience needed');
  if (f.s.experiences.length === 0) {
    return unknown(`Add your ${what} experience: ${needs}`, actions.experience());
  }
  const held = experienceYears(f.s.experiences, f.today, c.experienceKind);
  const reason = `${years(held)} of ${what} experience, ${needs}`;
  return held >= c.minimumYears ? met(reason) : unmet(reason, actions.experience());
}

function documents(c: CriterionOf<'documents'>, f: Facts): Outcome {
  const missing = c.kinds.filter((k) => !f.s.documentKinds.includes(k));
  if (missing.length === 0) {
    return met(`${sentence(joinWords(c.kinds.map(documentName), 'and'))} uploaded`);
  }
  return unmet(`Upload ${joinWords(missing.map(aDocument), 'and')}`, actions.document(missing[0]!));
}

function outcomeOf(c: Criterion, f: Facts): Outcome {
  switch (c.kind) {
    case 'qualification':
      return qualification(c, f);
    case 'minimum_grade':
      return minimumGrade(c, f);
    case 'school_subjects':
      return schoolSubjects(c, f);
    case 'age':
      return age(c, f);
    case 'citizenship':
      return citizenship(c, f);
    case 'work_rights':
      return rightsIn('work', c.countries, f);
    case 'study_rights':
      return rightsIn('study', c.countries, f);
    case 'distance':
      return distance(c, f);
    case 'languages':
      return languages(c, f);
    case 'drivers_license':
      return driversLicense(f);
    case 'experience':
      return experience(c, f);
    case 'documents':
      return documents(c, f);
  }
}

const noNames: ReferenceNames = {};

/** The day of the last moment asked (a bulk recomputation asks thousands of times the same). */
let lastDay = { at: NaN, day: '' };
function dayOf(now: Date): string {
  const at = now.getTime();
  if (at !== lastDay.at) lastDay = { at, day: isoDay(now) };
  return lastDay.day;
}

/**
 * What each criterion asks, by names and criterion: it depends on the opportunity alone, and a
 * bulk recomputation evaluates the same criteria for thousands of candidates. Criteria and names
 * are read, never changed, so the same objects always describe alike.
 */
const descriptions = new WeakMap<ReferenceNames, Map<Criterion, string>>();

function describer(names: ReferenceNames): (c: Criterion) => string {
  if (names === noNames) return (c) => describeCriterion(c, names);
  let known = descriptions.get(names);
  if (!known) descriptions.set(names, (known = new Map()));
  const byCriterion = known;
  return (c) => {
    let text = byCriterion.get(c);
    if (text === undefined) byCriterion.set(c, (text = describeCriterion(c, names)));
    return text;
  };
}

/**
 * The candidate's eligibility for an opportunity: one result per requirement, in the order given;
 * eligible when every one is met (an opportunity without requirements is open to everyone).
 */
export function evaluateEligibility(
  snapshot: EligibilitySnapshot,
  requirements: readonly Requirement[],
  context: EvaluationContext,
): EligibilityResult {
  const facts: Facts = {
    s: snapshot,
    today: dayOf(context.now),
    ctx: context,
    names: context.names ?? noNames,
  };
  const describe = describer(facts.names);
  const criteria = requirements.map((r): CriterionResult => {
    const outcome = outcomeOf(r.criterion, facts);
    return {
      requirementId: r.id,
      kind: r.criterion.kind,
      status: outcome.status,
      description: describe(r.criterion),
      reason: outcome.reason,
      ...(outcome.action ? { action: outcome.action } : {}),
    };
  });
  return { eligible: criteria.every((c) => c.status === 'met'), criteria };
}
