import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  financialSurveyResponse,
  type FinancialSurveyAnswers,
  type FinancialSurveyResponse,
} from '@pathways/shared/financial-surveys/financial-surveys.schemas';

import { apiRequest, isApiError } from '../../../lib/api-client';
import { invalidateApplications } from './invalidate-applications';
import { applicationKeys } from './query-keys';

const surveyPath = (applicationId: number) =>
  `candidate/applications/${applicationId}/financial-survey`;

export function fetchFinancialSurvey(
  applicationId: number,
  signal?: AbortSignal,
): Promise<FinancialSurveyResponse> {
  return apiRequest(surveyPath(applicationId), { signal, schema: financialSurveyResponse });
}

/** A bursary application's financial needs survey (before it is submitted: the last survey's answers). */
export function useFinancialSurvey(applicationId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.financialSurvey(applicationId),
    queryFn: ({ signal }) => fetchFinancialSurvey(applicationId, signal),
    enabled: options.enabled ?? true,
  });
}

/** PUT: submits or changes the survey; the application's completion and the to-do list follow. */
export function useSaveFinancialSurvey(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (survey: FinancialSurveyAnswers) =>
      apiRequest(surveyPath(applicationId), {
        method: 'PUT',
        body: { survey },
        schema: financialSurveyResponse,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(applicationKeys.financialSurvey(applicationId), saved);
      await invalidateApplications(queryClient);
    },
    // 409: the window closed meanwhile; the survey is fetched again and shows read-only.
    onError: async (error) => {
      if (isApiError(error) && error.status === 409) {
        await queryClient.invalidateQueries({
          queryKey: applicationKeys.financialSurvey(applicationId),
        });
      }
    },
  });
}
