import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  clientScreeningQuestionList,
  type ClientScreeningQuestionList,
  type ScreeningQuestionCreate,
  type ScreeningQuestionPatch,
} from '@pathways/shared/pipeline/pipeline.schemas';

import { apiRequest } from '../../../lib/api-client';
import { pipelineKeys } from './query-keys';

const path = (opportunityId: number) => `client/opportunities/${opportunityId}/screening_questions`;

export function fetchScreeningQuestions(
  opportunityId: number,
  signal?: AbortSignal,
): Promise<ClientScreeningQuestionList> {
  return apiRequest(path(opportunityId), { signal, schema: clientScreeningQuestionList });
}

/** The screening questions of a workspace, in order, with how many applicants answered each. */
export function useScreeningQuestions(opportunityId: number) {
  return useQuery({
    queryKey: pipelineKeys.questions(opportunityId),
    queryFn: ({ signal }) => fetchScreeningQuestions(opportunityId, signal),
  });
}

/** Every change answers the whole new list, which replaces the cached one. */
function useQuestionChange<V>(
  opportunityId: number,
  call: (values: V) => Promise<ClientScreeningQuestionList>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => queryClient.setQueryData(pipelineKeys.questions(opportunityId), list),
  });
}

export function useAddScreeningQuestion(opportunityId: number) {
  return useQuestionChange(opportunityId, (screeningQuestion: ScreeningQuestionCreate) =>
    apiRequest(path(opportunityId), {
      method: 'POST',
      body: { screeningQuestion },
      schema: clientScreeningQuestionList,
    }),
  );
}

export function useChangeScreeningQuestion(opportunityId: number) {
  return useQuestionChange(
    opportunityId,
    ({ id, ...screeningQuestion }: ScreeningQuestionPatch & { id: number }) =>
      apiRequest(`${path(opportunityId)}/${id}`, {
        method: 'PATCH',
        body: { screeningQuestion },
        schema: clientScreeningQuestionList,
      }),
  );
}

export function useReorderScreeningQuestions(opportunityId: number) {
  return useQuestionChange(opportunityId, (questionIds: number[]) =>
    apiRequest(`${path(opportunityId)}/order`, {
      method: 'PUT',
      body: { questionIds },
      schema: clientScreeningQuestionList,
    }),
  );
}

export function useRemoveScreeningQuestion(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${path(opportunityId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: pipelineKeys.questions(opportunityId) }),
  });
}
