import { and, asc, eq, inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  achievements,
  affiliations,
  disciplines,
  experiences,
  institutions,
  languageProficiencies,
  profileQualificationComponents,
  profileQualificationDisciplines,
  profileQualifications,
  qualificationCategories,
  qualificationComponents,
  qualifications,
  qualificationTypes,
  studyRights,
  workRights,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------- simple sections

/** The sections that are one row each, owned through `profileId`. */
const simpleTables = {
  experiences,
  achievements,
  affiliations,
  languageProficiencies,
  studyRights,
  workRights,
};
export type SimpleSection = keyof typeof simpleTables;
export type SectionRow<S extends SimpleSection> = (typeof simpleTables)[S]['$inferSelect'];
export type SectionInsert<S extends SimpleSection> = (typeof simpleTables)[S]['$inferInsert'];

// Drizzle cannot type one query over a union of tables; every section shares `id` and
// `profileId`, so the queries go through this one shape and the results are typed per section.
type AnyTable = typeof experiences;
const tableOf = (section: SimpleSection) => simpleTables[section] as unknown as AnyTable;

export async function listSection<S extends SimpleSection>(
  db: DbOrTx,
  section: S,
  profileId: number,
): Promise<SectionRow<S>[]> {
  const t = tableOf(section);
  const rows = await db.select().from(t).where(eq(t.profileId, profileId)).orderBy(asc(t.id));
  return rows as unknown as SectionRow<S>[];
}

export async function insertSection<S extends SimpleSection>(
  db: DbOrTx,
  section: S,
  values: SectionInsert<S>,
): Promise<SectionRow<S>> {
  const t = tableOf(section);
  const [row] = await db
    .insert(t)
    .values(values as unknown as AnyTable['$inferInsert'])
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row as unknown as SectionRow<S>;
}

export async function findSection<S extends SimpleSection>(
  db: DbOrTx,
  section: S,
  profileId: number,
  id: number,
): Promise<SectionRow<S> | undefined> {
  const t = tableOf(section);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.profileId, profileId)))
    .limit(1);
  return row as unknown as SectionRow<S> | undefined;
}

/** Updates the row if this profile owns it; undefined otherwise. */
export async function updateSection<S extends SimpleSection>(
  db: DbOrTx,
  section: S,
  profileId: number,
  id: number,
  values: Partial<SectionInsert<S>>,
): Promise<SectionRow<S> | undefined> {
  const t = tableOf(section);
  const [row] = await db
    .update(t)
    .set({ ...(values as Partial<AnyTable['$inferInsert']>), updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.profileId, profileId)))
    .returning();
  return row as unknown as SectionRow<S> | undefined;
}

/** Deletes the row if this profile owns it; false otherwise. */
export async function deleteSection(
  db: DbOrTx,
  section: SimpleSection,
  profileId: number,
  id: number,
): Promise<boolean> {
  const t = tableOf(section);
  const rows = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.profileId, profileId)))
    .returning({ id: t.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- profile qualifications

export type ProfileQualificationRow = typeof profileQualifications.$inferSelect;
export type ProfileQualificationInsert = typeof profileQualifications.$inferInsert;
export type ComponentRow = typeof profileQualificationComponents.$inferSelect;

/** A profile qualification with the reference rows it points at. */
export interface QualificationDetail {
  row: ProfileQualificationRow;
  institution: { id: number; name: string; kind: string } | null;
  qualification: { id: number; specialization: string } | null;
  type: { id: number; name: string; nqfLevel: number | null } | null;
  category: { id: number; name: string } | null;
  disciplines: { id: number; name: string }[];
  components: ComponentDetail[];
}

export interface ComponentDetail {
  row: ComponentRow;
  reference: { id: number; name: string; code: string | null } | null;
}

/**
 * The profile's qualifications (or the one `onlyId`) with their references, disciplines and
 * components: three queries whatever the count.
 */
export async function loadQualifications(
  db: DbOrTx,
  profileId: number,
  onlyId?: number,
): Promise<QualificationDetail[]> {
  const pq = profileQualifications;
  const rows = await db
    .select({
      row: pq,
      institutionId: institutions.id,
      institutionName: institutions.name,
      institutionKind: institutions.kind,
      qualificationId: qualifications.id,
      specialization: qualifications.specialization,
      typeId: qualificationTypes.id,
      typeName: qualificationTypes.name,
      nqfLevel: qualificationTypes.nqfLevel,
      categoryId: qualificationCategories.id,
      categoryName: qualificationCategories.name,
    })
    .from(pq)
    .leftJoin(institutions, eq(institutions.id, pq.institutionId))
    .leftJoin(qualifications, eq(qualifications.id, pq.qualificationId))
    .leftJoin(qualificationTypes, eq(qualificationTypes.id, pq.qualificationTypeId))
    .leftJoin(qualificationCategories, eq(qualificationCategories.id, pq.qualificationCategoryId))
    .where(
      onlyId === undefined
        ? eq(pq.profileId, profileId)
        : and(eq(pq.profileId, profileId), eq(pq.id, onlyId)),
    )
    .orderBy(asc(pq.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.row.id);
  const disciplineRows = await db
    .select({
      profileQualificationId: profileQualificationDisciplines.profileQualificationId,
      id: disciplines.id,
      name: disciplines.name,
    })
    .from(profileQualificationDisciplines)
    .innerJoin(disciplines, eq(disciplines.id, profileQualificationDisciplines.disciplineId))
    .where(inArray(profileQualificationDisciplines.profileQualificationId, ids))
    .orderBy(asc(disciplines.name));
  const components = await loadComponents(db, ids);
  return rows.map((r) => ({
    row: r.row,
    institution:
      r.institutionId !== null
        ? { id: r.institutionId, name: r.institutionName!, kind: r.institutionKind! }
        : null,
    qualification:
      r.qualificationId !== null
        ? { id: r.qualificationId, specialization: r.specialization! }
        : null,
    type: r.typeId !== null ? { id: r.typeId, name: r.typeName!, nqfLevel: r.nqfLevel } : null,
    category: r.categoryId !== null ? { id: r.categoryId, name: r.categoryName! } : null,
    disciplines: disciplineRows
      .filter((d) => d.profileQualificationId === r.row.id)
      .map(({ id, name }) => ({ id, name })),
    components: components.filter((c) => c.row.profileQualificationId === r.row.id),
  }));
}

/** The components of these profile qualifications (or only `onlyId`) with their references. */
export async function loadComponents(
  db: DbOrTx,
  profileQualificationIds: number[],
  onlyId?: number,
): Promise<ComponentDetail[]> {
  if (profileQualificationIds.length === 0) return [];
  const c = profileQualificationComponents;
  const rows = await db
    .select({
      row: c,
      referenceId: qualificationComponents.id,
      referenceName: qualificationComponents.name,
      referenceCode: qualificationComponents.code,
    })
    .from(c)
    .leftJoin(qualificationComponents, eq(qualificationComponents.id, c.qualificationComponentId))
    .where(
      onlyId === undefined
        ? inArray(c.profileQualificationId, profileQualificationIds)
        : and(inArray(c.profileQualificationId, profileQualificationIds), eq(c.id, onlyId)),
    )
    .orderBy(asc(c.id));
  return rows.map((r) => ({
    row: r.row,
    reference:
      r.referenceId !== null
        ? { id: r.referenceId, name: r.referenceName!, code: r.referenceCode }
        : null,
  }));
}

export async function findQualification(
  db: DbOrTx,
  profileId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ProfileQualificationRow | undefined> {
  const pq = profileQualifications;
  const query = db
    .select()
    .from(pq)
    .where(and(eq(pq.id, id), eq(pq.profileId, profileId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertQualification(
  db: DbOrTx,
  values: ProfileQualificationInsert,
): Promise<ProfileQualificationRow> {
  const [row] = await db.insert(profileQualifications).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateQualification(
  db: DbOrTx,
  id: number,
  values: Partial<ProfileQualificationInsert>,
): Promise<void> {
  await db
    .update(profileQualifications)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(profileQualifications.id, id));
}

export async function deleteQualification(db: DbOrTx, profileId: number, id: number) {
  const rows = await db
    .delete(profileQualifications)
    .where(and(eq(profileQualifications.id, id), eq(profileQualifications.profileId, profileId)))
    .returning({ id: profileQualifications.id });
  return rows.length > 0;
}

export async function replaceDisciplines(
  db: DbOrTx,
  profileQualificationId: number,
  disciplineIds: number[],
): Promise<void> {
  await db
    .delete(profileQualificationDisciplines)
    .where(eq(profileQualificationDisciplines.profileQualificationId, profileQualificationId));
  if (disciplineIds.length === 0) return;
  await db
    .insert(profileQualificationDisciplines)
    .values(disciplineIds.map((disciplineId) => ({ profileQualificationId, disciplineId })));
}

export async function insertComponent(
  db: DbOrTx,
  values: typeof profileQualificationComponents.$inferInsert,
): Promise<ComponentRow> {
  const [row] = await db.insert(profileQualificationComponents).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateComponent(
  db: DbOrTx,
  profileQualificationId: number,
  id: number,
  values: Partial<typeof profileQualificationComponents.$inferInsert>,
): Promise<ComponentRow | undefined> {
  const c = profileQualificationComponents;
  const [row] = await db
    .update(c)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(c.id, id), eq(c.profileQualificationId, profileQualificationId)))
    .returning();
  return row;
}

export async function deleteComponent(db: DbOrTx, profileQualificationId: number, id: number) {
  const c = profileQualificationComponents;
  const rows = await db
    .delete(c)
    .where(and(eq(c.id, id), eq(c.profileQualificationId, profileQualificationId)))
    .returning({ id: c.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- reference checks

export interface ReferenceIds {
  institutionId?: number | null;
  qualificationId?: number | null;
  qualificationTypeId?: number | null;
  qualificationCategoryId?: number | null;
  disciplineIds?: number[];
}

/** The reference rows these ids name (missing ones are absent), in one query per kind named. */
export async function findReferences(db: DbOrTx, ids: ReferenceIds) {
  const one = async <T>(id: number | null | undefined, load: (id: number) => Promise<T[]>) =>
    id == null ? undefined : ((await load(id))[0] ?? null);
  const institution = await one(ids.institutionId, (id) =>
    db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, id)),
  );
  const qualification = await one(ids.qualificationId, (id) =>
    db
      .select({
        id: qualifications.id,
        typeId: qualifications.qualificationTypeId,
        categoryId: qualifications.qualificationCategoryId,
      })
      .from(qualifications)
      .where(eq(qualifications.id, id)),
  );
  const type = await one(ids.qualificationTypeId, (id) =>
    db
      .select({ id: qualificationTypes.id })
      .from(qualificationTypes)
      .where(eq(qualificationTypes.id, id)),
  );
  const category = await one(ids.qualificationCategoryId, (id) =>
    db
      .select({ id: qualificationCategories.id })
      .from(qualificationCategories)
      .where(eq(qualificationCategories.id, id)),
  );
  const disciplineIds =
    ids.disciplineIds && ids.disciplineIds.length > 0
      ? (
          await db
            .select({ id: disciplines.id })
            .from(disciplines)
            .where(inArray(disciplines.id, ids.disciplineIds))
        ).map((d) => d.id)
      : [];
  return { institution, qualification, type, category, disciplineIds };
}

export async function findQualificationComponent(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: qualificationComponents.id,
      qualificationTypeId: qualificationComponents.qualificationTypeId,
    })
    .from(qualificationComponents)
    .where(eq(qualificationComponents.id, id))
    .limit(1);
  return row;
}
