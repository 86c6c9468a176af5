import { z } from 'zod';

import { LOCATION_SEARCH_MIN_CHARS } from '../common/constants.ts';
import { text } from '../common/text.ts';

// The public reference data: request and response schemas of every GET.

/** Paging of the long lists (institutions, organizations, qualifications, components). */
export const REFERENCE_PAGE_SIZE_DEFAULT = 25;
export const REFERENCE_PAGE_SIZE_MAX = 100;
export const REFERENCE_SEARCH_MAX_CHARS = 100;
/** Place search answers at most this many places, best first. */
export const LOCATION_SEARCH_LIMIT = 10;
export const LOCATION_SEARCH_MAX_CHARS = 200;

export const referenceMessages = {
  locationSearchTooShort: `must be at least ${LOCATION_SEARCH_MIN_CHARS} characters`,
  required: 'must be provided',
} as const;

const MAX_ID = 2_147_483_647;
/** A database id in a path or query; anything else is a 422, never a database error. */
export const referenceId = z.coerce.number().int().positive().max(MAX_ID);
export const idParam = z.object({ id: referenceId });

/** An optional search term: trimmed, and ignored when empty. */
const searchTerm = text()
  .trim()
  .max(REFERENCE_SEARCH_MAX_CHARS)
  .optional()
  .transform((v) => (v ? v : undefined));

export const listQuery = z.object({
  search: searchTerm,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce
    .number()
    .int()
    .min(1)
    .max(REFERENCE_PAGE_SIZE_MAX)
    .default(REFERENCE_PAGE_SIZE_DEFAULT),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The short lists (competencies, disciplines, categories, types) answer whole; search still works. */
export const searchQuery = z.object({ search: searchTerm });
export type SearchQuery = z.infer<typeof searchQuery>;

export const qualificationsQuery = listQuery.extend({
  qualification_type: referenceId.optional(),
  qualification_category: referenceId.optional(),
});
export type QualificationsQuery = z.infer<typeof qualificationsQuery>;

/**
 * `qualification_type` is required; `institution` adds that institution's own components to the
 * ones every institution shares (NSC subjects have no institution).
 */
export const qualificationComponentsQuery = listQuery.extend({
  qualification_type: referenceId,
  institution: referenceId.optional(),
});
export type QualificationComponentsQuery = z.infer<typeof qualificationComponentsQuery>;

/** A paged list: `{items, page, per, total, search?}`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    per: z.number().int(),
    total: z.number().int(),
    search: text().optional(),
  });
}

export const behavioralCompetency = z.object({
  id: z.number().int(),
  name: text(),
  description: text().nullable(),
});
export type BehavioralCompetency = z.infer<typeof behavioralCompetency>;

export const discipline = z.object({ id: z.number().int(), name: text() });
export type Discipline = z.infer<typeof discipline>;

export const institutionKinds = [
  'university',
  'university_of_technology',
  'tvet_college',
  'school',
  'other',
] as const;
export const universityTypes = ['traditional', 'comprehensive', 'technology'] as const;

export const institution = z.object({
  id: z.number().int(),
  name: text(),
  abbreviation: text().nullable(),
  kind: z.enum(institutionKinds),
  /** DHET's classification of a public university; null for colleges and schools. */
  universityType: z.enum(universityTypes).nullable(),
  country: text(),
  city: text().nullable(),
  website: text().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Institution = z.infer<typeof institution>;

export const institutionsQuery = listQuery.extend({
  kind: z.enum(institutionKinds).optional(),
});
export type InstitutionsQuery = z.infer<typeof institutionsQuery>;

export const organization = z.object({
  id: z.number().int(),
  name: text(),
  slug: text(),
  logo: text().nullable(),
  description: text().nullable(),
  website: text().nullable(),
  industry: text().nullable(),
});
export type Organization = z.infer<typeof organization>;

export const qualificationType = z.object({
  id: z.number().int(),
  name: text(),
  /** National Qualifications Framework level, 1 to 10. */
  nqfLevel: z.number().int().nullable(),
  position: z.number().int(),
});
export type QualificationType = z.infer<typeof qualificationType>;

export const qualificationCategory = z.object({ id: z.number().int(), name: text() });
export type QualificationCategory = z.infer<typeof qualificationCategory>;

export const qualification = z.object({
  id: z.number().int(),
  specialization: text(),
  qualificationType: qualificationType.pick({ id: true, name: true, nqfLevel: true }),
  qualificationCategory: qualificationCategory.nullable(),
});
export type Qualification = z.infer<typeof qualification>;

export const qualificationComponent = z.object({
  id: z.number().int(),
  name: text(),
  code: text().nullable(),
  /** Null when every institution of the qualification type has it (NSC subjects). */
  institutionId: z.number().int().nullable(),
  qualificationTypeId: z.number().int(),
});
export type QualificationComponent = z.infer<typeof qualificationComponent>;

/** A Location: both coordinate forms are given, flat and as coordinates (lat, lon). */
export const location = z.object({
  id: z.number().int(),
  address: text(),
  /** ISO 3166-1 alpha-2. */
  country: text(),
  latitude: z.number(),
  longitude: z.number(),
  coordinates: z.object({ lat: z.number(), lon: z.number() }),
});
export type Location = z.infer<typeof location>;

/** `search/locations?search=…`: at least 3 characters. */
export const locationSearchQuery = z.object({
  search: text({ error: referenceMessages.required })
    .trim()
    .min(LOCATION_SEARCH_MIN_CHARS, { error: referenceMessages.locationSearchTooShort })
    .max(LOCATION_SEARCH_MAX_CHARS),
});
export type LocationSearchQuery = z.infer<typeof locationSearchQuery>;

/** The best matches first, at most LOCATION_SEARCH_LIMIT of them. */
export const locationSearchResponse = z.object({
  items: z.array(location),
  search: text(),
});
export type LocationSearchResponse = z.infer<typeof locationSearchResponse>;

export const behavioralCompetencyList = pageOf(behavioralCompetency);
export const disciplineList = pageOf(discipline);
export const institutionList = pageOf(institution);
export const organizationList = pageOf(organization);
export const qualificationList = pageOf(qualification);
export const qualificationCategoryList = pageOf(qualificationCategory);
export const qualificationTypeList = pageOf(qualificationType);
export const qualificationComponentList = pageOf(qualificationComponent);
