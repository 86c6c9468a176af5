import {
  socialSessionResponse,
  type SocialProvider,
  type SocialSessionResponse,
} from '@pathways/shared/social-auth/social-auth.schemas';
import { updateCandidateBody, user } from '@pathways/shared/auth/auth.schemas';

import { apiRequest } from '../../../lib/api-client';

/**
 * POST candidate/auth/{provider}/session: the one-time code for the outcome and, for a sign-in
 * or sign-up, the session's token (from the Authorization header, held apart until the caller
 * decides where it goes).
 */
export async function exchangeCode(
  provider: SocialProvider,
  code: string,
): Promise<SocialSessionResponse & { token: string | null }> {
  let token: string | null = null;
  const body = await apiRequest(`candidate/auth/${provider}/session`, {
    method: 'POST',
    body: { code },
    schema: socialSessionResponse,
    sessionCall: false,
    ownSession: { token: null, onToken: (issued) => (token = issued) },
  });
  return { ...body, token };
}

/** After provider login, a PATCH to the user's own address records the campaign. */
export async function recordCampaign(token: string, campaignId: number) {
  const body = updateCandidateBody.parse({ candidate: { campaignId } });
  return apiRequest('candidate/candidate', {
    method: 'PATCH',
    body,
    schema: user.passthrough(),
    ownSession: { token, onToken: () => {} },
  });
}
