import { useMutation } from '@tanstack/react-query';

import {
  socialStartResponse,
  type SocialProvider,
} from '@pathways/shared/social-auth/social-auth.schemas';

import { env } from '../../../config/env';
import { apiRequest } from '../../../lib/api-client';

/** The address that starts signing up or in with a provider; the browser goes there. */
export function signInAddress(provider: SocialProvider, campaignId: number | null): string {
  const query = campaignId ? `?campaignId=${campaignId}` : '';
  return `${env.apiBase}/candidate/auth/${provider}${query}`;
}

/** POST candidate/auth/{provider}: the signed-in candidate links a provider. */
export function useLinkProvider() {
  return useMutation({
    mutationFn: (provider: SocialProvider) =>
      apiRequest(`candidate/auth/${provider}`, { method: 'POST', schema: socialStartResponse }),
  });
}
