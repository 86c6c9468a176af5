// Pure rules of a candidate's application, shared so the API and the web app agree.

/** The statuses a candidate sees that are not phase names. */
export const applicationStatusLabels = {
  /** The candidate withdrew (archived) it. */
  withdrawn: 'Withdrawn',
  /** The organization regretted (declined) it. */
  unsuccessful: 'Unsuccessful',
  /** Applied to an opportunity that has no pipeline phases. */
  submitted: 'Submitted',
} as const;

/**
 * The status a candidate sees (a free text; counts are per status): the name
 * of the application's phase, except that a withdrawn or regretted application says so, since
 * its phase no longer tells the candidate where they stand. Withdrawal wins over regret.
 */
export function applicationStatus(application: {
  archivedAt: Date | string | null;
  regretedAt: Date | string | null;
  phaseName: string | null;
}): string {
  if (application.archivedAt) return applicationStatusLabels.withdrawn;
  if (application.regretedAt) return applicationStatusLabels.unsuccessful;
  return application.phaseName ?? applicationStatusLabels.submitted;
}

/** The share of an application's completion that its screening answers carry. */
export const SCREENING_COMPLETION_SHARE = 20;

/**
 * An application's completion in percent: the profile's completion, and, when the opportunity has
 * required screening questions, the share of them answered (worth SCREENING_COMPLETION_SHARE
 * points). Complete means 100: a complete profile and every required question answered.
 */
export function applicationCompletion(facts: {
  profilePercentage: number;
  requiredQuestions: number;
  answeredRequiredQuestions: number;
}): { completion: number; complete: boolean } {
  const profile = Math.min(100, Math.max(0, facts.profilePercentage));
  const completion =
    facts.requiredQuestions <= 0
      ? Math.round(profile)
      : Math.round(
          (profile * (100 - SCREENING_COMPLETION_SHARE)) / 100 +
            (SCREENING_COMPLETION_SHARE *
              Math.min(facts.answeredRequiredQuestions, facts.requiredQuestions)) /
              facts.requiredQuestions,
        );
  return { completion, complete: completion === 100 };
}
