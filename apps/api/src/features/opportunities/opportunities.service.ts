import { CAPE_TOWN } from '@pathways/shared/common/constants';
import { opportunityPagePath } from '@pathways/shared/opportunities/job-posting';
import {
  DEFAULT_SORT,
  SORT_WITHOUT_COORDINATES,
  type CandidateOpportunitySearchQuery,
  type OpportunityDetail,
  type OpportunityFilters,
  type OpportunityList,
  type OpportunityListItem,
  type OpportunityLocationList,
  type OpportunityLocationsQuery,
  type OpportunitySearchQuery,
  type OpportunitySort,
} from '@pathways/shared/opportunities/opportunities.schemas';

import type { DbOrTx } from '../../db/client.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { PageHead } from '../../plugins/web-app.ts';
import { organizationAddress } from '../organizations/index.ts';
import * as map from './opportunities.mapper.ts';
import * as repo from './opportunities.repository.ts';
import * as searchRepo from './search.repository.ts';
import type { Point } from './search.repository.ts';

/**
 * From this many matches up, a distance page is found by walking the distance index from the
 * point; below it, by measuring every match. Narrow filters make matches rare along the walk,
 * and measuring a few thousand opportunities is cheap. See searchRepo.NearestStrategy.
 */
export const WALK_MIN_MATCHES = 2000;

type SearchQuery = OpportunitySearchQuery &
  Partial<Pick<CandidateOpportunitySearchQuery, 'eligible'>>;
type FilterQuery = Pick<
  OpportunitySearchQuery,
  | 'kind'
  | 'organization'
  | 'discipline'
  | 'qualification_type'
  | 'open'
  | 'include_closed'
  | 'search'
> & { eligible?: boolean };

/** The candidate a search is for: their stored eligibilities show, and `eligible` filters. */
export interface Viewer {
  candidateId: number;
}

function filtersOf(query: FilterQuery, viewer: Viewer | undefined) {
  const filters: searchRepo.SearchFilters = {
    kinds: query.kind,
    organizationIds: query.organization,
    disciplineIds: query.discipline,
    qualificationTypeIds: query.qualification_type,
    open: query.open,
    includeClosed: query.include_closed,
    search: query.search,
  };
  if (viewer && query.eligible) filters.eligibleCandidateId = viewer.candidateId;
  const echo: OpportunityFilters = {};
  if (query.kind) echo.kind = query.kind;
  if (query.organization) echo.organization = query.organization;
  if (query.discipline) echo.discipline = query.discipline;
  if (query.qualification_type) echo.qualificationType = query.qualification_type;
  if (query.open) echo.open = true;
  if (query.include_closed) echo.includeClosed = true;
  if (filters.eligibleCandidateId !== undefined) echo.eligible = true;
  return { filters, echo };
}

/**
 * The list items (as the search answers them) of opportunities, in the order of `ids`: their
 * nearest places from `center` (the first ones without), how many places they have, the
 * distance to the nearest, and for a candidate whether they qualify. Ids that are not found
 * are left out.
 */
export async function listItems(
  db: DbOrTx,
  ids: number[],
  options: { now: Date; center?: Point; candidateId?: number },
): Promise<OpportunityListItem[]> {
  return map.toListItems(await repo.findListRows(db, ids, options));
}

/** Whether a search's filters look beyond the opportunity's own row. */
function readsOtherTables(filters: searchRepo.SearchFilters): boolean {
  return Boolean(
    filters.eligibleCandidateId !== undefined ||
    filters.disciplineIds?.length ||
    filters.qualificationTypeIds?.length ||
    filters.search,
  );
}

export interface OpportunitiesServiceOptions {
  /** Overrides WALK_MIN_MATCHES (tests drive both strategies with it). */
  walkMinMatches?: number;
}

export interface OpportunitiesServiceDeps extends Pick<FeatureDeps, 'db' | 'now'> {
  config: Pick<FeatureDeps['config'], 'appUrl'>;
}

export function createOpportunitiesService(
  deps: OpportunitiesServiceDeps,
  options: OpportunitiesServiceOptions = {},
) {
  const { db, config } = deps;
  const walkMinMatches = options.walkMinMatches ?? WALK_MIN_MATCHES;
  /** As a bound of SQL: no walk is made above the largest count. */
  const walkMinMatchesSql = Math.min(walkMinMatches, 2_147_483_647);

  /**
   * The items of one page by distance: located opportunities first, then those without a
   * location. A walk from the point reads its page and the page's items in one statement.
   */
  async function itemsByDistance(
    scope: searchRepo.SearchScope,
    center: searchRepo.Point,
    sort: OpportunitySort,
    paging: searchRepo.Paging,
    counts: searchRepo.Counts,
    itemOptions: { now: Date; center?: Point; candidateId?: number },
    /** The walk's first batch, already read with the counts (findFirstNearestListRows). */
    walked?: { batch: number; scanned: number; rows: repo.ListRow[] },
  ): Promise<OpportunityListItem[]> {
    const strategy: searchRepo.NearestStrategy =
      counts.total >= walkMinMatches ? 'walk' : 'matching';
    let located: OpportunityListItem[] = [];
    if (strategy === 'walk' && sort.direction === 'ASC') {
      // As pageNearest walks: a batch too small to fill the page is read again four times larger.
      let batch = walked?.batch ?? searchRepo.firstBatch(paging, counts);
      let page: { scanned: number; rows: repo.ListRow[] } | undefined = walked;
      for (;;) {
        page ??= await repo.findNearestListRows(db, scope, paging, batch, {
          ...itemOptions,
          center,
        });
        located = map.toListItems(page.rows);
        if (located.length === paging.limit || page.scanned < batch) break;
        batch *= 4;
        page = undefined;
      }
    } else {
      const ids = await searchRepo.pageNearest(db, scope, center, sort.direction, paging, {
        strategy,
      });
      located = await listItems(db, ids, itemOptions);
    }
    if (located.length === paging.limit) return located;
    // The located ones ran out on this page; the rest follow, newest first.
    const locatedTotal =
      located.length > 0
        ? paging.offset + located.length
        : counts.total - (await searchRepo.countUnlocated(db, scope));
    const rest = await searchRepo.pageUnlocated(db, scope, {
      limit: paging.limit - located.length,
      offset: paging.offset + located.length - locatedTotal,
    });
    return [...located, ...(await listItems(db, rest, itemOptions))];
  }

  return {
    /** GET opportunities (guests) and GET candidate/opportunities (with a viewer). */
    async search(query: SearchQuery, viewer?: Viewer): Promise<OpportunityList> {
      const now = deps.now();
      const center =
        query.latitude !== undefined && query.longitude !== undefined
          ? { latitude: query.latitude, longitude: query.longitude }
          : undefined;
      const requested = query.sort ?? DEFAULT_SORT;
      const sort =
        requested.field === 'distance_in_meters' && !center ? SORT_WITHOUT_COORDINATES : requested;
      const { filters, echo } = filtersOf(query, viewer);
      const scope: searchRepo.SearchScope = { now, filters };
      const paging: searchRepo.Paging = { limit: query.per, offset: (query.page - 1) * query.per };

      const itemOptions = {
        now,
        ...(center ? { center } : {}),
        ...(viewer ? { candidateId: viewer.candidateId } : {}),
      };
      // Nearest first from a point: the counts, the walk's first batch and its page's items in
      // one statement. Otherwise the counts first, then the page. Filters that read other tables
      // (eligibility, requirements, organization names) count first too: the walk's batch is
      // then a number the planner sizes the walk's joins by (at national size, sized by a
      // guess, the "I qualify" walk read every eligibility of the candidate, 3× slower).
      const first =
        center &&
        sort.field === 'distance_in_meters' &&
        sort.direction === 'ASC' &&
        !readsOtherTables(filters)
          ? await repo.findFirstNearestListRows(db, scope, paging, walkMinMatchesSql, {
              ...itemOptions,
              center,
            })
          : undefined;
      const counts = first?.counts ?? (await searchRepo.countMatching(db, scope));
      const { total } = counts;
      let items: OpportunityListItem[] = [];
      if (total > paging.offset) {
        items =
          sort.field === 'distance_in_meters'
            ? await itemsByDistance(
                scope,
                center ?? CAPE_TOWN,
                sort,
                paging,
                counts,
                itemOptions,
                first?.batch ? first : undefined,
              )
            : await listItems(
                db,
                await searchRepo.pageByColumn(db, scope, sort.field, sort.direction, paging),
                itemOptions,
              );
      }
      return {
        items,
        page: query.page,
        per: query.per,
        total,
        search: query.search,
        sort,
        filters: echo,
      };
    },

    /** GET opportunity_locations and candidate/opportunity_locations: the map's points. */
    async locations(
      query: Omit<OpportunityLocationsQuery, 'eligible'> & { eligible?: boolean },
      viewer?: Viewer,
    ): Promise<OpportunityLocationList> {
      const center = query.geoCenter ?? { ...CAPE_TOWN };
      const { filters, echo } = filtersOf(query, viewer);
      const scope: searchRepo.SearchScope = { now: deps.now(), filters };
      const counts = await searchRepo.countMatching(db, scope);
      const rows = await searchRepo.nearestLocations(db, scope, center, query.limit, {
        strategy: counts.total >= walkMinMatches ? 'walk' : 'matching',
        batch: Math.ceil(query.limit * 1.5 * (counts.published / Math.max(1, counts.total))),
      });
      return {
        items: rows.map(map.toMapLocation),
        geoCenter: center,
        limit: query.limit,
        search: query.search,
        filters: echo,
      };
    },

    /** GET opportunities/{id}: published ones only; drafts and unknown ids are 404. */
    async detail(id: number): Promise<OpportunityDetail> {
      const now = deps.now();
      const row = await repo.findPublished(db, id, now);
      if (!row) throw notFound('Opportunity not found');
      const [locations, requirements] = await Promise.all([
        repo.findLocations(db, id),
        repo.findRequirements(db, id),
      ]);
      // A job with no place of its own is described at its organization's address, if any.
      const organizationPlace =
        row.kind === 'job' && locations.length === 0
          ? await organizationAddress(deps, row.organization.id)
          : undefined;
      return map.toDetail(row, locations, requirements, now, config.appUrl, organizationPlace);
    },
  };
}

export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;

const OPPORTUNITY_PAGE = /^\/opportunities\/(\d{1,10})(?:\/[^/]*)?$/;

/**
 * The head of the web page of an opportunity (`/opportunities/{id}` or `/{id}/{name}`), so search
 * engines see its title, summary, canonical address and, for a job, its JobPosting before any
 * script runs. Undefined for other paths and for opportunities that are not published.
 */
export function opportunityPageHead(deps: OpportunitiesServiceDeps) {
  const service = createOpportunitiesService(deps);
  return async (path: string): Promise<PageHead | undefined> => {
    const id = Number(OPPORTUNITY_PAGE.exec(path)?.[1] ?? 0);
    if (!id || id > 2_147_483_647) return undefined;
    const detail = await service.detail(id).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') return undefined;
      throw error;
    });
    if (!detail) return undefined;
    return {
      title: `${detail.name} · Pathways`,
      description: detail.summary ?? `${detail.name} at ${detail.organization.name} on Pathways.`,
      canonical: new URL(opportunityPagePath(detail.id, detail.name), deps.config.appUrl).href,
      jsonLd: detail.jobPosting ?? undefined,
    };
  };
}
