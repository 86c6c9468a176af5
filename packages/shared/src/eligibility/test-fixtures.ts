import { criterion, type Criterion, type Requirement } from './criteria.ts';
import type { EvaluationContext } from './evaluate.ts';
import { emptySnapshot, type EligibilitySnapshot, type SnapshotQualification } from './snapshot.ts';

// Builders for the eligibility tests and benchmark: a realistic candidate and its parts.

export const NOW = new Date('2026-11-20T08:00:00Z');

/** Reference ids the fixtures use. */
export const ids = {
  nscType: 1,
  bachelorType: 7,
  diplomaType: 4,
  schooling: 1,
  science: 2,
  computerScience: 10,
  law: 11,
  uct: 20,
  school: 21,
  mathematics: 30,
  physics: 31,
};

export function qualification(values: Partial<SnapshotQualification> = {}): SnapshotQualification {
  return {
    id: 100,
    name: 'Bachelor of Science in Computer Science',
    qualificationTypeId: ids.bachelorType,
    typeName: "Bachelor's Degree",
    nqfLevel: 7,
    categoryId: ids.science,
    categoryName: 'Science',
    disciplines: [{ id: ids.computerScience, name: 'Computer Science' }],
    institutionId: ids.uct,
    institutionName: 'University of Cape Town',
    institutionKind: 'university',
    status: null,
    startsAt: '2024-02-01',
    endsAt: '2026-12-10',
    gradeNormalized: 74.5,
    components: [],
    ...values,
  };
}

export function matric(values: Partial<SnapshotQualification> = {}): SnapshotQualification {
  return qualification({
    id: 101,
    name: 'National Senior Certificate',
    qualificationTypeId: ids.nscType,
    typeName: 'National Senior Certificate',
    nqfLevel: 4,
    categoryId: ids.schooling,
    categoryName: 'Schooling',
    disciplines: [],
    institutionId: ids.school,
    institutionName: 'Rondebosch High School',
    institutionKind: 'school',
    status: 'completed',
    startsAt: '2023-01-15',
    endsAt: '2023-11-30',
    gradeNormalized: 84.57,
    components: [
      { componentId: ids.mathematics, name: 'Mathematics', mark: 88 },
      { componentId: ids.physics, name: 'Physical Sciences', mark: 82 },
    ],
    ...values,
  });
}

/** A final-year computer science student in Cape Town, South African citizen (like Thandi). */
export function student(values: Partial<EligibilitySnapshot> = {}): EligibilitySnapshot {
  return {
    ...emptySnapshot(1),
    bornAt: '2005-03-14',
    countryOfBirth: 'ZA',
    // A valid South African ID number: born 2005-03-14, female, citizen (11th digit 0).
    identification: '0503140142087',
    driversLicense: true,
    location: { latitude: -33.9588, longitude: 18.4719 },
    qualifications: [matric(), qualification()],
    workRights: [],
    studyRights: [],
    languages: [
      { language: 'English', reading: 'advanced', writing: 'advanced', speaking: 'advanced' },
      { language: 'isiXhosa', reading: 'native', writing: 'native', speaking: 'native' },
    ],
    experiences: [
      { kind: 'work', startsAt: '2025-12-01', endsAt: '2026-01-31', current: false },
      { kind: 'volunteering', startsAt: '2024-01-01', endsAt: null, current: true },
    ],
    documentKinds: ['identity_document', 'transcript'],
    ...values,
  };
}

export const capeTown = { latitude: -33.9249, longitude: 18.4241, name: 'Cape Town' };
export const sandton = { latitude: -26.1076, longitude: 28.0567, name: 'Sandton' };

export function context(values: Partial<EvaluationContext> = {}): EvaluationContext {
  return {
    now: NOW,
    locations: [capeTown],
    names: {
      qualificationTypes: new Map([
        [ids.nscType, 'National Senior Certificate'],
        [ids.diplomaType, 'Diploma'],
        [ids.bachelorType, "Bachelor's Degree"],
      ]),
      categories: new Map([
        [ids.schooling, 'Schooling'],
        [ids.science, 'Science'],
      ]),
      disciplines: new Map([
        [ids.computerScience, 'Computer Science'],
        [ids.law, 'Law'],
      ]),
      institutions: new Map([[ids.uct, 'University of Cape Town']]),
      components: new Map([
        [ids.mathematics, 'Mathematics'],
        [ids.physics, 'Physical Sciences'],
      ]),
    },
    ...values,
  };
}

/** Requirements from criteria (parsed, so a malformed one fails loudly), numbered from 1. */
export function requirements(...criteria: unknown[]): Requirement[] {
  return criteria.map((c, i) => ({ id: i + 1, criterion: criterion.parse(c) as Criterion }));
}
