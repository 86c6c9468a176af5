import type {
  BehavioralCompetency,
  Discipline,
  Institution,
  Location,
  Organization,
  Qualification,
  QualificationCategory,
  QualificationComponent,
  QualificationType,
} from '@pathways/shared/reference/reference.schemas';

import type {
  BehavioralCompetencyRow,
  DisciplineRow,
  InstitutionRow,
  LocationRow,
  OrganizationRow,
  QualificationCategoryRow,
  QualificationComponentRow,
  QualificationRow,
  QualificationTypeRow,
} from './reference.repository.ts';

export const toBehavioralCompetencyDto = (row: BehavioralCompetencyRow): BehavioralCompetency => ({
  id: row.id,
  name: row.name,
  description: row.description,
});

export const toDisciplineDto = (row: DisciplineRow): Discipline => ({ id: row.id, name: row.name });

export const toInstitutionDto = (row: InstitutionRow): Institution => ({
  id: row.id,
  name: row.name,
  abbreviation: row.abbreviation,
  kind: row.kind,
  universityType: row.universityType as Institution['universityType'],
  country: row.country,
  city: row.city,
  website: row.website,
  latitude: row.latitude,
  longitude: row.longitude,
});

export const toOrganizationDto = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logo: row.logo,
  description: row.description,
  website: row.website,
  industry: row.industry,
});

export const toQualificationTypeDto = (row: QualificationTypeRow): QualificationType => ({
  id: row.id,
  name: row.name,
  nqfLevel: row.nqfLevel,
  position: row.position,
});

export const toQualificationCategoryDto = (
  row: QualificationCategoryRow,
): QualificationCategory => ({ id: row.id, name: row.name });

export const toQualificationDto = (row: QualificationRow): Qualification => ({
  id: row.id,
  specialization: row.specialization,
  qualificationType: row.qualificationType,
  qualificationCategory:
    row.categoryId === null || row.categoryName === null
      ? null
      : { id: row.categoryId, name: row.categoryName },
});

export const toQualificationComponentDto = (
  row: QualificationComponentRow,
): QualificationComponent => ({
  id: row.id,
  name: row.name,
  code: row.code,
  institutionId: row.institutionId,
  qualificationTypeId: row.qualificationTypeId,
});

/** A Location carries its point twice: flat (latitude, longitude) and as coordinates (lat, lon). */
export const toLocationDto = (row: LocationRow): Location => ({
  id: row.id,
  address: row.address,
  country: row.country,
  latitude: row.latitude,
  longitude: row.longitude,
  coordinates: { lat: row.latitude, lon: row.longitude },
});
