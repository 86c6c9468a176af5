import { and, eq, isNull } from 'drizzle-orm';

import type { Db, DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';
import { placeAddress, places } from './data/places.ts';
import * as ref from './data/reference.ts';
import { insertAll } from './insert.ts';

// Reference data (institutions, qualification types and categories, qualifications, NSC subjects,
// disciplines, behavioural competencies and the place gazetteer) is needed in every deployment,
// not only in the demo. It is inserted idempotently: rows that exist are left alone.

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: missing reference ${what}`);
  return value;
}

/** Name-to-id lookups, case-insensitive like the citext columns they come from. */
export class Lookup {
  readonly #ids = new Map<string, number>();
  constructor(rows: { id: number; name: string | null }[]) {
    for (const row of rows) if (row.name !== null) this.#ids.set(row.name.toLowerCase(), row.id);
  }
  get(name: string): number {
    return must(this.#ids.get(name.toLowerCase()), name);
  }
  find(name: string): number | undefined {
    return this.#ids.get(name.toLowerCase());
  }
}

export interface ReferenceIds {
  competencies: Lookup;
  disciplines: Lookup;
  institutions: (ref.InstitutionSeed & { id: number })[];
  types: Lookup;
  categories: Lookup;
  qualifications: (ref.QualificationSeed & {
    id: number;
    typeId: number;
    categoryId: number;
    nqfLevel: number;
  })[];
  nscTypeId: number;
  /** NSC subjects (qualification components without an institution). */
  subjects: Lookup;
  /** Gazetteer rows by city name. */
  places: Lookup;
}

/** Inserts whatever reference data is missing and returns the ids of all of it. */
export async function ensureReferenceData(db: DbOrTx): Promise<ReferenceIds> {
  await insertAll(
    db,
    s.behavioralCompetencies,
    ref.behavioralCompetencies.map(([name, description]) => ({ name, description })),
    { ignoreConflicts: true },
  );
  await insertAll(
    db,
    s.disciplines,
    ref.disciplines.map((name) => ({ name })),
    { ignoreConflicts: true },
  );
  const institutionSeeds = [...ref.universities, ...ref.tvetColleges, ...ref.schools];
  await insertAll(
    db,
    s.institutions,
    institutionSeeds.map((inst) => ({
      name: inst.name,
      abbreviation: inst.abbreviation,
      kind: inst.kind,
      country: 'ZA',
      city: inst.city,
      website: inst.website ?? null,
      latitude: inst.latitude,
      longitude: inst.longitude,
    })),
    { ignoreConflicts: true },
  );
  await insertAll(
    db,
    s.qualificationTypes,
    ref.qualificationTypes.map((t, position) => ({ name: t.name, nqfLevel: t.nqfLevel, position })),
    { ignoreConflicts: true },
  );
  await insertAll(
    db,
    s.qualificationCategories,
    ref.qualificationCategories.map((name) => ({ name })),
    { ignoreConflicts: true },
  );
  const types = new Lookup(
    await db
      .select({ id: s.qualificationTypes.id, name: s.qualificationTypes.name })
      .from(s.qualificationTypes),
  );
  const categories = new Lookup(
    await db
      .select({ id: s.qualificationCategories.id, name: s.qualificationCategories.name })
      .from(s.qualificationCategories),
  );
  await insertAll(
    db,
    s.qualifications,
    ref.qualifications.map((q) => ({
      specialization: q.specialization,
      qualificationTypeId: types.get(q.type),
      qualificationCategoryId: categories.get(q.category),
    })),
    { ignoreConflicts: true },
  );
  const institutionRows = new Lookup(
    await db
      .select({ id: s.institutions.id, name: s.institutions.name })
      .from(s.institutions)
      .where(eq(s.institutions.country, 'ZA')),
  );
  const institutions = institutionSeeds.map((inst) => ({
    ...inst,
    id: institutionRows.get(inst.name),
  }));
  const nscTypeId = types.get('National Senior Certificate');
  const bachelorTypeId = types.get("Bachelor's Degree");
  await insertAll(
    db,
    s.qualificationComponents,
    [
      ...ref.nscSubjects.map((name) => ({
        name,
        qualificationTypeId: nscTypeId,
        institutionId: null,
      })),
      ...ref.institutionModules.flatMap(({ institution, modules }) =>
        modules.map((name) => ({
          name,
          institutionId: institutionRows.get(institution),
          qualificationTypeId: bachelorTypeId,
        })),
      ),
    ],
    { ignoreConflicts: true },
  );
  await insertAll(
    db,
    s.locations,
    places.map((p) => ({
      address: placeAddress(p),
      city: p.city,
      province: p.province,
      country: 'ZA',
      kind: p.kind,
      population: p.population ?? null,
      latitude: p.latitude,
      longitude: p.longitude,
    })),
    { ignoreConflicts: true },
  );

  const qualificationRows = await db
    .select({
      id: s.qualifications.id,
      typeId: s.qualifications.qualificationTypeId,
      specialization: s.qualifications.specialization,
    })
    .from(s.qualifications);
  const qualificationId = (typeId: number, specialization: string) =>
    must(
      qualificationRows.find((r) => r.typeId === typeId && r.specialization === specialization)?.id,
      specialization,
    );
  const placeRows = await db
    .select({ id: s.locations.id, name: s.locations.address })
    .from(s.locations)
    .where(eq(s.locations.country, 'ZA'));
  const placeIds = new Lookup(placeRows);
  return {
    competencies: new Lookup(
      await db
        .select({ id: s.behavioralCompetencies.id, name: s.behavioralCompetencies.name })
        .from(s.behavioralCompetencies),
    ),
    disciplines: new Lookup(
      await db.select({ id: s.disciplines.id, name: s.disciplines.name }).from(s.disciplines),
    ),
    institutions,
    types,
    categories,
    qualifications: ref.qualifications.map((q) => {
      const typeId = types.get(q.type);
      return {
        ...q,
        id: qualificationId(typeId, q.specialization),
        typeId,
        categoryId: categories.get(q.category),
        nqfLevel: must(
          ref.qualificationTypes.find((t) => t.name === q.type),
          q.type,
        ).nqfLevel,
      };
    }),
    nscTypeId,
    subjects: new Lookup(
      await db
        .select({ id: s.qualificationComponents.id, name: s.qualificationComponents.name })
        .from(s.qualificationComponents)
        .where(
          and(
            eq(s.qualificationComponents.qualificationTypeId, nscTypeId),
            isNull(s.qualificationComponents.institutionId),
          ),
        ),
    ),
    places: new Lookup(
      places.flatMap((p) => {
        const id = placeIds.find(placeAddress(p));
        return id === undefined ? [] : [{ id, name: p.city }];
      }),
    ),
  };
}

/**
 * Inserts the reference data every deployment needs (also in production), leaving existing rows
 * alone. Safe to run at every start.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureReferenceData(tx);
  });
}
