import type { TokenClaims } from '@pathways/shared/auth/auth.schemas';

// The bearer token lives in localStorage so a reload or a new tab stays signed in; the
// `storage` event keeps every open tab in step (logging out in one logs out all).
const STORAGE_KEY = 'pathways.token';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function write(value: string | null) {
  try {
    if (value === null) globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, value);
  } catch {
    // Private mode without storage: the session then lasts as long as the page.
  }
  memory = value;
  for (const listener of listeners) listener();
}

let memory: string | null = read();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    memory = read();
    for (const listener of listeners) listener();
  });
}

export const tokenStore = {
  get: (): string | null => memory,
  set: (token: string) => write(token),
  clear: () => write(null),
  /** Re-reads storage (tests seed localStorage directly). */
  reload: () => {
    memory = read();
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const knownRoles = new Set(['candidate', 'client', 'admin']);

/**
 * Reads the claims of a JWT without verifying it: the server verifies every call, the
 * browser only needs the role, which comes from the token payload.
 * Checked by hand rather than with the zod schema to keep zod out of a guest's first load.
 */
export function decodeClaims(token: string | null): TokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const { sub, role, primary, sid, exp, iat } = claims as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof role !== 'string' || !knownRoles.has(role)) return null;
    if (typeof sid !== 'string' || typeof exp !== 'number') return null;
    return {
      sub,
      role: role as TokenClaims['role'],
      sid,
      exp,
      ...(typeof primary === 'boolean' ? { primary } : {}),
      ...(typeof iat === 'number' ? { iat } : {}),
    };
  } catch {
    return null;
  }
}
