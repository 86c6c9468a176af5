import { emailConfirmationState } from '../auth/email-confirmation.ts';
import type { DocumentKind } from '../documents/documents.schemas.ts';
import { isoDay, qualificationStatusOf, type QualificationStatus } from '../profile/dates.ts';
import { flagSectionLabels, type FlagSection } from '../screening/screening.schemas.ts';
import {
  actionKindOf,
  actionLabels,
  isCriticalAction,
  type ActionItem,
  type ActionKind,
  type ProfileCompletion,
} from './action-items.schemas.ts';
import {
  ACCOUNT_PATH,
  AVATAR_ANCHOR,
  documentsPath,
  flagSectionPath,
  profilePath,
  profileQualificationAnchor,
} from '../navigation/profile-links.ts';

// The candidate's to-do list ("My to do list"), computed from a snapshot of
// the profile, the documents and the open applications. Pure: the API loads the snapshot, the
// rules decide. Profile completion counts the same profile rules, so the percentage and the list
// always agree.

/** What the rules need to know of one profile qualification. */
export interface QualificationFacts {
  id: number;
  /** The status the candidate chose; null derives it from the dates. */
  status: QualificationStatus | null;
  startsAt: string | null;
  endsAt: string | null;
  institutionKind: string | null;
  typeName: string | null;
  categoryName: string | null;
  /** How many subjects (components) it has. */
  componentCount: number;
}

/** What the rules need to know of the profile and its sections. */
export interface ProfileFacts {
  countryOfBirth: string | null;
  identification: string | null;
  bornAt: string | null;
  gender: string | null;
  ethnicity: string | null;
  disability: boolean | null;
  biography: string | null;
  mobileNumber: string | null;
  latitude: number | null;
  longitude: number | null;
  errors: Record<string, string[]>;
  experienceCount: number;
  /** Psychometric assessment results on the profile. */
  assessmentCount: number;
  qualifications: QualificationFacts[];
}

/** A profile with nothing filled in yet (also what a candidate without a profile row has). */
export const emptyProfileFacts: ProfileFacts = Object.freeze({
  countryOfBirth: null,
  identification: null,
  bornAt: null,
  gender: null,
  ethnicity: null,
  disability: null,
  biography: null,
  mobileNumber: null,
  latitude: null,
  longitude: null,
  errors: {},
  experienceCount: 0,
  assessmentCount: 0,
  qualifications: [],
});

/** Enough to compute the profile's completion. */
export interface CompletionSnapshot {
  profile: ProfileFacts;
  /** users.avatar */
  avatar: string | null;
}

export interface ApplicationFacts {
  id: number;
  opportunity: { id: number; name: string; kind: 'job' | 'bursary' | 'scholarship' };
  /** Required screening questions of the opportunity this application has not answered. */
  unansweredRequiredQuestions: number;
  financialSurveySubmitted: boolean;
}

/** Everything the to-do list is computed from. */
export interface ActionItemsSnapshot extends CompletionSnapshot {
  now: Date;
  user: {
    confirmationSentAt: Date | string | null;
    confirmedAt: Date | string | null;
    isSuspended: boolean;
  };
  /** The kinds of document the candidate has uploaded. */
  documentKinds: ReadonlySet<DocumentKind>;
  /** The candidate's open applications: neither withdrawn (archived) nor regretted. */
  applications: ApplicationFacts[];
  /**
   * Sections of the profile an organization flagged as irregular and the candidate has not
   * corrected yet, each with the reason given.
   */
  flaggedSections?: { section: FlagSection; reason: string }[];
}

/** True for a school-leaving qualification (the NSC, matric): it has subjects, not a programme. */
export function isSchoolQualification(q: {
  institutionKind: string | null;
  typeName: string | null;
  categoryName: string | null;
}): boolean {
  return (
    q.institutionKind === 'school' ||
    q.categoryName?.toLowerCase() === 'schooling' ||
    /senior certificate|matric|high school/i.test(q.typeName ?? '')
  );
}

type Draft = Omit<ActionItem, 'kind' | 'label' | 'critical' | 'id' | 'opportunityApplication'> & {
  id?: string;
  opportunityApplication?: ActionItem['opportunityApplication'];
};

function finish(draft: Draft): ActionItem {
  const kind = actionKindOf(draft.type) as ActionKind;
  return {
    id: draft.id ?? draft.type,
    type: draft.type,
    kind,
    label: actionLabels[kind],
    description: draft.description,
    priority: draft.priority,
    critical: isCriticalAction(draft),
    resolutionPath: draft.resolutionPath,
    opportunityApplication: draft.opportunityApplication ?? null,
  };
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';

const fieldNames: Record<string, string> = {
  countryOfBirth: 'country of birth',
  identification: 'ID number',
  firstNames: 'first names',
  lastName: 'last name',
  bornAt: 'date of birth',
  mobileNumber: 'contact number',
};

/** "mobileNumber" -> "contact number"; unknown fields are spelled out ("driversLicense" -> "drivers license"). */
function fieldName(field: string): string {
  return fieldNames[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

interface ProfileRule {
  type: `profile.${ActionKind}`;
  priority: number;
  /** The item when the rule is not met, else null. */
  check(s: CompletionSnapshot): { description: string; resolutionPath: string } | null;
}

const when = (missing: boolean, description: string, resolutionPath: string) =>
  missing ? { description, resolutionPath } : null;

/** The profile rules: each one is a to-do item while unmet, and a share of the completion. */
export const profileRules: readonly ProfileRule[] = [
  {
    type: 'profile.identification',
    priority: 8,
    check: ({ profile: p }) =>
      when(
        blank(p.countryOfBirth) || blank(p.identification),
        'Add your country of birth and your ID or passport number so organizations can confirm who you are.',
        profilePath(blank(p.countryOfBirth) ? 'countryOfBirth' : 'identification'),
      ),
  },
  {
    type: 'profile.profile_qualification',
    priority: 5,
    check: ({ profile: p }) =>
      when(
        !p.qualifications.some((q) => !isSchoolQualification(q)),
        'Add the programme you are studying, have completed or plan to study.',
        profilePath('profileQualifications'),
      ),
  },
  {
    type: 'profile.high_school_subjects',
    priority: 5,
    check: ({ profile: p }) => {
      if (p.assessmentCount > 0) return null;
      const school = p.qualifications.filter(isSchoolQualification);
      const withoutSubjects = school.find((q) => q.componentCount === 0);
      if (withoutSubjects) {
        return {
          description: `Add the subjects and marks of your ${withoutSubjects.typeName ?? 'high school certificate'}, or complete an assessment.`,
          resolutionPath: profilePath(profileQualificationAnchor(withoutSubjects.id)),
        };
      }
      return when(
        school.length === 0,
        'Add your high school certificate with its subjects and marks, or complete an assessment.',
        profilePath('profileQualifications'),
      );
    },
  },
  {
    type: 'profile.location',
    priority: 4,
    check: ({ profile: p }) =>
      when(
        p.latitude === null || p.longitude === null,
        'Add where you live to see the opportunities near you.',
        profilePath('location'),
      ),
  },
  {
    type: 'profile.mobile',
    priority: 4,
    check: ({ profile: p }) =>
      when(
        blank(p.mobileNumber),
        'Add a mobile number so organizations can reach you.',
        profilePath('mobileNumber'),
      ),
  },
  {
    type: 'profile.date_of_birth',
    priority: 4,
    check: ({ profile: p }) =>
      when(
        blank(p.bornAt),
        'Add your date of birth: some opportunities have age limits.',
        profilePath('bornAt'),
      ),
  },
  {
    type: 'profile.biography',
    priority: 3,
    check: ({ profile: p }) =>
      when(
        blank(p.biography),
        'Write a few sentences about yourself for the organizations you apply to.',
        profilePath('biography'),
      ),
  },
  {
    type: 'profile.experience',
    priority: 3,
    check: ({ profile: p }) =>
      when(
        p.experienceCount === 0,
        'Add work or volunteering experience: holiday jobs, tutoring and community work count.',
        profilePath('experiences'),
      ),
  },
  {
    type: 'profile.gender',
    priority: 2,
    check: ({ profile: p }) =>
      when(blank(p.gender), 'Add your gender to your profile.', profilePath('gender')),
  },
  {
    type: 'profile.ethnicity',
    priority: 2,
    check: ({ profile: p }) =>
      when(
        blank(p.ethnicity),
        'Add your ethnicity: some programmes support employment equity.',
        profilePath('ethnicity'),
      ),
  },
  {
    type: 'profile.disability',
    priority: 1,
    check: ({ profile: p }) =>
      when(
        p.disability === null,
        'Tell us whether you have a disability, so organizations can support you.',
        profilePath('disability'),
      ),
  },
  {
    type: 'profile.avatar',
    priority: 1,
    check: (s) =>
      when(
        blank(s.avatar),
        'Upload a photo of yourself for your profile.',
        profilePath(AVATAR_ANCHOR),
      ),
  },
];

function profileItems(snapshot: CompletionSnapshot): ActionItem[] {
  return profileRules.flatMap((rule) => {
    const hit = rule.check(snapshot);
    return hit ? [finish({ type: rule.type, priority: rule.priority, ...hit })] : [];
  });
}

function accountItems(s: ActionItemsSnapshot): ActionItem[] {
  const items: ActionItem[] = [];
  const errorFields = Object.keys(s.profile.errors).filter(
    (field) => (s.profile.errors[field]?.length ?? 0) > 0,
  );
  if (errorFields.length > 0 || s.user.isSuspended) {
    const description =
      errorFields.length > 0
        ? `Correct your profile: ${errorFields
            .map((f) => `${fieldName(f)} ${s.profile.errors[f]!.join(', ')}`)
            .join('; ')}.`
        : 'Your profile was reported for irregularities. Correct your profile sections to restore full access.';
    items.push(
      finish({
        type: 'account.profile_irregularity',
        priority: 10,
        description,
        resolutionPath: errorFields[0] ? profilePath(errorFields[0]) : '/candidate/profile',
      }),
    );
  }
  for (const { section, reason } of s.flaggedSections ?? []) {
    items.push(
      finish({
        id: `account.profile_irregularity.${section}`,
        type: 'account.profile_irregularity',
        priority: 10,
        description: `An organization you applied to asked you to correct your ${flagSectionLabels[section].toLowerCase()}: "${reason}". Your applications show as reported until you do.`,
        resolutionPath: flagSectionPath(section),
      }),
    );
  }
  const confirmation = emailConfirmationState(s.user, s.now);
  if (confirmation.kind === 'pending' || confirmation.kind === 'expired') {
    items.push(
      finish({
        type: 'account.email_confirmation',
        priority: 9,
        description:
          confirmation.kind === 'pending'
            ? 'Open the confirmation link we e-mailed you, or send a new one from your account.'
            : 'Your confirmation link has expired. Send a new one from your account.',
        resolutionPath: ACCOUNT_PATH,
      }),
    );
  }
  return items;
}

function documentItems(s: ActionItemsSnapshot): ActionItem[] {
  const today = isoDay(s.now);
  const quals = s.profile.qualifications.map((q) => ({
    school: isSchoolQualification(q),
    status: qualificationStatusOf(q, today),
  }));
  const has = (kind: DocumentKind) => s.documentKinds.has(kind);
  const items: ActionItem[] = [];
  const add = (kind: DocumentKind, priority: number, description: string) =>
    items.push(
      finish({
        type: `documents.${kind}`,
        priority,
        description,
        resolutionPath: documentsPath(kind),
      }),
    );
  if (!has('identity_document')) {
    add('identity_document', 7, 'Upload a copy of your ID document or passport.');
  }
  if (!has('proof_of_registration') && quals.some((q) => !q.school && q.status === 'current')) {
    add(
      'proof_of_registration',
      5,
      'Upload proof that you are registered for your current studies.',
    );
  }
  if (
    !has('transcript') &&
    quals.some((q) => !q.school && (q.status === 'current' || q.status === 'completed'))
  ) {
    add('transcript', 5, 'Upload your latest academic transcript.');
  }
  if (!has('high_school_certificate') && quals.some((q) => q.school && q.status === 'completed')) {
    add('high_school_certificate', 5, 'Upload your high school (matric) certificate.');
  }
  return items;
}

function applicationItems(s: ActionItemsSnapshot): ActionItem[] {
  return s.applications.flatMap((a) => {
    const opportunityApplication = {
      id: a.id,
      opportunity: { id: a.opportunity.id, name: a.opportunity.name },
    };
    const items: ActionItem[] = [];
    if (a.unansweredRequiredQuestions > 0) {
      items.push(
        finish({
          id: `application.${a.id}.screening_questions`,
          type: 'application.screening_questions',
          priority: 7,
          description: `Answer the screening questions of ${a.opportunity.name} to complete your application.`,
          resolutionPath: `/candidate/opportunities/${a.opportunity.id}/apply`,
          opportunityApplication,
        }),
      );
    }
    if (a.opportunity.kind === 'bursary' && !a.financialSurveySubmitted) {
      items.push(
        finish({
          id: `application.${a.id}.financial_survey`,
          type: 'application.financial_survey',
          priority: 6,
          description: `Submit the financial needs survey for your ${a.opportunity.name} application.`,
          resolutionPath: `/candidate/applications/${a.id}#financial-survey`,
          opportunityApplication,
        }),
      );
    }
    return items;
  });
}

/** Most urgent first; ties keep the rules' order. */
function byPriority(items: ActionItem[]): ActionItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.priority - a.item.priority || a.index - b.index)
    .map(({ item }) => item);
}

/** The candidate's to-do list, most urgent first. */
export function computeActionItems(snapshot: ActionItemsSnapshot): ActionItem[] {
  return byPriority([
    ...accountItems(snapshot),
    ...profileItems(snapshot),
    ...documentItems(snapshot),
    ...applicationItems(snapshot),
  ]);
}

/**
 * Profile completion: the share of the profile rules that are met, in percent, and the unmet
 * ones (the profile items of the to-do list) most urgent first.
 */
export function profileCompletion(snapshot: CompletionSnapshot): ProfileCompletion {
  const missing = byPriority(profileItems(snapshot));
  const total = profileRules.length;
  return {
    percentage: Math.round((100 * (total - missing.length)) / total),
    missing: missing.map(({ type, kind, label, resolutionPath }) => ({
      type,
      kind,
      label,
      resolutionPath,
    })),
  };
}

export interface ActionGroup {
  /** "general" or "opportunity-{id}". */
  key: string;
  /** "General" or the opportunity's name. */
  name: string;
  opportunity: { id: number; name: string } | null;
  items: ActionItem[];
}

export const GENERAL_GROUP_NAME = 'General';

/**
 * Actions grouped by opportunity name, those without an opportunity under
 * "General", which comes first; then the opportunities by name. Items keep their order.
 */
export function groupActionItems(items: readonly ActionItem[]): ActionGroup[] {
  const groups = new Map<string, ActionGroup>();
  for (const item of items) {
    const opportunity = item.opportunityApplication?.opportunity ?? null;
    const key = opportunity ? `opportunity-${opportunity.id}` : 'general';
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        name: opportunity ? opportunity.name : GENERAL_GROUP_NAME,
        opportunity: opportunity ? { id: opportunity.id, name: opportunity.name } : null,
        items: [],
      };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()].sort((a, b) => {
    if (!a.opportunity) return -1;
    if (!b.opportunity) return 1;
    return (
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      a.opportunity.id - b.opportunity.id
    );
  });
}
