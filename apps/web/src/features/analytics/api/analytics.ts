import { useQuery } from '@tanstack/react-query';

import {
  applicantsAnalytics,
  criteriaAnalytics,
  explorerResult,
} from '@pathways/shared/analytics/analytics.schemas';

import { apiRequest } from '../../../lib/api-client';
import { choiceToSearchParams, type ExplorerChoice } from '../utils/explorer-params';

const base = 'client/organization/analytics';

export interface Range {
  from: string;
  to: string;
  opportunities?: number[];
}

export const analyticsKeys = {
  all: ['client', 'analytics'] as const,
  applicants: (range: Range) => [...analyticsKeys.all, 'applicants', range] as const,
  /** Keyed by the query string: the same question is the same key. */
  explore: (query: string) => [...analyticsKeys.all, 'explore', query] as const,
  criteria: (opportunityId: number) => [...analyticsKeys.all, 'criteria', opportunityId] as const,
};

const list = (values: readonly (string | number)[]) =>
  values.length > 0 ? values.join(',') : undefined;

export function useApplicantsAnalytics(range: Range) {
  return useQuery({
    queryKey: analyticsKeys.applicants(range),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/applicants`, {
        query: {
          from: range.from || undefined,
          to: range.to || undefined,
          opportunities: list(range.opportunities ?? []),
        },
        signal,
        schema: applicantsAnalytics,
      }),
  });
}

/** The explorer's answer: the choice asked under the names of the page's address. */
export function useExplorer(choice: ExplorerChoice) {
  const params = choiceToSearchParams(choice);
  return useQuery({
    queryKey: analyticsKeys.explore(params.toString()),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/explore`, {
        query: Object.fromEntries(params),
        signal,
        schema: explorerResult,
      }),
  });
}

export function useCriteriaAnalytics(opportunityId: number | null) {
  return useQuery({
    queryKey: analyticsKeys.criteria(opportunityId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/criteria`, {
        query: { opportunity: opportunityId ?? undefined },
        signal,
        schema: criteriaAnalytics,
      }),
    enabled: opportunityId !== null,
  });
}
