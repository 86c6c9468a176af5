import { isoDay, qualificationStatusOf } from '@pathways/shared/profile/dates';
import type { Profile } from '@pathways/shared/profile/profile.schemas';
import type {
  Achievement,
  Affiliation,
  Experience,
  LanguageProficiency,
  ProfileQualification,
  ProfileQualificationComponent,
  Right,
} from '@pathways/shared/profile/sections.schemas';

import type {
  ComponentDetail,
  QualificationDetail,
  SectionRow,
} from './profile-sections.repository.ts';
import type { ProfileRow } from './profile.repository.ts';

// Rows to the response shapes of packages/shared/src/profile: nothing else leaves the API.

export function toExperienceDto(row: SectionRow<'experiences'>): Experience {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    organizationName: row.organizationName,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    current: row.current,
    description: row.description,
  };
}

/** Current positions first, then the most recent start. */
export function sortExperiences(items: Experience[]): Experience[] {
  return [...items].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      (b.startsAt ?? '').localeCompare(a.startsAt ?? '') ||
      b.id - a.id,
  );
}

export function toAchievementDto(row: SectionRow<'achievements'>): Achievement {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    achievedAt: row.achievedAt,
  };
}

export function toAffiliationDto(row: SectionRow<'affiliations'>): Affiliation {
  return {
    id: row.id,
    organizationName: row.organizationName,
    role: row.role,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    description: row.description,
  };
}

export function toLanguageDto(row: SectionRow<'languageProficiencies'>): LanguageProficiency {
  return {
    id: row.id,
    language: row.language,
    reading: row.reading,
    writing: row.writing,
    speaking: row.speaking,
  };
}

export function toRightDto(row: SectionRow<'studyRights'> | SectionRow<'workRights'>): Right {
  return { id: row.id, countryCode: row.countryCode, kind: row.kind, validUntil: row.validUntil };
}

export function toComponentDto(c: ComponentDetail): ProfileQualificationComponent {
  return {
    id: c.row.id,
    profileQualificationId: c.row.profileQualificationId,
    qualificationComponent: c.reference,
    name: c.reference?.name ?? c.row.name ?? '',
    mark: c.row.mark,
  };
}

export function toQualificationDto(q: QualificationDetail, now: Date): ProfileQualification {
  const { row } = q;
  return {
    id: row.id,
    institution: q.institution,
    institutionName: row.institutionName,
    qualification: {
      id: q.qualification?.id ?? null,
      specialization: q.qualification?.specialization ?? null,
      qualificationType: q.type,
      qualificationCategory: q.category,
    },
    disciplines: q.disciplines,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: qualificationStatusOf(row, isoDay(now)),
    gradeNormalized: row.gradeNormalized,
    verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    components: q.components.map(toComponentDto),
  };
}

/** Latest first: the current programme, then the completed ones, by end date. */
export function sortQualifications(items: ProfileQualification[]): ProfileQualification[] {
  return [...items].sort(
    (a, b) =>
      (b.endsAt ?? '9999').localeCompare(a.endsAt ?? '9999') ||
      (b.startsAt ?? '').localeCompare(a.startsAt ?? '') ||
      b.id - a.id,
  );
}

export interface ProfileSections {
  experiences: SectionRow<'experiences'>[];
  qualifications: QualificationDetail[];
  achievements: SectionRow<'achievements'>[];
  affiliations: SectionRow<'affiliations'>[];
  languageProficiencies: SectionRow<'languageProficiencies'>[];
  studyRights: SectionRow<'studyRights'>[];
  workRights: SectionRow<'workRights'>[];
}

export function toProfileDto(row: ProfileRow, sections: ProfileSections, now: Date): Profile {
  const hasPoint = row.latitude !== null && row.longitude !== null;
  return {
    id: row.id,
    countryOfBirth: row.countryOfBirth,
    identification: row.identification,
    firstNames: row.firstNames,
    lastName: row.lastName,
    bornAt: row.bornAt,
    gender: row.gender,
    ethnicity: row.ethnicity,
    disability: row.disability,
    disabilityDescription: row.disabilityDescription,
    biography: row.biography,
    mobileNumber: row.mobileNumber,
    driversLicense: row.driversLicense,
    location: hasPoint
      ? { latitude: row.latitude!, longitude: row.longitude!, address: row.address }
      : null,
    errors: row.errors ?? {},
    completion: row.completion,
    updatedAt: row.updatedAt.toISOString(),
    experiences: sortExperiences(sections.experiences.map(toExperienceDto)),
    profileQualifications: sortQualifications(
      sections.qualifications.map((q) => toQualificationDto(q, now)),
    ),
    achievements: sections.achievements.map(toAchievementDto),
    affiliations: sections.affiliations.map(toAffiliationDto),
    languageProficiencies: sections.languageProficiencies.map(toLanguageDto),
    studyRights: sections.studyRights.map(toRightDto),
    workRights: sections.workRights.map(toRightDto),
  };
}
