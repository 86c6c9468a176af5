import { authMessages } from '@pathways/shared/auth/auth.schemas';

import { isApiError } from '../api-client';

export interface LoginFailure {
  message: string;
  blocked: boolean;
}

/**
 * Any failed login (a 204 included) says the details are wrong; a
 * blocked profile says so instead, and so does a deactivated client user. Rate limiting and a lost connection say what to do. The
 * log-in form shows it in a snackbar, the sign-up conversation beside its form.
 */
export function describeLoginFailure(error: unknown): LoginFailure {
  if (isApiError(error)) {
    if (error.isBlocked || error.code === 'blocked')
      return { message: authMessages.blocked, blocked: true };
    // A deactivated client user: the server's message says why and whom to ask.
    if (error.code === 'forbidden') return { message: error.message, blocked: false };
    if (error.status === 429) {
      const minutes = error.retryAfter ? Math.max(1, Math.ceil(error.retryAfter / 60)) : null;
      return {
        message: minutes
          ? `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
          : 'Too many login attempts. Please try again later.',
        blocked: false,
      };
    }
    return { message: authMessages.loginFailed, blocked: false };
  }
  if (error instanceof TypeError) {
    return {
      message: "We couldn't reach Pathways. Please check your connection and try again.",
      blocked: false,
    };
  }
  return { message: authMessages.loginFailed, blocked: false };
}
