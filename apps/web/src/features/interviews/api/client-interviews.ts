import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import type {
  AgendaPage,
  ApplicationInterviews,
  FixInterview,
  Interview,
  InterviewSettings,
  Offer,
  OfferSlots,
  PlaceInput,
  ScorecardInput,
} from '@pathways/shared/interviews/interviews.schemas';
import type { InterviewStatus } from '@pathways/shared/interviews/interviews.rules';

import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from '../../screening/api/query-keys';

/** The client's interview queries, under one prefix. */
export const clientInterviewKeys = {
  all: ['client', 'interviews'] as const,
  application: (applicationId: number) =>
    ['client', 'interviews', 'application', applicationId] as const,
  settings: (opportunityId: number) => ['client', 'interviews', 'settings', opportunityId] as const,
  agenda: (opportunityId: number | null, status: InterviewStatus) =>
    ['client', 'interviews', 'agenda', opportunityId, status] as const,
};

const schemas = () => import('@pathways/shared/interviews/interviews.schemas');

/**
 * After any change: every interview query of the client (the application's, the agendas) and
 * the tracker's rows (which show who has an interview booked or waiting) refresh.
 */
function refreshAfterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: clientInterviewKeys.all });
  void queryClient.invalidateQueries({ queryKey: trackerKeys.all });
}

/** GET client/applications/{id}/interviews: the times offered and the interviews, with scorecards. */
export function useClientApplicationInterviews(applicationId: number) {
  return useQuery({
    queryKey: clientInterviewKeys.application(applicationId),
    queryFn: ({ signal }) =>
      apiRequest<ApplicationInterviews>(`client/applications/${applicationId}/interviews`, {
        signal,
        schema: () => schemas().then((m) => m.applicationInterviews),
      }),
  });
}

/** GET client/opportunities/{id}/interview_settings: the scorecard's criteria and blind review. */
export function useInterviewSettings(opportunityId: number) {
  return useQuery({
    queryKey: clientInterviewKeys.settings(opportunityId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ settings: InterviewSettings }>(
          `client/opportunities/${opportunityId}/interview_settings`,
          { signal, schema: () => schemas().then((m) => m.interviewSettingsResponse) },
        )
      ).settings,
  });
}

export interface SettingsInput {
  criteria: { key?: string; label: string }[];
  blindReview: boolean;
}

/** PUT client/opportunities/{id}/interview_settings. */
export function useSaveInterviewSettings(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SettingsInput) =>
      (
        await apiRequest<{ settings: InterviewSettings }>(
          `client/opportunities/${opportunityId}/interview_settings`,
          { method: 'PUT', body: { settings } },
        )
      ).settings,
    onSuccess: (settings) =>
      queryClient.setQueryData(clientInterviewKeys.settings(opportunityId), settings),
  });
}

/** POST client/opportunities/{id}/interview_offers: times offered to applications or a phase. */
export function useOfferTimes(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferSlots) =>
      apiRequest<{ items: unknown[] }>(`client/opportunities/${opportunityId}/interview_offers`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** POST client/opportunities/{id}/interviews: one application's interview at a time fixed directly. */
export function useFixInterview(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FixInterview) =>
      apiRequest<{ interview: Interview }>(`client/opportunities/${opportunityId}/interviews`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export interface MoveInput {
  startsAt: string;
  durationMinutes?: number;
  place?: PlaceInput;
  message?: string | null;
}

/** PATCH client/interviews/{id} (move) and POST …/cancel; everyone gets the new invitation. */
export function useInterviewChanges() {
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: ({ id, ...body }: MoveInput & { id: number }) =>
      apiRequest<{ interview: Interview }>(`client/interviews/${id}`, { method: 'PATCH', body }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
  const cancel = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      apiRequest<{ interview: Interview }>(`client/interviews/${id}/cancel`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
  return { move, cancel };
}

/** POST client/interview_offers/{id}/withdraw: the candidate can no longer book these times. */
export function useWithdrawOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      apiRequest<{ offer: Offer }>(`client/interview_offers/${id}/withdraw`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** PUT client/interviews/{id}/scorecard: my own scorecard; submitting again replaces it. */
export function useSubmitScorecard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scorecard }: { id: number; scorecard: ScorecardInput }) =>
      apiRequest<{ interview: Interview }>(`client/interviews/${id}/scorecard`, {
        method: 'PUT',
        body: { scorecard },
      }),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export const AGENDA_PAGE = 50;

/**
 * The agenda of a workspace (or of every workspace the user manages when `opportunityId` is
 * null): upcoming interviews, soonest first, a page at a time. Each next page starts where the
 * last one ended, by the opaque cursor the API answered with.
 */
export function useAgenda(opportunityId: number | null, status: InterviewStatus) {
  return useInfiniteQuery({
    queryKey: clientInterviewKeys.agenda(opportunityId, status),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      apiRequest<AgendaPage>(
        opportunityId === null
          ? 'client/interviews'
          : `client/opportunities/${opportunityId}/interviews`,
        {
          signal,
          query: { status, per: AGENDA_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
          schema: () => schemas().then((m) => m.agendaPage),
        },
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
