import { sql } from 'drizzle-orm';
import {
  char,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { citext, timestamps } from './columns.ts';
import { institutionKind } from './enums.ts';
import {
  coordinateChecks,
  coordinates,
  countryCheck,
  earthIndex,
  requiredCoordinates,
  trigramIndex,
} from './geo.ts';

// Reference data (institutions, qualifications, subjects, disciplines, competencies, places):
// read by everyone, written by admins and the seed.

export const behavioralCompetencies = pgTable('behavioral_competencies', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: citext().notNull().unique(),
  description: text(),
  ...timestamps,
});

export const disciplines = pgTable('disciplines', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: citext().notNull().unique(),
  ...timestamps,
});

export const institutions = pgTable(
  'institutions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** Short name or acronym ("UCT", "TUT"). */
    abbreviation: text(),
    kind: institutionKind().notNull(),
    /**
     * The Department of Higher Education's classification of a public university: traditional,
     * comprehensive or technology. Null for colleges and schools.
     */
    universityType: text(),
    country: char({ length: 2 }).notNull().default('ZA'),
    city: text(),
    website: text(),
    ...coordinates(),
    ...timestamps,
  },
  (t) => [
    unique('institutions_name_country_unique').on(t.name, t.country),
    index('institutions_kind_idx').on(t.kind),
    trigramIndex('institutions_name_trgm_idx', t.name),
    countryCheck('institutions_country_format', t.country),
    check(
      'institutions_university_type_valid',
      sql`${t.universityType} in ('traditional', 'comprehensive', 'technology')`,
    ),
    ...coordinateChecks('institutions', t),
  ],
);

export const qualificationTypes = pgTable(
  'qualification_types',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: citext().notNull().unique(),
    /** National Qualifications Framework level, 1 to 10. */
    nqfLevel: smallint(),
    /** Display order, lowest first. */
    position: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [check('qualification_types_nqf_level_range', sql`${t.nqfLevel} between 1 and 10`)],
);

export const qualificationCategories = pgTable('qualification_categories', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: citext().notNull().unique(),
  ...timestamps,
});

/** A programme of a type ("Bachelor of Science" + specialization "Computer Science"). */
export const qualifications = pgTable(
  'qualifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    specialization: text().notNull(),
    qualificationTypeId: integer()
      .notNull()
      .references(() => qualificationTypes.id, { onDelete: 'restrict' }),
    qualificationCategoryId: integer().references(() => qualificationCategories.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    unique('qualifications_type_specialization_unique').on(t.qualificationTypeId, t.specialization),
    index('qualifications_category_idx').on(t.qualificationCategoryId),
    trigramIndex('qualifications_specialization_trgm_idx', t.specialization),
  ],
);

/**
 * A subject or module of a qualification type, optionally specific to one institution
 * (`GET /qualification_components?institution=&qualification_type=`). NSC subjects have no institution.
 */
export const qualificationComponents = pgTable(
  'qualification_components',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    code: text(),
    institutionId: integer().references(() => institutions.id, { onDelete: 'cascade' }),
    qualificationTypeId: integer()
      .notNull()
      .references(() => qualificationTypes.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    unique('qualification_components_name_unique')
      .on(t.qualificationTypeId, t.institutionId, t.name)
      .nullsNotDistinct(),
    index('qualification_components_institution_idx').on(t.institutionId),
  ],
);

/** Gazetteer: places for `search/locations` and `locations/{id}`. */
export const locations = pgTable(
  'locations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    address: text().notNull(),
    city: text(),
    province: text(),
    country: char({ length: 2 }).notNull().default('ZA'),
    /** city, town, suburb, township, …: what the place is. */
    kind: text(),
    population: integer(),
    ...requiredCoordinates(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('locations_address_country_unique').on(t.address, t.country),
    trigramIndex('locations_address_trgm_idx', t.address),
    earthIndex('locations_earth_idx', t),
    countryCheck('locations_country_format', t.country),
    ...coordinateChecks('locations', t),
  ],
);

/**
 * The gazetteer place nearest each point of the 5 km grid that a candidate's home is on, the
 * place analytics names where applicants come from by: the nearest place on earthdistance's
 * sphere, the lower id of two at the same distance (the database function `nearest_place`, the
 * one statement of the rule). Kept by the database in the same transaction as every write: a
 * point is added when a home first falls on it, and the points a place added, moved or removed
 * may be nearest to are looked up again. `distance` is the chord to the place, which tells
 * whether a new place is nearer.
 */
export const gridPlaces = pgTable(
  'grid_places',
  {
    gridLatitude: numeric().notNull(),
    gridLongitude: numeric().notNull(),
    locationId: integer().notNull(),
    distance: doublePrecision().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gridLatitude, t.gridLongitude] }),
    index('grid_places_location_idx').on(t.locationId),
  ],
);
