import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { EligibilityDetail } from '@pathways/shared/eligibility/eligibility.schemas';

import { apiRequest } from '../../../lib/api-client';

/**
 * One key per opportunity: every component that shows the candidate's check for an opportunity
 * (the checklist, the apply button) shares it, so a check in progress is never started twice.
 */
export const opportunityEligibilityQueryKey = (opportunityId: number) =>
  ['candidate', 'eligibility', opportunityId] as const;

export function fetchOpportunityEligibility(
  opportunityId: number,
  signal?: AbortSignal,
): Promise<EligibilityDetail> {
  return apiRequest(`candidate/opportunities/${opportunityId}/eligibility`, {
    signal,
    schema: () =>
      import('@pathways/shared/eligibility/eligibility.schemas').then((m) => m.eligibilityDetail),
  });
}

/**
 * The candidate's eligibility for an opportunity, checked by the server on request.
 *
 * - Stale at once: coming back to the page after changing the profile runs the check again, so
 *   the page shows the new outcome rather than the one from before the change.
 * - Components mounted together share the request in flight: TanStack Query starts a fetch
 *   for a key only when none is running.
 * - Returning to the tab checks again, but never while a check is still running (a focus
 *   refetch does not cancel and repeat the one in flight).
 * - With `currentSince`, a result checked at or after that time counts as current: mounting
 *   then shows it rather than checking again (a page that has just checked shows the details
 *   of that same check).
 */
export function useOpportunityEligibility(
  opportunityId: number,
  { enabled = true, currentSince }: { enabled?: boolean; currentSince?: number } = {},
) {
  return useQuery({
    queryKey: opportunityEligibilityQueryKey(opportunityId),
    queryFn: ({ signal }) => fetchOpportunityEligibility(opportunityId, signal),
    enabled: enabled && Number.isInteger(opportunityId) && opportunityId > 0,
    staleTime: 0,
    refetchOnMount: (query) =>
      currentSince === undefined || query.state.dataUpdatedAt < currentSince,
    refetchOnWindowFocus: true,
  });
}

/**
 * The check as a component should show it: a result from before this component mounted (the
 * candidate may have changed the profile since) is held back while the check runs again, so
 * the page never shows an outdated "You qualify". Once a check has finished while mounted, a
 * later one (the tab regains focus) keeps the result on screen and says it is checking.
 *
 * `since` moves "from before" back to an earlier time: a component shown inside a page that has
 * itself just checked passes the page's `since`, so it shows that check instead of starting
 * another and saying it is checking again.
 */
export function useCurrentEligibility(
  opportunityId: number,
  { enabled, since: given }: { enabled?: boolean; since?: number } = {},
) {
  const [since] = useState(() => given ?? Date.now());
  const query = useOpportunityEligibility(opportunityId, { enabled, currentSince: given });
  const fresh = query.data !== undefined && query.dataUpdatedAt >= since;
  const isRechecking = !fresh && query.isFetching && query.data !== undefined;
  return {
    data: fresh || !query.isFetching ? query.data : undefined,
    /** A check is running. */
    isChecking: query.isFetching,
    /** A check is running and the result on hand is from before this component mounted. */
    isRechecking,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    /** Results checked from this time on count as current here. */
    since,
  };
}
