import { z } from 'zod';

import { OPPORTUNITY_PAGE_SIZE_DEFAULT } from '../common/constants.ts';
import { jobPosting } from './job-posting.ts';
import { text } from '../common/text.ts';
import { employmentTypes } from './employment.ts';
import {
  LIST_ITEM_PLACES,
  MAP_LOCATIONS_LIMIT,
  OPPORTUNITY_FILTER_MAX_VALUES,
  OPPORTUNITY_PAGE_SIZE_MAX,
  OPPORTUNITY_SEARCH_MAX_CHARS,
  opportunityKinds,
  opportunitySortFields,
  parseGeoCenter,
  parseSort,
  sortDirections,
  type OpportunitySort,
} from './search.ts';

// The search's terms without their schemas (a page that only reads and writes its address
// needs no zod), for the API and the web app alike.
export * from './search.ts';

// The opportunity search (GET opportunities, GET candidate/opportunities),
// the map (GET opportunity_locations, GET candidate/opportunity_locations) and the public detail (GET opportunities/{id}).
//
// Query parameters are flat, one per filter (no `filters[...]` nesting):
//
//   kind=job,bursary              kinds (comma-separated or repeated: kind=job&kind=bursary)
//   organization=3,7              organization ids
//   discipline=12                 discipline ids: opportunities that ask for studies in one of them
//   qualification_type=5          qualification type ids: opportunities whose qualification
//                                 requirement a qualification of that type meets
//   open=true                     only opportunities open for applications now
//   include_closed=true           closed ones too (whose closing date has passed); without it
//                                 only those open or still to open are listed
//   eligible=true                 only those the candidate qualifies for (candidates only)
//   search=bank                   text in the opportunity's or the organization's name
//   sort=distance_in_meters ASC   field, then ASC or DESC (a space, `+` in a URL); direction
//                                 defaults to ASC. Without coordinates distance sort falls back
//                                 to opens_at DESC. Default: distance_in_meters ASC.
//                                 opens_at DESC is newest first: those already open, latest
//                                 opening first, then those still to open, soonest first.
//   page=1  per=25                page from 1; per 1 to 100, 25 when omitted (the UI asks for 10)
//   latitude=-33.92&longitude=18.42   the point distances are measured from (both or neither)
//
// The response echoes what was applied: `search`, `sort` as {field, direction}, `filters` in
// camelCase (`qualificationType`), with only the filters that were applied.

export const opportunityMessages = {
  sort: `must be one of ${opportunitySortFields.join(', ')}, optionally followed by ASC or DESC`,
  latitude: 'must be a latitude between -90 and 90',
  longitude: 'must be a longitude between -180 and 180',
  latitudeWithoutLongitude: 'must be given with a longitude',
  longitudeWithoutLatitude: 'must be given with a latitude',
  geoCenter: 'must be latitude,longitude',
  flag: 'must be true or false',
  id: 'must be a list of ids',
  kind: `must be a list of ${opportunityKinds.join(', ')}`,
} as const;

const MAX_ID = 2_147_483_647;
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * `a,b` or a repeated parameter (`x=a&x=b`), trimmed, blanks and repeats dropped. A bad value
 * is reported on the parameter itself (`kind`), not on its position in the list.
 */
function listParam<T extends z.ZodType>(item: T, message: string) {
  return z
    .preprocess(
      (value) => {
        if (value === undefined || value === null) return undefined;
        const parts = (Array.isArray(value) ? value : [value])
          .flatMap((v) => String(v).split(','))
          .map((v) => v.trim())
          .filter(Boolean);
        return parts.length > 0 ? [...new Set(parts)] : undefined;
      },
      z
        .array(text(), { error: message })
        .max(
          OPPORTUNITY_FILTER_MAX_VALUES,
          `must have at most ${OPPORTUNITY_FILTER_MAX_VALUES} values`,
        )
        .transform((values, ctx) => {
          const parsed: z.output<T>[] = [];
          for (const value of values) {
            const result = item.safeParse(value);
            if (!result.success) {
              ctx.addIssue({ code: 'custom', message });
              return z.NEVER;
            }
            parsed.push(result.data);
          }
          return [...new Set(parsed)];
        })
        .optional(),
    )
    .optional();
}

const idList = listParam(z.coerce.number().int().positive().max(MAX_ID), opportunityMessages.id);

/** true/false or 1/0; absent is false (a false filter is dropped, as in the client filters). */
const flag = z
  .preprocess(
    blankToUndefined,
    z.enum(['true', 'false', '1', '0'], { error: opportunityMessages.flag }).optional(),
  )
  .transform((v) => v === 'true' || v === '1');

const coordinate = (min: number, max: number, message: string) =>
  z
    .preprocess(
      blankToUndefined,
      z.coerce.number({ error: message }).min(min, message).max(max, message).optional(),
    )
    .optional();

export const opportunitySort = z.object({
  field: z.enum(opportunitySortFields),
  direction: z.enum(sortDirections),
}) satisfies z.ZodType<OpportunitySort>;

const sortParam = z
  .preprocess(
    blankToUndefined,
    text({ error: opportunityMessages.sort })
      .transform((value, ctx) => {
        const sort = parseSort(value);
        if (!sort) {
          ctx.addIssue({ code: 'custom', message: opportunityMessages.sort });
          return z.NEVER;
        }
        return sort;
      })
      .optional(),
  )
  .optional();

const searchTerm = text()
  .trim()
  .max(OPPORTUNITY_SEARCH_MAX_CHARS)
  .optional()
  .transform((v) => (v ? v : undefined));

/** The filters every search and the map take. */
const filterParams = {
  kind: listParam(z.enum(opportunityKinds), opportunityMessages.kind),
  organization: idList,
  discipline: idList,
  qualification_type: idList,
  open: flag,
  include_closed: flag,
  search: searchTerm,
};

function pairedCoordinates(
  q: { latitude?: number; longitude?: number },
  ctx: z.RefinementCtx,
): void {
  if (q.latitude !== undefined && q.longitude === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['latitude'],
      message: opportunityMessages.latitudeWithoutLongitude,
    });
  }
  if (q.longitude !== undefined && q.latitude === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['longitude'],
      message: opportunityMessages.longitudeWithoutLatitude,
    });
  }
}

const searchShape = {
  ...filterParams,
  sort: sortParam,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce
    .number()
    .int()
    .min(1)
    .max(OPPORTUNITY_PAGE_SIZE_MAX)
    .default(OPPORTUNITY_PAGE_SIZE_DEFAULT),
  latitude: coordinate(-90, 90, opportunityMessages.latitude),
  longitude: coordinate(-180, 180, opportunityMessages.longitude),
};

/** GET /api/opportunities: guests search the same way, without eligibility. */
export const opportunitySearchQuery = z.object(searchShape).superRefine(pairedCoordinates);
export type OpportunitySearchQuery = z.infer<typeof opportunitySearchQuery>;

/** GET /api/candidate/opportunities: adds `eligible=true` ("I qualify"). */
export const candidateOpportunitySearchQuery = z
  .object({ ...searchShape, eligible: flag })
  .superRefine(pairedCoordinates);
export type CandidateOpportunitySearchQuery = z.infer<typeof candidateOpportunitySearchQuery>;

const mapShape = {
  ...filterParams,
  geoCenter: z
    .preprocess(
      blankToUndefined,
      text({ error: opportunityMessages.geoCenter })
        .transform((value, ctx) => {
          const center = parseGeoCenter(value);
          if (!center) {
            ctx.addIssue({ code: 'custom', message: opportunityMessages.geoCenter });
            return z.NEVER;
          }
          return center;
        })
        .optional(),
    )
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAP_LOCATIONS_LIMIT).default(MAP_LOCATIONS_LIMIT),
};

/**
 * GET /api/opportunity_locations: the map's own points, the nearest `limit` (at most
 * MAP_LOCATIONS_LIMIT) locations to `geoCenter=lat,lng` (Cape Town when omitted) of the
 * opportunities the filters match.
 */
export const guestOpportunityLocationsQuery = z.object(mapShape);

/** GET /api/candidate/opportunity_locations: the same, with `eligible=true` ("I qualify"). */
export const opportunityLocationsQuery = z.object({ ...mapShape, eligible: flag });
export type OpportunityLocationsQuery = z.infer<typeof opportunityLocationsQuery>;

// ---------------------------------------------------------------- responses

const isoDateTime = z.iso.datetime();

/** The filters a search applied, echoed back. */
export const opportunityFilters = z.object({
  kind: z.array(z.enum(opportunityKinds)).optional(),
  organization: z.array(z.number().int()).optional(),
  discipline: z.array(z.number().int()).optional(),
  qualificationType: z.array(z.number().int()).optional(),
  open: z.literal(true).optional(),
  includeClosed: z.literal(true).optional(),
  eligible: z.literal(true).optional(),
});
export type OpportunityFilters = z.infer<typeof opportunityFilters>;

export const opportunityOrganization = z.object({
  id: z.number().int(),
  name: text(),
  logo: text().nullable(),
});

export const opportunityLocation = z.object({
  id: z.number().int(),
  address: text(),
  city: text().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type OpportunityLocation = z.infer<typeof opportunityLocation>;

export const opportunityListItem = z.object({
  id: z.number().int(),
  name: text(),
  kind: z.enum(opportunityKinds),
  summary: text().nullable(),
  /** The opportunity's own logo, else its organization's. */
  logo: text().nullable(),
  publishedAt: isoDateTime,
  opensAt: isoDateTime.nullable(),
  closesAt: isoDateTime.nullable(),
  commencesAt: isoDateTime.nullable(),
  /** Open at the time of the request: opensAt before now and closesAt after now. */
  isOpen: z.boolean(),
  organization: opportunityOrganization,
  /**
   * Its nearest places (at most LIST_ITEM_PLACES), nearest first when the search has
   * coordinates, else the first ones made. Every place is on its page and on the map.
   */
  locations: z.array(opportunityLocation).max(LIST_ITEM_PLACES),
  /** How many places it has in all: the card says "and N more" for the others. */
  locationCount: z.number().int().min(0),
  /** To the nearest location (6371 km haversine); null without coordinates or locations. */
  distanceInMeters: z.number().nullable(),
  /** Candidates only: the stored eligibility, null when never checked. Absent for guests. */
  eligible: z.boolean().nullable().optional(),
});
export type OpportunityListItem = z.infer<typeof opportunityListItem>;

export const opportunityList = z.object({
  items: z.array(opportunityListItem),
  page: z.number().int(),
  per: z.number().int(),
  total: z.number().int(),
  search: text().optional(),
  sort: opportunitySort,
  filters: opportunityFilters,
});
export type OpportunityList = z.infer<typeof opportunityList>;

export const opportunityIdParam = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

export const opportunityDetailLocation = opportunityLocation.extend({
  province: text().nullable(),
  country: text(),
});

export const opportunityDetail = opportunityListItem
  .omit({
    distanceInMeters: true,
    eligible: true,
    organization: true,
    locations: true,
    locationCount: true,
  })
  .extend({
    description: text().nullable(),
    /** Published in the past and not yet commenced (or no commencement date). */
    isActive: z.boolean(),
    /** Number of places, when known. */
    positions: z.number().int().nullable(),
    /** Remuneration or funding per year. */
    currency: text(),
    valueMin: z.number().int().nullable(),
    valueMax: z.number().int().nullable(),
    /** The terms of a job, when stated. */
    employmentType: z.enum(employmentTypes).nullable(),
    organization: opportunityOrganization.extend({
      slug: text(),
      website: text().nullable(),
    }),
    locations: z.array(opportunityDetailLocation),
    /** The eligibility requirements in plain words, in their order. */
    requirements: z.array(
      z.object({ id: z.number().int(), kind: text(), description: text().nullable() }),
    ),
    /** schema.org JobPosting JSON-LD for jobs; null for bursaries and scholarships. */
    jobPosting: jobPosting.nullable(),
  });
export type OpportunityDetail = z.infer<typeof opportunityDetail>;

export const opportunityMapLocation = z.object({
  id: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  address: text(),
  city: text().nullable(),
  distanceInMeters: z.number(),
  opportunity: z.object({
    id: z.number().int(),
    name: text(),
    kind: z.enum(opportunityKinds),
    organizationName: text(),
  }),
});
export type OpportunityMapLocation = z.infer<typeof opportunityMapLocation>;

export const opportunityLocationList = z.object({
  items: z.array(opportunityMapLocation),
  geoCenter: z.object({ latitude: z.number(), longitude: z.number() }),
  /** Nearest first; when `items.length === limit` there are more further away. */
  limit: z.number().int(),
  search: text().optional(),
  filters: opportunityFilters,
});
export type OpportunityLocationList = z.infer<typeof opportunityLocationList>;
