import {
  flagResponse,
  ratingResponse,
  screeningResult,
  type FlagInput,
  type FlagResponse,
  type RatingResponse,
  type ScreeningResult,
} from '@pathways/shared/screening/screening.schemas';

import { apiRequest } from '../../../lib/api-client';

// The requests of a client's screening actions, the same from the tracker and from one
// applicant's page. Each answers the applications as they are now.

const applications = (opportunityId: number) =>
  `client/opportunities/${opportunityId}/applications`;

/** Moves one application (its own event) or many (one assign, all or nothing) to a phase. */
export function moveApplications(
  opportunityId: number,
  phaseId: number,
  ids: readonly number[],
): Promise<ScreeningResult> {
  if (ids.length === 1) {
    return apiRequest(`${applications(opportunityId)}/${ids[0]}/events`, {
      method: 'POST',
      body: { phaseId },
      schema: screeningResult,
    });
  }
  return apiRequest(`${applications(opportunityId)}/assign`, {
    method: 'POST',
    body: { phaseId, opportunityApplicationIds: ids },
    schema: screeningResult,
  });
}

/** Regrets one application or many (one call, all or nothing); the candidates are told. */
export function regretApplications(
  opportunityId: number,
  ids: readonly number[],
): Promise<ScreeningResult> {
  if (ids.length === 1) {
    return apiRequest(`${applications(opportunityId)}/${ids[0]}/regret`, {
      method: 'PATCH',
      schema: screeningResult,
    });
  }
  return apiRequest(`${applications(opportunityId)}/regret`, {
    method: 'PATCH',
    body: { applicationIds: ids },
    schema: screeningResult,
  });
}

/** Rates one application 1 to 5, or clears its rating (null). */
export function rateApplication(
  opportunityId: number,
  id: number,
  rating: number | null,
): Promise<RatingResponse> {
  return apiRequest(`${applications(opportunityId)}/${id}/rating`, {
    method: 'PATCH',
    body: { rating },
    schema: ratingResponse,
  });
}

/** Flags an irregularity in one section of the applicant's profile; the candidate is asked to fix it. */
export function flagApplication(flag: FlagInput): Promise<FlagResponse> {
  return apiRequest('client/flags', { method: 'POST', body: { flag }, schema: flagResponse });
}
