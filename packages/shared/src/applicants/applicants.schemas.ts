import { z } from 'zod';

import { decodeCursor, encodeCursor } from '../common/cursor.ts';
import { applicantInterviewStates } from '../interviews/interviews.rules.ts';
import { ethnicities, genders } from '../profile/profile.schemas.ts';

// The applicants of a workspace as a client sees them: the tracker's rows, its filters and
// sort keys, and the per-phase counts. For a small workspace the tracker loads every row of an
// opportunity (`GET client/opportunities/{id}/applications?page=n&per=250`, sorted by id
// ascending) and then filters, sorts and pages in the browser with the rules in
// `applicants.rules.ts`; for a large one the server does it (the list routes below) with SQL
// twins of those same rules.
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
  /**
   * An interview booked and not yet over, the candidate asked for other times, or times offered
   * waiting for a choice; null for none of these. Absent from rows built without it.
   */
  interview: z.enum(applicantInterviewStates).nullable().optional(),
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

// ---------------------------------------------------------------------------------------------
// The tracker in server mode: a large workspace is filtered, sorted, counted and paged by the
// database, a page of APPLICANT_PAGE_SIZE at a time.
//
//   GET client/opportunities/{id}/applications/list   one page of a tab, with counts per tab
//   GET client/opportunities/{id}/applications/ids    every id of a tab, in the list's order
//   GET client/applications/list, client/applications/ids   the same across workspaces
//
// The filters ride in the query string as for the row routes. Pages follow one another by an
// opaque keyset cursor (`next`, `previous` of the answer): it names the last (or first) row
// shown by its place in the order, so a page never costs more the further it is.

/** The most rows one page of the server-mode list carries. */
export const APPLICANT_LIST_MAX = 100;

/**
 * The tab of the list: a phase's id, `regretted`, `withdrawn`, `active` (across workspaces), or
 * `first`, a workspace's first tab (its initial phase), which the tracker can ask for before it
 * knows the workspace's phases.
 */
export const applicantTab = z
  .string()
  .regex(
    /^(\d{1,10}|regretted|withdrawn|active|first)$/,
    'must be a phase id, regretted, withdrawn, active or first',
  );

/** The tab `first`: a workspace's first tab. */
export const FIRST_TAB = 'first';

/** Where a page starts: just after (or, going back, just before) a row in the list's order. */
export const applicantCursor = z.object({
  /** The sort it was made for. */
  key: z.enum(applicantSortKeys),
  direction: z.enum(['asc', 'desc']),
  /** The row ranked first (eligible with a complete profile). */
  rank: z.boolean(),
  /** The row's sort value: a number, a last name, or an ISO instant for createdAt; null when missing. */
  value: z.union([z.number(), z.string().max(1000)]).nullable(),
  id,
  /** The page before this row rather than after it. */
  before: z.boolean(),
});
export type ApplicantCursor = z.infer<typeof applicantCursor>;

/** The cursor as the opaque text the answer and the address carry. */
export function encodeApplicantCursor(cursor: ApplicantCursor): string {
  return encodeCursor(cursor);
}

/** The cursor of an opaque text, or null when it is not one this API wrote. */
export function decodeApplicantCursor(text: string): ApplicantCursor | null {
  const cursor = decodeCursor(text, applicantCursor);
  if (cursor === null) return null;
  const { key, value } = cursor;
  // The value's type follows the sort key.
  if (value !== null) {
    if (key === 'profile.lastName.sort' && typeof value !== 'string') return null;
    if (key === 'createdAt' && (typeof value !== 'string' || !isoDateTime.safeParse(value).success))
      return null;
    if (key !== 'profile.lastName.sort' && key !== 'createdAt' && typeof value !== 'number')
      return null;
  } else if (key === 'id' || key === 'createdAt' || key === 'completion' || key === 'unreadChats') {
    return null;
  }
  return cursor;
}

export const CURSOR_MESSAGE = 'is not a page of this list: start again from the first page';

/** The query of the server-mode list: sort, tab, page size and cursor (filters ride beside). */
export const applicantListQuery = z.object({
  sort: z.enum(applicantSortKeys).default(DEFAULT_APPLICANT_SORT.key),
  direction: z.enum(['asc', 'desc']).default(DEFAULT_APPLICANT_SORT.direction),
  phase: applicantTab.optional(),
  per: z.coerce.number().int().min(1).max(APPLICANT_LIST_MAX).default(APPLICANT_PAGE_SIZE),
  cursor: z
    .string()
    .transform((text, context) => {
      const cursor = decodeApplicantCursor(text);
      if (cursor === null) {
        context.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
});
export type ApplicantListQuery = z.infer<typeof applicantListQuery>;

/** The query of the ids of a tab: the list's without the paging. */
export const applicantIdsQuery = applicantListQuery.pick({
  sort: true,
  direction: true,
  phase: true,
});
export type ApplicantIdsQuery = z.infer<typeof applicantIdsQuery>;

const count = z.number().int().min(0);

export const applicantListPage = z.object({
  /** One page of the tab, in the tracker's order. */
  items: z.array(applicantRow),
  /** Applications in the list, whatever the filters. */
  all: count,
  /** Applications the filters keep, in every tab. */
  total: count,
  /** Applications the filters keep in the tab asked for (all tabs without one). */
  inTab: count,
  /** Applications the filters keep per tab: phase ids as text, regretted, withdrawn, active. */
  tabs: z.record(z.string(), count),
  /** The cursor of the page after this one, or null at the end. */
  next: z.string().nullable(),
  /** The cursor of the page before this one, or null at the start. */
  previous: z.string().nullable(),
});
export type ApplicantListPage = z.infer<typeof applicantListPage>;

export const applicantIdList = z.object({ ids: z.array(id) });
export type ApplicantIdList = z.infer<typeof applicantIdList>;
