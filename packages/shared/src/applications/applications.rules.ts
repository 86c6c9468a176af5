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
  regrettedAt: Date | string | null;
  phaseName: string | null;
}): string {
  if (application.archivedAt) return applicationStatusLabels.withdrawn;
  if (application.regrettedAt) return applicationStatusLabels.unsuccessful;
  return application.phaseName ?? applicationStatusLabels.submitted;
}

/** The share of an application's completion that its screening answers carry. */
export const SCREENING_COMPLETION_SHARE = 20;
/** The share of a bursary application's completion that its financial needs survey carries. */
export const SURVEY_COMPLETION_SHARE = 20;

/**
 * An application's completion in percent: the profile's completion; when the opportunity has
 * required screening questions, the share of them answered (worth SCREENING_COMPLETION_SHARE
 * points); and for a bursary, the financial needs survey submitted (worth
 * SURVEY_COMPLETION_SHARE points). The profile carries the rest. Complete means 100: a complete
 * profile, every required question answered and, for a bursary, the survey submitted.
 */
export function applicationCompletion(facts: {
  profilePercentage: number;
  requiredQuestions: number;
  answeredRequiredQuestions: number;
  /** The opportunity asks for a financial needs survey (a bursary). */
  surveyRequired?: boolean;
  surveySubmitted?: boolean;
}): { completion: number; complete: boolean } {
  const profile = Math.min(100, Math.max(0, facts.profilePercentage));
  const screening = facts.requiredQuestions > 0;
  const survey = facts.surveyRequired === true;
  const profileShare =
    100 - (screening ? SCREENING_COMPLETION_SHARE : 0) - (survey ? SURVEY_COMPLETION_SHARE : 0);
  let points = (profile * profileShare) / 100;
  if (screening) {
    points +=
      (SCREENING_COMPLETION_SHARE *
        Math.min(Math.max(facts.answeredRequiredQuestions, 0), facts.requiredQuestions)) /
      facts.requiredQuestions;
  }
  if (survey && facts.surveySubmitted) points += SURVEY_COMPLETION_SHARE;
  const completion = Math.round(points);
  return { completion, complete: completion === 100 };
}
