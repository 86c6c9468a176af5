/**
 * The product's rate limits for the browser suite, which signs up, logs in and uploads many
 * times from one address; the limits have their own tests against the API.
 */
export const generousLimits: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_ADDRESS: '100000/1m',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '100000/1m',
  RATE_LIMIT_LOGIN_FAILURES_PER_DEVICE: '100000/1m',
  RATE_LIMIT_SIGNUP_PER_ADDRESS: '100000/1m',
  RATE_LIMIT_CONFIRMATION_PER_ACCOUNT: '100000/1m',
  RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: '100000/1m',
  RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '100000/1m',
  RATE_LIMIT_PASSWORD_SET_PER_ADDRESS: '100000/1m',
  RATE_LIMIT_INVITES_PER_USER: '100000/1m',
  RATE_LIMIT_UPLOADS_PER_USER: '100000/1m',
  RATE_LIMIT_API_PER_USER: '100000/1m',
};
