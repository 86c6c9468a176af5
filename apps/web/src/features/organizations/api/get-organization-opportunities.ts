import { keepPreviousData, useQuery } from '@tanstack/react-query';

import {
  opportunityList,
  type OpportunityList,
} from '@pathways/shared/opportunities/opportunities.schemas';

import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

/** The organization pages list this many opportunities a page (the UI's page size). */
export const ORGANIZATION_OPPORTUNITIES_PER_PAGE = 10;

export const organizationOpportunitiesQueryKey = (
  organizationId: number,
  page: number,
  candidate: boolean,
) =>
  [
    'organizations',
    organizationId,
    'opportunities',
    candidate ? 'candidate' : 'public',
    page,
  ] as const;

/**
 * One page of an organization's published opportunities, newest first. Candidates ask
 * GET candidate/opportunities, so each card can say whether they qualify.
 */
export function fetchOrganizationOpportunities(
  organizationId: number,
  page: number,
  candidate: boolean,
  signal?: AbortSignal,
): Promise<OpportunityList> {
  return apiRequest(candidate ? 'candidate/opportunities' : 'opportunities', {
    query: { organization: organizationId, per: ORGANIZATION_OPPORTUNITIES_PER_PAGE, page },
    signal,
    schema: opportunityList,
  });
}

export function useOrganizationOpportunities(organizationId: number, page: number) {
  const { viewer } = useSession();
  const candidate = viewer?.role === 'candidate';
  return useQuery({
    queryKey: organizationOpportunitiesQueryKey(organizationId, page, candidate),
    queryFn: ({ signal }) =>
      fetchOrganizationOpportunities(organizationId, page, candidate, signal),
    placeholderData: keepPreviousData,
  });
}
