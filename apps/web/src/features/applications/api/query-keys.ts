/** Every query of the candidate's applications, under one prefix so a change refreshes them all. */
export const applicationKeys = {
  all: ['candidate', 'applications'] as const,
  list: () => [...applicationKeys.all, 'list'] as const,
  detail: (id: number) => [...applicationKeys.all, 'detail', id] as const,
  financialSurvey: (id: number) => [...applicationKeys.all, 'financial-survey', id] as const,
  screeningQuestions: (opportunityId: number) =>
    [...applicationKeys.all, 'screening-questions', opportunityId] as const,
  invites: ['candidate', 'invites'] as const,
};
