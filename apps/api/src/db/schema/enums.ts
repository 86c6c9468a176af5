import { pgEnum } from 'drizzle-orm/pg-core';
import { employmentTypes } from '@pathways/shared/opportunities/employment';

// Every enum of the data model lives here, in a module with no imports of other schema files,
// so that the schema modules (which reference each other) never meet an enum before it exists.

export const genderEnum = pgEnum('gender', [
  'female',
  'male',
  'non_binary',
  'other',
  'prefer_not_to_say',
]);

/** The population groups South African forms ask about (employment-equity reporting). */
export const ethnicityEnum = pgEnum('ethnicity', [
  'african',
  'coloured',
  'indian',
  'white',
  'other',
  'prefer_not_to_say',
]);

export const experienceKind = pgEnum('experience_kind', ['work', 'volunteering']);

/** A qualification's status; when null it is derived from its dates (completed, current, intended). */
export const qualificationStatus = pgEnum('qualification_status', [
  'completed',
  'current',
  'intended',
]);

export const languageLevel = pgEnum('language_level', [
  'basic',
  'intermediate',
  'advanced',
  'native',
]);

export const rightKind = pgEnum('right_kind', [
  'citizen',
  'permanent_resident',
  'visa',
  'permit',
  'refugee',
  'other',
]);

export const institutionKind = pgEnum('institution_kind', [
  'university',
  'university_of_technology',
  'tvet_college',
  'school',
  'other',
]);

export const opportunityKind = pgEnum('opportunity_kind', ['job', 'bursary', 'scholarship']);

/** The terms of a job (full-time, a contract…); see the shared employment types. */
export const employmentType = pgEnum('employment_type', employmentTypes);

export const campaignKind = pgEnum('campaign_kind', ['organization', 'opportunity']);

export const phaseEventKind = pgEnum('phase_event_kind', [
  'applied',
  'moved',
  'regretted',
  'archived',
  'reinstated',
]);

export const chatSenderType = pgEnum('chat_sender_type', ['candidate', 'client']);

export const documentKind = pgEnum('document_kind', [
  'identity_document',
  'transcript',
  'high_school_certificate',
  'proof_of_registration',
  'other',
]);

export const documentBundleStatus = pgEnum('document_bundle_status', [
  'queued',
  'running',
  'ready',
  'failed',
]);
