import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { Db, DbOrTx } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { GAZETTEER_COUNTRIES, gazetteerPlaces } from './data/gazetteer.ts';
import { placeAddress, places } from './data/places.ts';
import * as ref from './data/reference.ts';
import { insertAll } from './insert.ts';

// Reference data (institutions, qualification types and categories, qualifications, NSC subjects,
// disciplines, behavioural competencies and the place gazetteer) is needed in every deployment,
// not only in the demo. It is inserted idempotently: rows that exist are left alone, except the
// seed's own facts about institutions, which are brought up to date.

const REFERENCE_SEED_LOCK_KEY = 7_420_612;

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
  // Institutions are upserted: the seed owns their facts (kind, classification, town, website), so
  // a corrected fact reaches databases seeded before it, and only rows that differ are written.
  const owned = {
    abbreviation: 'abbreviation',
    kind: 'kind',
    universityType: 'university_type',
    city: 'city',
    website: 'website',
    latitude: 'latitude',
    longitude: 'longitude',
  } as const;
  const columns = Object.keys(owned) as (keyof typeof owned)[];
  const excluded = (column: keyof typeof owned) => sql`excluded.${sql.identifier(owned[column])}`;
  await db
    .insert(s.institutions)
    .values(
      institutionSeeds.map((inst) => ({
        name: inst.name,
        abbreviation: inst.abbreviation ?? null,
        kind: inst.kind,
        universityType: inst.universityType ?? null,
        country: 'ZA',
        city: inst.city,
        website: inst.website ?? null,
        latitude: inst.latitude,
        longitude: inst.longitude,
      })),
    )
    .onConflictDoUpdate({
      target: [s.institutions.name, s.institutions.country],
      set: Object.fromEntries(columns.map((column) => [column, excluded(column)])),
      setWhere: sql.join(
        columns.map(
          (column) => sql`${s.institutions[column]} is distinct from ${excluded(column)}`,
        ),
        sql` or `,
      ),
    });
  // Types are upserted too: their NQF level and display order are the seed's.
  await db
    .insert(s.qualificationTypes)
    .values(
      ref.qualificationTypes.map((t, position) => ({
        name: t.name,
        nqfLevel: t.nqfLevel,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: s.qualificationTypes.name,
      set: { nqfLevel: sql`excluded.nqf_level`, position: sql`excluded.position` },
      setWhere: sql`(${s.qualificationTypes.nqfLevel}, ${s.qualificationTypes.position}) is distinct from (excluded.nqf_level, excluded.position)`,
    });
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
  // The gazetteer: curated places and the maintained GeoNames extract (about 1 400 rows). Only
  // places not stored yet are sent, so a restart writes nothing.
  const stored = new Set(
    (
      await db
        .select({ address: s.locations.address, country: s.locations.country })
        .from(s.locations)
        .where(inArray(s.locations.country, [...GAZETTEER_COUNTRIES]))
    ).map((l) => `${l.country}|${l.address}`),
  );
  await insertAll(
    db,
    s.locations,
    gazetteerPlaces().filter((p) => !stored.has(`${p.country}|${p.address}`)),
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
    // Two API processes starting together seed one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERENCE_SEED_LOCK_KEY})`);
    await ensureReferenceData(tx);
  });
}
