import { LOCATION_SEARCH_LIMIT } from '@pathways/shared/reference/reference.schemas';
import type {
  InstitutionsQuery,
  ListQuery,
  Location,
  LocationSearchResponse,
  QualificationComponentsQuery,
  QualificationsQuery,
} from '@pathways/shared/reference/reference.schemas';

import type { DbOrTx } from '../../db/client.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { createGeocoder, type Geocoder } from './geocoder.ts';
import * as map from './reference.mapper.ts';
import * as repo from './reference.repository.ts';

/** The whole of a short list in the common list shape. */
function whole<T>(items: T[], search: string | undefined) {
  return { items, page: 1, per: Math.max(items.length, 1), total: items.length, search };
}

function paged<R, T>(
  page: repo.Page<R>,
  query: ListQuery,
  toDto: (row: R) => T,
): { items: T[]; page: number; per: number; total: number; search?: string } {
  return {
    items: page.rows.map(toDto),
    page: query.page,
    per: query.per,
    total: page.total,
    search: query.search,
  };
}

async function found<T>(row: Promise<T | undefined>, what: string): Promise<T> {
  const value = await row;
  if (value === undefined) throw notFound(`${what} not found`);
  return value;
}

export interface ReferenceServiceDeps extends Pick<FeatureDeps, 'db' | 'config'> {
  /** Replaces the configured geocoder (tests). */
  geocoder?: Geocoder;
}

export function createReferenceService(deps: ReferenceServiceDeps) {
  const { db, config } = deps;
  const geocoder =
    deps.geocoder ??
    (config.geocoder
      ? createGeocoder(config.geocoder, { userAgent: `Pathways (${config.appUrl})` })
      : undefined);

  /** Geocoder results are stored, so `locations/{id}` answers for them too. */
  async function geocode(term: string): Promise<Location[]> {
    if (!geocoder) return [];
    const places = await geocoder.search(term, LOCATION_SEARCH_LIMIT);
    const unique = new Map(places.map((p) => [`${p.country}|${p.address}`, p]));
    const rows = await db.transaction((tx) => repo.upsertLocations(tx, [...unique.values()]));
    const byKey = new Map(rows.map((r) => [`${r.country}|${r.address}`, r]));
    return [...unique.keys()].flatMap((key) => {
      const row = byKey.get(key);
      return row ? [map.toLocationDto(row)] : [];
    });
  }

  return {
    async behavioralCompetencies(search?: string) {
      const rows = await repo.listBehavioralCompetencies(db, search);
      return whole(rows.map(map.toBehavioralCompetencyDto), search);
    },

    async disciplines(search?: string) {
      return whole((await repo.listDisciplines(db, search)).map(map.toDisciplineDto), search);
    },

    async qualificationCategories(search?: string) {
      const rows = await repo.listQualificationCategories(db, search);
      return whole(rows.map(map.toQualificationCategoryDto), search);
    },

    async qualificationCategory(id: number) {
      const row = await found(repo.findQualificationCategory(db, id), 'Qualification category');
      return map.toQualificationCategoryDto(row);
    },

    async qualificationTypes(search?: string) {
      const rows = await repo.listQualificationTypes(db, search);
      return whole(rows.map(map.toQualificationTypeDto), search);
    },

    async qualificationType(id: number) {
      const row = await found(repo.findQualificationType(db, id), 'Qualification type');
      return map.toQualificationTypeDto(row);
    },

    async institutions(query: InstitutionsQuery) {
      const page = await repo.listInstitutions(
        db,
        { search: query.search, kind: query.kind },
        query,
      );
      return paged(page, query, map.toInstitutionDto);
    },

    async institution(id: number) {
      return map.toInstitutionDto(await found(repo.findInstitution(db, id), 'Institution'));
    },

    async organizations(query: ListQuery) {
      const page = await repo.listOrganizations(db, query.search, query);
      return paged(page, query, map.toOrganizationDto);
    },

    async qualifications(query: QualificationsQuery) {
      const page = await repo.listQualifications(
        db,
        {
          search: query.search,
          typeId: query.qualification_type,
          categoryId: query.qualification_category,
        },
        query,
      );
      return paged(page, query, map.toQualificationDto);
    },

    async qualification(id: number) {
      return map.toQualificationDto(await found(repo.findQualification(db, id), 'Qualification'));
    },

    async qualificationComponents(query: QualificationComponentsQuery) {
      const page = await repo.listQualificationComponents(
        db,
        {
          typeId: query.qualification_type,
          institutionId: query.institution,
          search: query.search,
        },
        query,
      );
      return paged(page, query, map.toQualificationComponentDto);
    },

    async location(id: number) {
      return map.toLocationDto(await found(repo.findLocation(db, id), 'Location'));
    },

    /** The configured geocoder's places, or else the bundled gazetteer's best fuzzy matches. */
    async searchLocations(search: string): Promise<LocationSearchResponse> {
      const items = geocoder
        ? await geocode(search)
        : (await repo.searchLocations(db, search, LOCATION_SEARCH_LIMIT)).map(map.toLocationDto);
      return { items, search };
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;

/** For other features: a stored place by id, or undefined. */
export async function findLocationById(db: DbOrTx, id: number): Promise<Location | undefined> {
  const row = await repo.findLocation(db, id);
  return row ? map.toLocationDto(row) : undefined;
}
