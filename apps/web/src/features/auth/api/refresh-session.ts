import type { User } from '@pathways/shared/auth/auth.schemas';

import { apiRequest } from '../../../lib/api-client';

/** Trades the current token for a fresh one (the new token comes in the response header). */
export async function refreshSession(): Promise<User> {
  const { user } = await import('@pathways/shared/auth/auth.schemas');
  return apiRequest('auth/refresh', { method: 'POST', schema: user });
}
