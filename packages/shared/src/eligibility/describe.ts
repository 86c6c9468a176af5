import { documentKindLabels, type DocumentKind } from '../documents/documents.schemas.ts';
import type { QualificationStatus } from '../profile/dates.ts';
import { qualificationStatuses } from '../profile/dates.ts';
import { countryName } from '../reference/countries.ts';
import type { Criterion, CriterionOf, SchoolSubject } from './criteria.ts';
import type { ReferenceNames } from './snapshot.ts';

// The words of eligibility: what a requirement asks ("Needs a completed Bachelor's degree or
// higher") and the small formatting rules every reason shares ("58 %", "34 km", "2.5 years").

/** What each NQF level is called when a requirement says "level N or higher". */
export const nqfLevelNames: Record<number, string> = {
  1: 'Grade 9',
  2: 'Grade 10',
  3: 'Grade 11',
  4: 'matric',
  5: 'Higher Certificate',
  6: 'Diploma',
  7: "Bachelor's degree",
  8: 'Honours degree',
  9: "Master's degree",
  10: 'doctorate',
};

/** "a" or "an" before a phrase ("an Honours degree", "an intended", "a matric"). */
export function withArticle(phrase: string): string {
  return /^(?:(?!uni|use|eu|one)[aeiou]|honou?r|hour)/i.test(phrase)
    ? `an ${phrase}`
    : `a ${phrase}`;
}

/** "A", "A or B", "A, B or C". */
export function joinWords(words: readonly string[], last: 'or' | 'and' = 'or'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}

/** A number as people write it: at most two decimals, none when whole ("58", "74.5"). */
export function formatNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** "58 %". */
export const percent = (n: number) => `${formatNumber(n)} %`;

/** "34 km", "4.2 km"; `precise` keeps one decimal whatever the size. */
export function kilometres(km: number, precise = false): string {
  return precise || km < 10 ? `${Math.round(km * 10) / 10} km` : `${Math.round(km)} km`;
}

/** "1 year", "2.5 years". */
export function years(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'year' : 'years'}`;
}

export function countryLabel(code: string): string {
  return countryName(code) ?? code;
}

export const countriesLabel = (codes: readonly string[]) => joinWords(codes.map(countryLabel));

const named = (map: ReadonlyMap<number, string> | undefined, id: number, what: string) =>
  map?.get(id) ?? `${what} ${id}`;

const statusWords: Record<QualificationStatus, string> = {
  completed: 'completed',
  current: 'current',
  intended: 'intended',
};

/** "a completed or current Bachelor's degree or higher in Computer Science or Statistics". */
export function qualificationNeed(
  c: CriterionOf<'qualification'>,
  names: ReferenceNames = {},
): string {
  const statuses = qualificationStatuses.filter((s) => c.statuses.includes(s));
  const status =
    statuses.length === qualificationStatuses.length
      ? ''
      : `${joinWords(statuses.map((s) => statusWords[s]))} `;
  const types = (c.qualificationTypeIds ?? []).map((id) =>
    named(names.qualificationTypes, id, 'qualification type'),
  );
  const level =
    c.minimumNqfLevel !== undefined
      ? `${nqfLevelNames[c.minimumNqfLevel] ?? `NQF level ${c.minimumNqfLevel}`} or higher`
      : undefined;
  let what: string;
  if (types.length > 0 && level) what = `${joinWords(types)}, or ${withArticle(level)}`;
  else if (types.length > 0) what = joinWords(types);
  else what = level ?? 'qualification';
  let phrase = withArticle(`${status}${what}`);
  const categories = joinWords(
    (c.categoryIds ?? []).map((id) => named(names.categories, id, 'category')),
  );
  const disciplines = joinWords(
    (c.disciplineIds ?? []).map((id) => named(names.disciplines, id, 'discipline')),
  );
  // A field of study is the narrower filter: with both, the category follows it in brackets
  // ("in Accounting (Commerce)") rather than a second "in".
  if (disciplines && categories) phrase += ` in ${disciplines} (${categories})`;
  else if (disciplines || categories) phrase += ` in ${disciplines || categories}`;
  if (c.institutionIds?.length) {
    phrase += ` from ${joinWords(c.institutionIds.map((id) => named(names.institutions, id, 'institution')))}`;
  }
  return phrase;
}

/** The name a requirement gives a school subject. */
export function subjectName(subject: SchoolSubject, names: ReferenceNames = {}): string {
  if (subject.name) return subject.name;
  return named(names.components, subject.componentId ?? 0, 'subject');
}

/** "between 18 and 35", "30 or younger", "18 or older". */
export function ageRange(c: CriterionOf<'age'>): string {
  if (c.minimum !== undefined && c.maximum !== undefined) {
    return `between ${c.minimum} and ${c.maximum}`;
  }
  return c.minimum !== undefined ? `${c.minimum} or older` : `${c.maximum} or younger`;
}

export function documentName(kind: DocumentKind): string {
  return kind === 'other' ? 'other document' : documentKindLabels[kind].toLowerCase();
}

/** "a transcript", "an identity document", "another document". */
export function aDocument(kind: DocumentKind): string {
  return kind === 'other' ? 'another document' : withArticle(documentName(kind));
}

/** What a requirement asks, as one sentence starting "Needs …". */
export function describeCriterion(c: Criterion, names: ReferenceNames = {}): string {
  switch (c.kind) {
    case 'qualification':
      return `Needs ${qualificationNeed(c, names)}`;
    case 'minimum_grade':
      return `Needs an average of at least ${percent(c.minimum)}`;
    case 'school_subjects':
      return `Needs ${joinWords(
        c.subjects.map((s) => `${subjectName(s, names)} ${percent(s.minimumMark)}`),
        'and',
      )} or more at school`;
    case 'age':
      return `Needs an age ${c.minimum !== undefined && c.maximum !== undefined ? '' : 'of '}${ageRange(c)}`;
    case 'citizenship':
      return `Needs citizenship${c.permanentResidents ? ' or permanent residence' : ''} of ${countriesLabel(c.countries)}`;
    case 'work_rights':
      return `Needs the right to work in ${countriesLabel(c.countries)}`;
    case 'study_rights':
      return `Needs the right to study in ${countriesLabel(c.countries)}`;
    case 'distance':
      return `Needs you to live within ${kilometres(c.maximumKm)} of a location`;
    case 'languages':
      return `Needs ${joinWords(
        c.languages.map((l) => (l.minimumLevel ? `${l.language} (${l.minimumLevel})` : l.language)),
        'and',
      )}`;
    case 'drivers_license':
      return "Needs a driver's licence";
    case 'experience':
      return `Needs ${years(c.minimumYears)} of ${c.experienceKind === 'volunteering' ? 'volunteering' : c.experienceKind === 'work' ? 'work' : 'work or volunteering'} experience`;
    case 'documents':
      return `Needs ${joinWords(c.kinds.map(aDocument), 'and')} uploaded`;
  }
}
