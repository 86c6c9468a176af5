import { useQuery } from '@tanstack/react-query';

import {
  applicantsAnalytics,
  criteriaAnalytics,
  explorerResult,
  type AnalyticsMeasure,
  type AnalyticsDimension,
} from '@pathways/shared/analytics/analytics.schemas';

import { apiRequest } from '../../../lib/api-client';

const base = 'client/organization/analytics';

/** The explorer's choices as the page holds them; lists become comma-separated parameters. */
export interface ExplorerChoice {
  measure: AnalyticsMeasure;
  dimension: AnalyticsDimension;
  from: string;
  to: string;
  opportunities: number[];
  genders: string[];
  ethnicities: string[];
  complete: boolean;
  eligible: '' | 'true' | 'false';
}

export interface Range {
  from: string;
  to: string;
  opportunities?: number[];
}

export const analyticsKeys = {
  all: ['client', 'analytics'] as const,
  applicants: (range: Range) => [...analyticsKeys.all, 'applicants', range] as const,
  explore: (choice: ExplorerChoice) => [...analyticsKeys.all, 'explore', choice] as const,
  criteria: (opportunityId: number) => [...analyticsKeys.all, 'criteria', opportunityId] as const,
};

const list = (values: readonly (string | number)[]) =>
  values.length > 0 ? values.join(',') : undefined;

export function explorerQueryOf(choice: ExplorerChoice) {
  return {
    measure: choice.measure,
    dimension: choice.dimension,
    from: choice.from || undefined,
    to: choice.to || undefined,
    opportunities: list(choice.opportunities),
    genders: list(choice.genders),
    ethnicities: list(choice.ethnicities),
    complete: choice.complete ? 'true' : undefined,
    eligible: choice.eligible || undefined,
  };
}

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

export function useExplorer(choice: ExplorerChoice) {
  return useQuery({
    queryKey: analyticsKeys.explore(choice),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/explore`, {
        query: explorerQueryOf(choice),
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
