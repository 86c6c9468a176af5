import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../../db/client.ts';
import {
  behavioralCompetencies,
  disciplines,
  institutions,
  locations,
  organizations,
  qualificationCategories,
  qualificationComponents,
  qualifications,
  qualificationTypes,
} from '../../db/schema/index.ts';
import { containsPattern, escapeLike } from '../../db/like.ts';

export type BehavioralCompetencyRow = typeof behavioralCompetencies.$inferSelect;
export type DisciplineRow = typeof disciplines.$inferSelect;
export type InstitutionRow = typeof institutions.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type QualificationTypeRow = typeof qualificationTypes.$inferSelect;
export type QualificationCategoryRow = typeof qualificationCategories.$inferSelect;
export type QualificationComponentRow = typeof qualificationComponents.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type NewLocation = typeof locations.$inferInsert;

export interface Paging {
  page: number;
  per: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

// citext columns are compared as text, so ILIKE can use a trigram index (citext ILIKE scans).
const asText = (column: PgColumn) => sql`${column}::text`;
const contains = (column: PgColumn, term: string) =>
  sql`${asText(column)} ilike ${containsPattern(term)}`;
const startsWith = (column: PgColumn, term: string) =>
  sql`${asText(column)} ilike ${`${escapeLike(term)}%`}`;

/** Names that start with the term come before names that only contain it. */
const prefixFirst = (column: PgColumn, term: string | undefined): SQL[] =>
  term ? [sql`(${startsWith(column, term)}) desc`] : [];

async function paged<T>(
  db: DbOrTx,
  query: PgSelect,
  where: SQL | undefined,
  from: PgTable,
  paging: Paging,
): Promise<Page<T>> {
  const [rows, [totals]] = await Promise.all([
    query.limit(paging.per).offset((paging.page - 1) * paging.per) as unknown as Promise<T[]>,
    db.select({ total: count() }).from(from).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

// ---------------------------------------------------------------- short lists, answered whole

/** The short lists ordered by name, names starting with the search first. */
type NamedTable =
  typeof behavioralCompetencies | typeof disciplines | typeof qualificationCategories;

async function listByName<T extends NamedTable>(
  db: DbOrTx,
  t: T,
  search?: string,
): Promise<T['$inferSelect'][]> {
  const table: NamedTable = t;
  return db
    .select()
    .from(table)
    .where(search ? contains(table.name, search) : undefined)
    .orderBy(...prefixFirst(table.name, search), asc(table.name));
}

export const listBehavioralCompetencies = (
  db: DbOrTx,
  search?: string,
): Promise<BehavioralCompetencyRow[]> => listByName(db, behavioralCompetencies, search);

export const listDisciplines = (db: DbOrTx, search?: string): Promise<DisciplineRow[]> =>
  listByName(db, disciplines, search);

export const listQualificationCategories = (
  db: DbOrTx,
  search?: string,
): Promise<QualificationCategoryRow[]> => listByName(db, qualificationCategories, search);

/** Types in their display order, NSC first and doctorates last. */
export async function listQualificationTypes(
  db: DbOrTx,
  search?: string,
): Promise<QualificationTypeRow[]> {
  const t = qualificationTypes;
  return db
    .select()
    .from(t)
    .where(search ? contains(t.name, search) : undefined)
    .orderBy(...prefixFirst(t.name, search), asc(t.position), asc(t.nqfLevel), asc(t.id));
}

// ---------------------------------------------------------------- long lists, paged

export async function listInstitutions(
  db: DbOrTx,
  filter: { search?: string; kind?: InstitutionRow['kind'] },
  paging: Paging,
): Promise<Page<InstitutionRow>> {
  const t = institutions;
  const { search, kind } = filter;
  const where = and(
    kind ? eq(t.kind, kind) : undefined,
    search
      ? or(contains(t.name, search), sql`${t.abbreviation} ilike ${escapeLike(search)}`)
      : undefined,
  );
  const query = db
    .select()
    .from(t)
    .where(where)
    .orderBy(
      // "UCT" finds the University of Cape Town first.
      ...(search ? [sql`(${t.abbreviation} ilike ${escapeLike(search)}) desc`] : []),
      ...prefixFirst(t.name, search),
      asc(t.name),
      asc(t.id),
    )
    .$dynamic();
  return paged(db, query, where, t, paging);
}

export async function listOrganizations(
  db: DbOrTx,
  search: string | undefined,
  paging: Paging,
): Promise<Page<OrganizationRow>> {
  const t = organizations;
  const where = search ? contains(t.name, search) : undefined;
  const query = db
    .select()
    .from(t)
    .where(where)
    .orderBy(...prefixFirst(t.name, search), asc(t.name), asc(t.id))
    .$dynamic();
  return paged(db, query, where, t, paging);
}

const qualificationColumns = {
  id: qualifications.id,
  specialization: qualifications.specialization,
  qualificationType: {
    id: qualificationTypes.id,
    name: qualificationTypes.name,
    nqfLevel: qualificationTypes.nqfLevel,
  },
  categoryId: qualificationCategories.id,
  categoryName: qualificationCategories.name,
};

export interface QualificationRow {
  id: number;
  specialization: string;
  qualificationType: { id: number; name: string; nqfLevel: number | null };
  categoryId: number | null;
  categoryName: string | null;
}

function qualificationSelect(db: DbOrTx) {
  return db
    .select(qualificationColumns)
    .from(qualifications)
    .innerJoin(qualificationTypes, eq(qualificationTypes.id, qualifications.qualificationTypeId))
    .leftJoin(
      qualificationCategories,
      eq(qualificationCategories.id, qualifications.qualificationCategoryId),
    );
}

export async function listQualifications(
  db: DbOrTx,
  filter: { search?: string; typeId?: number; categoryId?: number },
  paging: Paging,
): Promise<Page<QualificationRow>> {
  const t = qualifications;
  const { search, typeId, categoryId } = filter;
  const where = and(
    search ? contains(t.specialization, search) : undefined,
    typeId ? eq(t.qualificationTypeId, typeId) : undefined,
    categoryId ? eq(t.qualificationCategoryId, categoryId) : undefined,
  );
  const query = qualificationSelect(db)
    .where(where)
    .orderBy(...prefixFirst(t.specialization, search), asc(t.specialization), asc(t.id))
    .$dynamic();
  return paged(db, query, where, t, paging);
}

/**
 * The components of a qualification type: those every institution shares (no institution) and,
 * when an institution is given, that institution's own.
 */
export async function listQualificationComponents(
  db: DbOrTx,
  filter: { typeId: number; institutionId?: number; search?: string },
  paging: Paging,
): Promise<Page<QualificationComponentRow>> {
  const t = qualificationComponents;
  const { typeId, institutionId, search } = filter;
  const where = and(
    eq(t.qualificationTypeId, typeId),
    institutionId
      ? or(isNull(t.institutionId), eq(t.institutionId, institutionId))
      : isNull(t.institutionId),
    search ? contains(t.name, search) : undefined,
  );
  const query = db
    .select()
    .from(t)
    .where(where)
    .orderBy(...prefixFirst(t.name, search), asc(t.name), asc(t.id))
    .$dynamic();
  return paged(db, query, where, t, paging);
}

// ---------------------------------------------------------------- one row by id

export async function findBehavioralCompetency(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(behavioralCompetencies)
    .where(eq(behavioralCompetencies.id, id));
  return row;
}

export async function findInstitution(db: DbOrTx, id: number): Promise<InstitutionRow | undefined> {
  const [row] = await db.select().from(institutions).where(eq(institutions.id, id));
  return row;
}

export async function findQualification(
  db: DbOrTx,
  id: number,
): Promise<QualificationRow | undefined> {
  const [row] = await qualificationSelect(db).where(eq(qualifications.id, id));
  return row;
}

export async function findQualificationType(
  db: DbOrTx,
  id: number,
): Promise<QualificationTypeRow | undefined> {
  const [row] = await db.select().from(qualificationTypes).where(eq(qualificationTypes.id, id));
  return row;
}

export async function findQualificationCategory(
  db: DbOrTx,
  id: number,
): Promise<QualificationCategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(qualificationCategories)
    .where(eq(qualificationCategories.id, id));
  return row;
}

export async function findLocation(db: DbOrTx, id: number): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row;
}

// ---------------------------------------------------------------- places

/**
 * The gazetteer's best matches for a place search, with pg_trgm. Candidates contain the term or are
 * word-similar to it (`<%`, which the trigram index serves); of those, a place is kept when its
 * address contains the term, its name is close to it ("Johanesburg" is Johannesburg) or its whole
 * address is very close ("Johanesburg Gauteng"), so "Cape To" does not bring every place in the
 * Eastern Cape. Ranking: names or addresses starting with the term first ("Cape To" is Cape Town),
 * then closeness of the name in steps of 0.1, bigger places first, then closeness of the address.
 */
export async function searchLocations(
  db: DbOrTx,
  term: string,
  limit: number,
): Promise<LocationRow[]> {
  const t = locations;
  const prefix = `${escapeLike(term)}%`;
  const name = sql`coalesce(${t.city}, ${t.address})`;
  const nameSimilarity = sql`word_similarity(${term}, ${name})`;
  const addressSimilarity = sql`word_similarity(${term}, ${t.address})`;
  const inAddress = contains(t.address, term);
  // "Capetown" and "Port Elizabeth" typed without or with spaces still find the place.
  const squashed = sql`replace(${name}, ' ', '') ilike ${`${escapeLike(term.replaceAll(' ', ''))}%`}`;
  return db
    .select()
    .from(t)
    .where(
      and(
        or(inAddress, squashed, sql`${term} <% ${t.address}`),
        or(inAddress, squashed, sql`${nameSimilarity} >= 0.5`, sql`${addressSimilarity} >= 0.75`),
      ),
    )
    .orderBy(
      sql`(${name} ilike ${prefix} or ${t.address} ilike ${prefix} or ${squashed}) desc`,
      sql`round((${nameSimilarity})::numeric, 1) desc`,
      sql`${t.population} desc nulls last`,
      sql`${addressSimilarity} desc`,
      sql`length(${t.address})`,
      asc(t.address),
      asc(t.id),
    )
    .limit(limit);
}

/**
 * Stores places a geocoder returned (by address and country) and answers their rows; a place
 * already stored gets the geocoder's current coordinates.
 */
export async function upsertLocations(db: DbOrTx, values: NewLocation[]): Promise<LocationRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(locations)
    .values(values)
    .onConflictDoUpdate({
      target: [locations.address, locations.country],
      set: {
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        city: sql`coalesce(excluded.city, ${locations.city})`,
        province: sql`coalesce(excluded.province, ${locations.province})`,
        kind: sql`coalesce(excluded.kind, ${locations.kind})`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
}
