import type { User } from '@pathways/shared/auth/auth.schemas';
import type {
  SocialOutcome,
  SocialProvider,
} from '@pathways/shared/social-auth/social-auth.schemas';

// A round trip to a provider leaves the app; these notes in sessionStorage (this tab only) say
// where to come back to, and hand a sign-up's session to the conversation that asked for it.
const RETURN_KEY = 'pathways.social.return';
const SIGNUP_KEY = 'pathways.social.signup';

export interface SocialReturn {
  /** The page the round trip started on. */
  path: string;
  /** Started in the sign-up conversation, which goes on after it. */
  signup: boolean;
}

export interface SignupHandoff {
  provider: SocialProvider;
  outcome: Exclude<SocialOutcome, 'linked'>;
  user: User;
  token: string;
}

function peek<T>(key: string): T | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function clear(key: string) {
  try {
    globalThis.sessionStorage?.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}

function read<T>(key: string): T | null {
  const value = peek<T>(key);
  clear(key);
  return value;
}

function write(key: string, value: unknown) {
  try {
    globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the round trip comes back to the landing page.
  }
}

export const rememberReturn = (value: SocialReturn) => write(RETURN_KEY, value);
export const takeReturn = () => read<SocialReturn>(RETURN_KEY);
export const handOverToSignup = (value: SignupHandoff) => write(SIGNUP_KEY, value);
/** Read during render (pure), cleared once the conversation has taken it. */
export const peekSignupHandoff = () => peek<SignupHandoff>(SIGNUP_KEY);
export const clearSignupHandoff = () => clear(SIGNUP_KEY);

/** Only this app's own paths are followed back. */
export function safeReturnPath(path: unknown): string | null {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
