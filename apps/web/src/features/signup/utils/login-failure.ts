import { authMessages } from '@pathways/shared/auth/auth.schemas';

import { isApiError } from '../../../lib/api-client';

/**
 * SPEC.md section 8: a failed login (a 204 included) says the details are wrong, a blocked
 * profile says so instead; in the conversation it shows beside the form, not in a snackbar.
 */
export function loginFailureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isBlocked || error.code === 'blocked') return authMessages.blocked;
    if (error.status === 429) return 'Too many login attempts. Please try again later.';
    return authMessages.loginFailed;
  }
  if (error instanceof TypeError)
    return "We couldn't reach Pathways. Please check your connection and try again.";
  return authMessages.loginFailed;
}
