import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { users } from './core.ts';
import { citext, timestamps } from './columns.ts';
import {
  ethnicityEnum,
  experienceKind,
  genderEnum,
  languageLevel,
  qualificationStatus,
  rightKind,
} from './enums.ts';
import { coordinateChecks, coordinates, countryCheck, earthIndex, trigramIndex } from './geo.ts';
import {
  behavioralCompetencies,
  disciplines,
  institutions,
  qualificationCategories,
  qualificationComponents,
  qualificationTypes,
  qualifications,
} from './reference.ts';

/** A candidate's profile: one per candidate user. */
export const candidateProfiles = pgTable(
  'candidate_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO 3166-1 alpha-2. */
    countryOfBirth: char({ length: 2 }),
    /** National ID or passport number, validated per country (a South African ID by its checksum). */
    identification: text(),
    firstNames: text(),
    lastName: text(),
    bornAt: date({ mode: 'string' }),
    gender: genderEnum(),
    ethnicity: ethnicityEnum(),
    /** null: not stated yet. */
    disability: boolean(),
    disabilityDescription: text(),
    biography: text(),
    mobileNumber: text(),
    /** null: not stated yet. */
    driversLicense: boolean(),
    /** Where the candidate lives: a free address and its coordinates. */
    address: text(),
    ...coordinates(),
    /**
     * The home rounded to a grid of 0.05 degrees (about 5 km), the unit analytics look places up
     * by: kept by the database with the coordinates.
     */
    gridLatitude: numeric().generatedAlwaysAs(sql`round(latitude::numeric * 20) / 20`),
    gridLongitude: numeric().generatedAlwaysAs(sql`round(longitude::numeric * 20) / 20`),
    /** Server-side validation problems kept on the profile (`errors.identification`, ...). */
    errors: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    /** Profile completion in percent, kept up to date by the profile service. */
    completion: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // One identification per country; profiles without one do not collide.
    uniqueIndex('candidate_profiles_identification_unique')
      .on(t.countryOfBirth, t.identification)
      .where(sql`identification is not null`),
    earthIndex('candidate_profiles_earth_idx', t),
    trigramIndex('candidate_profiles_first_names_trgm_idx', t.firstNames),
    trigramIndex('candidate_profiles_last_name_trgm_idx', t.lastName),
    index('candidate_profiles_updated_at_idx').on(t.updatedAt),
    countryCheck('candidate_profiles_country_of_birth_format', t.countryOfBirth),
    check('candidate_profiles_completion_range', sql`${t.completion} between 0 and 100`),
    ...coordinateChecks('candidate_profiles', t),
  ],
);

const profileId = () =>
  integer()
    .notNull()
    .references(() => candidateProfiles.id, { onDelete: 'cascade' });

/** Work or volunteering experience. */
export const experiences = pgTable(
  'experiences',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileId: profileId(),
    kind: experienceKind().notNull().default('work'),
    title: text().notNull(),
    organizationName: text().notNull(),
    startsAt: date({ mode: 'string' }),
    endsAt: date({ mode: 'string' }),
    current: boolean().notNull().default(false),
    description: text(),
    ...timestamps,
  },
  (t) => [
    index('experiences_profile_idx').on(t.profileId),
    check('experiences_dates_ordered', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

/** A qualification the candidate holds, studies towards or intends to study. */
export const profileQualifications = pgTable(
  'profile_qualifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileId: profileId(),
    institutionId: integer().references(() => institutions.id, { onDelete: 'set null' }),
    /** The institution's name when it is not in the reference list. */
    institutionName: text(),
    qualificationId: integer().references(() => qualifications.id, { onDelete: 'set null' }),
    qualificationTypeId: integer().references(() => qualificationTypes.id, {
      onDelete: 'set null',
    }),
    qualificationCategoryId: integer().references(() => qualificationCategories.id, {
      onDelete: 'set null',
    }),
    startsAt: date({ mode: 'string' }),
    endsAt: date({ mode: 'string' }),
    /** Explicit status; when null, derive it from the dates and now. */
    status: qualificationStatus(),
    /** Average mark normalised to 0-100. */
    gradeNormalized: numeric({ precision: 5, scale: 2, mode: 'number' }),
    verifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('profile_qualifications_profile_idx').on(t.profileId),
    index('profile_qualifications_institution_idx').on(t.institutionId),
    index('profile_qualifications_type_idx').on(t.qualificationTypeId),
    index('profile_qualifications_category_idx').on(t.qualificationCategoryId),
    index('profile_qualifications_qualification_idx').on(t.qualificationId),
    check('profile_qualifications_grade_range', sql`${t.gradeNormalized} between 0 and 100`),
    check('profile_qualifications_dates_ordered', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

export const profileQualificationDisciplines = pgTable(
  'profile_qualification_disciplines',
  {
    profileQualificationId: integer()
      .notNull()
      .references(() => profileQualifications.id, { onDelete: 'cascade' }),
    disciplineId: integer()
      .notNull()
      .references(() => disciplines.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.profileQualificationId, t.disciplineId] }),
    index('profile_qualification_disciplines_discipline_idx').on(t.disciplineId),
  ],
);

/** A subject or module of a profile qualification with its mark (an NSC subject, say). */
export const profileQualificationComponents = pgTable(
  'profile_qualification_components',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileQualificationId: integer()
      .notNull()
      .references(() => profileQualifications.id, { onDelete: 'cascade' }),
    qualificationComponentId: integer().references(() => qualificationComponents.id, {
      onDelete: 'set null',
    }),
    /** The component's name when it is not in the reference list. */
    name: text(),
    /** Percentage mark. */
    mark: numeric({ precision: 5, scale: 2, mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    unique('profile_qualification_components_component_unique').on(
      t.profileQualificationId,
      t.qualificationComponentId,
    ),
    index('profile_qualification_components_component_idx').on(t.qualificationComponentId),
    check('profile_qualification_components_mark_range', sql`${t.mark} between 0 and 100`),
    check(
      'profile_qualification_components_named',
      sql`${t.qualificationComponentId} is not null or ${t.name} is not null`,
    ),
  ],
);

export const achievements = pgTable(
  'achievements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileId: profileId(),
    title: text().notNull(),
    description: text(),
    achievedAt: date({ mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('achievements_profile_idx').on(t.profileId)],
);

/** Membership of a society, club or professional body. */
export const affiliations = pgTable(
  'affiliations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileId: profileId(),
    organizationName: text().notNull(),
    role: text(),
    startsAt: date({ mode: 'string' }),
    endsAt: date({ mode: 'string' }),
    description: text(),
    ...timestamps,
  },
  (t) => [
    index('affiliations_profile_idx').on(t.profileId),
    check('affiliations_dates_ordered', sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

export const languageProficiencies = pgTable(
  'language_proficiencies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileId: profileId(),
    /** The language's English name ("English", "isiZulu"). */
    language: citext().notNull(),
    reading: languageLevel(),
    writing: languageLevel(),
    speaking: languageLevel(),
    ...timestamps,
  },
  (t) => [unique('language_proficiencies_profile_language_unique').on(t.profileId, t.language)],
);

/** The right to study in a country. */
export const studyRights = pgTable(
  'study_rights',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileId: profileId(),
    countryCode: char({ length: 2 }).notNull(),
    kind: rightKind().notNull(),
    validUntil: date({ mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    unique('study_rights_profile_country_unique').on(t.profileId, t.countryCode),
    countryCheck('study_rights_country_format', t.countryCode),
  ],
);

/** The right to work in a country. */
export const workRights = pgTable(
  'work_rights',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileId: profileId(),
    countryCode: char({ length: 2 }).notNull(),
    kind: rightKind().notNull(),
    validUntil: date({ mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    unique('work_rights_profile_country_unique').on(t.profileId, t.countryCode),
    countryCheck('work_rights_country_format', t.countryCode),
  ],
);

/** Psychometric assessment results: one aggregate per item. */
export const assessmentResults = pgTable(
  'assessment_results',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    profileId: profileId(),
    /** The assessed item ("numerical reasoning", a behavioural competency, ...). */
    item: text().notNull(),
    behavioralCompetencyId: integer().references(() => behavioralCompetencies.id, {
      onDelete: 'set null',
    }),
    /** Score normalised to 0-100. */
    aggregate: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    assessedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    unique('assessment_results_profile_item_unique').on(t.profileId, t.item),
    check('assessment_results_aggregate_range', sql`${t.aggregate} between 0 and 100`),
  ],
);
