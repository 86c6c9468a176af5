import { EARTH_RADIUS_KM } from '../common/constants.ts';
import type { DocumentKind } from '../documents/documents.schemas.ts';
import type { QualificationStatus } from '../profile/dates.ts';
import type { Criterion } from './criteria.ts';

// What the evaluation knows of a candidate: a plain snapshot of the profile, built by the API from
// its rows (one batch of queries for many candidates), and of the opportunity (its places). Plain
// data only, so the same function runs in the API, in jobs and in the browser.

export interface SnapshotComponent {
  /** The reference component (an NSC subject), when it was picked from the list. */
  componentId: number | null;
  /** The reference name, else the name typed. */
  name: string;
  /** Percentage mark; null when not given. */
  mark: number | null;
}

export interface SnapshotQualification {
  id: number;
  /** What the candidate calls it: the programme's specialization, else its type's name. */
  name: string | null;
  qualificationTypeId: number | null;
  typeName: string | null;
  nqfLevel: number | null;
  categoryId: number | null;
  categoryName: string | null;
  disciplines: { id: number; name: string }[];
  institutionId: number | null;
  /** The reference institution's name, else the one typed. */
  institutionName: string | null;
  institutionKind: string | null;
  /** The status the candidate chose; null derives it from the dates. */
  status: QualificationStatus | null;
  startsAt: string | null;
  endsAt: string | null;
  gradeNormalized: number | null;
  components: SnapshotComponent[];
}

export type RightKind = 'citizen' | 'permanent_resident' | 'visa' | 'permit' | 'refugee' | 'other';

export interface SnapshotRight {
  countryCode: string;
  kind: RightKind;
  /** 'YYYY-MM-DD'; null does not end. */
  validUntil: string | null;
}

export type LanguageLevel = 'basic' | 'intermediate' | 'advanced' | 'native';

export interface SnapshotLanguage {
  language: string;
  reading: LanguageLevel | null;
  writing: LanguageLevel | null;
  speaking: LanguageLevel | null;
}

export interface SnapshotExperience {
  kind: 'work' | 'volunteering';
  startsAt: string | null;
  endsAt: string | null;
  current: boolean;
}

/** A candidate's profile as eligibility sees it. Nulls are what the candidate has not said. */
export interface EligibilitySnapshot {
  candidateId: number;
  /** 'YYYY-MM-DD'. */
  bornAt: string | null;
  countryOfBirth: string | null;
  identification: string | null;
  driversLicense: boolean | null;
  location: { latitude: number; longitude: number } | null;
  qualifications: SnapshotQualification[];
  workRights: SnapshotRight[];
  studyRights: SnapshotRight[];
  languages: SnapshotLanguage[];
  experiences: SnapshotExperience[];
  /** The kinds of document uploaded. */
  documentKinds: readonly DocumentKind[];
}

/** A candidate who has filled in nothing (also one without a profile row). */
export function emptySnapshot(candidateId: number): EligibilitySnapshot {
  return {
    candidateId,
    bornAt: null,
    countryOfBirth: null,
    identification: null,
    driversLicense: null,
    location: null,
    qualifications: [],
    workRights: [],
    studyRights: [],
    languages: [],
    experiences: [],
    documentKinds: [],
  };
}

/**
 * The parts of a profile, beyond the profile's own row (birth date, country of birth, ID number,
 * driver's licence, home), that criteria read: qualifications, and of them their fields of study
 * and their subjects; rights (work and study); languages; experience; documents.
 */
export type SnapshotPart =
  | 'qualifications'
  | 'disciplines'
  | 'components'
  | 'rights'
  | 'languages'
  | 'experiences'
  | 'documents';

const partsOfKind: Record<Criterion['kind'], readonly SnapshotPart[]> = {
  qualification: ['qualifications', 'disciplines'],
  minimum_grade: ['qualifications'],
  school_subjects: ['qualifications', 'components'],
  age: [],
  citizenship: ['rights'],
  work_rights: ['rights'],
  study_rights: ['rights'],
  distance: [],
  languages: ['languages'],
  drivers_license: [],
  experience: ['experiences'],
  documents: ['documents'],
};

/**
 * The parts of a profile the evaluation of these criteria reads: a snapshot holding only these
 * (`withParts`) is evaluated exactly as the whole one, so a bulk recomputation loads no more.
 */
export function snapshotParts(criteria: Iterable<Criterion>): Set<SnapshotPart> {
  const parts = new Set<SnapshotPart>();
  for (const c of criteria) for (const part of partsOfKind[c.kind]) parts.add(part);
  return parts;
}

/** The snapshot as it reads with only these parts: the others empty. */
export function withParts(
  s: EligibilitySnapshot,
  parts: ReadonlySet<SnapshotPart>,
): EligibilitySnapshot {
  const rights = parts.has('rights');
  return {
    ...s,
    qualifications: parts.has('qualifications')
      ? s.qualifications.map((q) => ({
          ...q,
          disciplines: parts.has('disciplines') ? q.disciplines : [],
          components: parts.has('components') ? q.components : [],
        }))
      : [],
    workRights: rights ? s.workRights : [],
    studyRights: rights ? s.studyRights : [],
    languages: parts.has('languages') ? s.languages : [],
    experiences: parts.has('experiences') ? s.experiences : [],
    documentKinds: parts.has('documents') ? s.documentKinds : [],
  };
}

/** One place an opportunity is offered at. */
export interface OpportunityPlace {
  latitude: number;
  longitude: number;
  /** The town, for reasons ("12 km from the nearest location, Sandton"). */
  name?: string | null;
}

/** Names of reference rows a criterion names by id, for descriptions and reasons. */
export interface ReferenceNames {
  qualificationTypes?: ReadonlyMap<number, string>;
  categories?: ReadonlyMap<number, string>;
  disciplines?: ReadonlyMap<number, string>;
  institutions?: ReadonlyMap<number, string>;
  components?: ReadonlyMap<number, string>;
}

/** Great-circle distance in km on a sphere of 6371 km (the earth radius), by the haversine. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whole years from a 'YYYY-MM-DD' birth date to the day `today` ('YYYY-MM-DD'). */
export function ageOn(bornAt: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(bornAt.slice(0, 4));
  return today.slice(5) < bornAt.slice(5) ? years - 1 : years;
}

export const languageLevelRank: Record<LanguageLevel, number> = {
  basic: 1,
  intermediate: 2,
  advanced: 3,
  native: 4,
};

/** The weakest of the levels given (a language is as strong as its weakest skill), or null. */
export function languageLevelOf(l: SnapshotLanguage): LanguageLevel | null {
  const levels = [l.reading, l.writing, l.speaking].filter((v): v is LanguageLevel => v !== null);
  if (levels.length === 0) return null;
  return levels.reduce((a, b) => (languageLevelRank[b] < languageLevelRank[a] ? b : a));
}

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

/**
 * Years of experience up to `today`: periods merged where they overlap, an open period (current,
 * or without an end) counted to today, one without a start not at all. 365.25 days a year.
 */
export function experienceYears(
  experiences: readonly SnapshotExperience[],
  today: string,
  kind?: 'work' | 'volunteering',
): number {
  const end = dayNumber(today);
  const periods = experiences
    .filter((e) => e.startsAt && (kind === undefined || e.kind === kind))
    .map((e) => {
      const from = dayNumber(e.startsAt!);
      const to = e.endsAt ? dayNumber(e.endsAt) : e.current ? end : from;
      return [from, Math.min(to, end)] as const;
    })
    .filter(([from, to]) => Number.isFinite(from) && Number.isFinite(to) && to >= from)
    .sort((a, b) => a[0] - b[0]);
  let days = 0;
  let open: [number, number] | null = null;
  for (const [from, to] of periods) {
    if (open && from <= open[1]) {
      open[1] = Math.max(open[1], to);
    } else {
      if (open) days += open[1] - open[0];
      open = [from, to];
    }
  }
  if (open) days += open[1] - open[0];
  return days / 365.25;
}
