import { z } from 'zod';

import { CRITICAL_ACTION_PRIORITY } from '../common/constants.ts';
import { text } from '../common/text.ts';

/**
 * The kinds of to-do action: the 18 the to-do list has always had, plus two the profile needs
 * (identification and date of birth). A type is namespaced ("profile.biography",
 * "documents.transcript", "application.screening_questions"); its last segment is the kind.
 */
export const actionKinds = [
  'high_school_subjects',
  'avatar',
  'biography',
  'disability',
  'email_confirmation',
  'ethnicity',
  'experience',
  'financial_survey',
  'profile_irregularity',
  'gender',
  'identity_document',
  'location',
  'mobile',
  'profile_qualification',
  'proof_of_registration',
  'screening_questions',
  'transcript',
  'high_school_certificate',
  'identification',
  'date_of_birth',
] as const;
export type ActionKind = (typeof actionKinds)[number];

/** The label of each action type, worded exactly as users have seen it. */
export const actionLabels: Record<ActionKind, string> = {
  high_school_subjects: 'Complete an assessment or Add high school subjects',
  avatar: 'Upload a profile image',
  biography: 'Introduce yourself',
  disability: 'Add your disability status',
  email_confirmation: 'Verify your email address',
  ethnicity: 'Add your ethnicity',
  experience: 'Add work or volunteering experience',
  financial_survey: 'Submit financial needs survey',
  profile_irregularity: 'Fix profile irregularity',
  gender: 'Add your gender',
  identity_document: 'Upload your identity document',
  location: 'Add your location',
  mobile: 'Add your contact number',
  profile_qualification: 'Add a study programme',
  proof_of_registration: 'Add a proof of registration',
  screening_questions: 'Submit answers to screening questions',
  transcript: 'Upload transcript',
  high_school_certificate: 'Upload high school certificate',
  // Added to the original 18: the profile's identity and age, which eligibility needs.
  identification: 'Add your identification number',
  date_of_birth: 'Add your date of birth',
};

/** The kind of a namespaced type: its last segment ("documents.transcript" -> "transcript"). */
export function actionKindOf(type: string): string {
  return type.slice(type.lastIndexOf('.') + 1);
}

/** An action with priority above 5 is critical (error colour); any other is a warning. */
export function isCriticalAction(item: { priority: number }): boolean {
  return item.priority > CRITICAL_ACTION_PRIORITY;
}

export const actionOpportunityApplication = z.object({
  id: z.number().int(),
  opportunity: z.object({ id: z.number().int(), name: text() }),
});

/** One to-do action: its type, description, priority, resolution path and application. */
export const actionItem = z.object({
  /** Stable while the action stands: "profile.biography", "application.42.screening_questions". */
  id: text(),
  type: text(),
  kind: z.enum(actionKinds),
  label: text(),
  description: text(),
  /** 0 to 10; above 5 is critical. */
  priority: z.number().int().min(0).max(10),
  critical: z.boolean(),
  /** The web path of the exact place to fix it. */
  resolutionPath: text(),
  opportunityApplication: actionOpportunityApplication.nullable(),
});
export type ActionItem = z.infer<typeof actionItem>;

/** `GET /api/candidate/action_items`: most urgent first. */
export const actionItemsResponse = z.object({ items: z.array(actionItem) });
export type ActionItemsResponse = z.infer<typeof actionItemsResponse>;

/** `GET /api/candidate/profile/completion`. */
export const profileCompletionResponse = z.object({
  percentage: z.number().int().min(0).max(100),
  missing: z.array(
    z.object({
      type: text(),
      kind: z.enum(actionKinds),
      label: text(),
      resolutionPath: text(),
    }),
  ),
});
export type ProfileCompletion = z.infer<typeof profileCompletionResponse>;
