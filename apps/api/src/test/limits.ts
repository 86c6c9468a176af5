/**
 * Limits no test reaches unless it is about them: the suites log in, sign up and upload often
 * from one address. A limit's own test names its values (or `defaultLimits` for the real ones).
 * The API's tests and the browser suite's servers both start from these.
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
  RATE_LIMIT_API_PER_KEY: '100000/1m',
};

/** Every limit at its default, for tests of the limits as shipped. */
export const defaultLimits: Record<string, string> = Object.fromEntries(
  Object.keys(generousLimits).map((name) => [name, '']),
);
