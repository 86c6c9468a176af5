import { z } from 'zod';

import { ethnicities, genders } from '../profile/profile.schemas.ts';

// The applicants of a workspace as a client sees them: the tracker's rows, its filters and
// sort keys, and the per-phase counts. The tracker loads every row of an opportunity
// (`GET client/opportunities/{id}/applications?page=n&per=250`, sorted by id ascending) and
// then filters, sorts and pages in the browser with the rules in `applicants.rules.ts`; the
// server's counts use those same rules.
//
//   GET client/opportunities/{id}/applications   rows, one page (per up to 250), sort id ASC
//   GET client/opportunities/{id}/counts         applicants per phase, with the filters below
//   GET client/applications                      rows across every workspace the user may see

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);
const isoDateTime = z.iso.datetime({ offset: true });

/** Rows a page of the full load carries; the tracker asks for pages of this size in turn. */
export const APPLICANT_LOAD_PAGE_SIZE = 250;
/** Rows the tracker and the eligibility list show on one page. */
export const APPLICANT_PAGE_SIZE = 25;

/** One qualification of an applicant, as the filters need it. */
export const applicantQualification = z.object({
  id,
  qualificationTypeId: id.nullable(),
  categoryId: id.nullable(),
  institutionId: id.nullable(),
  disciplineIds: z.array(id),
  /** 'YYYY-MM-DD' or null. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The average mark normalised to 0-100. */
  gradeNormalized: z.number().nullable(),
  verifiedAt: isoDateTime.nullable(),
});
export type ApplicantQualification = z.infer<typeof applicantQualification>;

/** One row of the tracker: an application with the profile facts the filters and sorts read. */
export const applicantRow = z.object({
  id,
  opportunityId: id,
  createdAt: isoDateTime,
  /** The pipeline phase; null before the application entered the pipeline. */
  phaseId: id.nullable(),
  regrettedAt: isoDateTime.nullable(),
  /** The candidate withdrew it. */
  archivedAt: isoDateTime.nullable(),
  complete: z.boolean(),
  /** Profile completion in percent. */
  completion: z.number().int().min(0).max(100),
  eligibility: z.object({
    /** null until the first check. */
    eligible: z.boolean().nullable(),
    referredAt: isoDateTime.nullable(),
  }),
  /** 1 to 5 stars, or null. */
  applicationRating: z.number().int().min(1).max(5).nullable(),
  unreadChats: z.number().int().min(0),
  /** The opportunity locations the candidate chose. */
  locations: z.array(id),
  /** A profile irregularity was flagged and the section has not changed since. */
  reported: z.boolean(),
  profile: z.object({
    candidateId: id,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    /** A URL the client may load, or null. */
    avatarUrl: z.string().nullable(),
    gender: z.enum(genders).nullable(),
    ethnicity: z.enum(ethnicities).nullable(),
    /** 'YYYY-MM-DD' or null. */
    bornAt: z.string().nullable(),
    location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
    /** The average of the psychometric aggregates; null without results. */
    assessmentAggregate: z.number().nullable(),
    qualifications: z.array(applicantQualification),
  }),
});
export type ApplicantRow = z.infer<typeof applicantRow>;

/**
 * The paging of the row routes. The filters ride along in the same query string under the names
 * `viewToSearchParams` writes (`applicants.url.ts`); a filter that does not parse is ignored.
 */
export const applicantPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce
    .number()
    .int()
    .min(1)
    .max(APPLICANT_LOAD_PAGE_SIZE)
    .default(APPLICANT_LOAD_PAGE_SIZE),
});
export type ApplicantPageQuery = z.infer<typeof applicantPageQuery>;

export const applicantPage = z.object({
  items: z.array(applicantRow),
  page: z.number().int().min(1),
  per: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type ApplicantPage = z.infer<typeof applicantPage>;

/** When a qualification counts for the period filter, comparing its dates with now. */
export const qualificationPeriods = ['completed', 'current', 'intended'] as const;
export type QualificationPeriod = (typeof qualificationPeriods)[number];

/**
 * The tracker's filters (and the eligibility list's). Every field is optional; an absent field
 * filters nothing. The same object is written to and read from the page's URL.
 */
export const applicantFilters = z.object({
  /** A case-insensitive substring of the first or last name. */
  name: z.string().trim().max(200).optional(),
  /** 'latitude,longitude' of the centre for `distance`. */
  location: z.string().max(100).optional(),
  /** Kilometres from `location`; needs `location` and a value above 0. */
  distance: z.number().min(0).max(20_000).optional(),
  /** The normalised grade range: excludes values at or below `min` and above `max`. */
  grade: z.object({ min: z.number().min(0).max(100), max: z.number().min(0).max(100) }).optional(),
  categories: z.array(id).optional(),
  disciplines: z.array(id).optional(),
  institutions: z.array(id).optional(),
  types: z.array(id).optional(),
  ethnicities: z.array(z.enum(ethnicities)).optional(),
  genders: z.array(z.enum(genders)).optional(),
  /** Opportunity locations the applicant chose (any of them). */
  locations: z.array(id).optional(),
  period: z.enum(qualificationPeriods).optional(),
  /** More than one qualification matching the qualification filters. */
  multiple: z.boolean().optional(),
  verified: z.boolean().optional(),
  /** Dropped when false. */
  complete: z.boolean().optional(),
  /** Dropped when false. */
  referred: z.boolean().optional(),
  eligible: z.boolean().optional(),
});
export type ApplicantFilters = z.infer<typeof applicantFilters>;

/** The sort keys the tracker offers; the default is `createdAt` ascending. */
export const applicantSortKeys = [
  'id',
  'createdAt',
  'completion',
  'profile.lastName.sort',
  'applicationRating.value',
  'profile.assessmentAggregate',
  'unreadChats',
] as const;
export type ApplicantSortKey = (typeof applicantSortKeys)[number];
export const applicantSort = z.object({
  key: z.enum(applicantSortKeys),
  direction: z.enum(['asc', 'desc']),
});
export type ApplicantSort = z.infer<typeof applicantSort>;
export const DEFAULT_APPLICANT_SORT: ApplicantSort = { key: 'createdAt', direction: 'asc' };
