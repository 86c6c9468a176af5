import { useQuery } from '@tanstack/react-query';

import {
  screeningQuestionList,
  type ScreeningQuestionList,
} from '@pathways/shared/applications/applications.schemas';

import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './query-keys';

export function fetchScreeningQuestions(
  opportunityId: number,
  signal?: AbortSignal,
): Promise<ScreeningQuestionList> {
  return apiRequest(`candidate/opportunities/${opportunityId}/screening_questions`, {
    signal,
    schema: screeningQuestionList,
  });
}

/**
 * The questions the apply page asks, in their order, and the candidate's application for the
 * opportunity when there is one.
 */
export function useScreeningQuestions(opportunityId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.screeningQuestions(opportunityId),
    queryFn: ({ signal }) => fetchScreeningQuestions(opportunityId, signal),
    enabled: options.enabled ?? true,
    select: (data) => ({
      ...data,
      items: [...data.items].sort((a, b) => a.position - b.position || a.id - b.id),
    }),
  });
}
