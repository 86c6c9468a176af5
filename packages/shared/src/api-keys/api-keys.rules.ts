// The pure rules of organization API keys: what a key looks like, and what its scopes let it do.

/** The areas of the client API a key can be given, in the order pages show them. */
export const apiKeyAreas = [
  'opportunities',
  'applications',
  'candidates',
  'campaigns',
  'analytics',
] as const;
export type ApiKeyArea = (typeof apiKeyAreas)[number];

/** What an operation does in its area; a key with `write` on an area may also read it. */
export const apiKeyAccesses = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof apiKeyAccesses)[number];

/** A key's scopes: for each area it may use, read or write. An area left out is closed. */
export type ApiKeyScopes = Partial<Record<ApiKeyArea, ApiKeyAccess>>;

/** What an operation needs of a key: an area and whether it reads or writes there. */
export interface ApiKeyRule {
  area: ApiKeyArea;
  access: ApiKeyAccess;
}

/** Every key starts so, so logs, secret scanners and people recognize one. */
export const API_KEY_PREFIX = 'pwk_';

/** The public id's length (lower-case letters and digits): it names the key, never proves it. */
export const API_KEY_ID_LENGTH = 8;

/** The secret's length: 256 random bits in base64url. */
export const API_KEY_SECRET_LENGTH = 43;

const keyPattern = new RegExp(
  `^${API_KEY_PREFIX}([a-z0-9]{${API_KEY_ID_LENGTH}})_([A-Za-z0-9_-]{${API_KEY_SECRET_LENGTH}})$`,
);

/** Whether a scope grants an operation's need: write grants read, read never grants write. */
export function scopeAllows(scopes: ApiKeyScopes, rule: ApiKeyRule): boolean {
  const granted = scopes[rule.area];
  if (!granted) return false;
  return granted === 'write' || rule.access === 'read';
}

/** What an HTTP method does when an operation does not say: GET and HEAD read, others write. */
export function accessOfMethod(method: string): ApiKeyAccess {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD' ? 'read' : 'write';
}

/** Whether a bearer token is written as an API key (whether it is a live one is the server's). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A key's public id and secret, or null when the text is not written as a key. */
export function parseApiKey(token: string): { publicId: string; secret: string } | null {
  const match = keyPattern.exec(token);
  return match ? { publicId: match[1]!, secret: match[2]! } : null;
}

/** The full key from its parts: what its creator is shown once. */
export function formatApiKey(publicId: string, secret: string): string {
  return `${API_KEY_PREFIX}${publicId}_${secret}`;
}

/** How a list shows a key without its secret: `pwk_ab12cd34_…`. */
export function apiKeyDisplayPrefix(publicId: string): string {
  return `${API_KEY_PREFIX}${publicId}_…`;
}

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

/** A key's state at a moment: revoked wins over expired; a key expires at its expiry instant. */
export function apiKeyStatus(
  key: { revokedAt: string | Date | null; expiresAt: string | Date | null },
  at: Date,
): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= at.getTime()) return 'expired';
  return 'active';
}

/** Scopes written the way docs and the API document show them: `applications:read`. */
export function describeRule(rule: ApiKeyRule): string {
  return `${rule.area}:${rule.access}`;
}

/** How long a key may live at most, in days. */
export const API_KEY_MAX_LIFETIME_DAYS = 730;

/** What is wrong with a chosen expiry at a moment, or null: in the future, at most 2 years on. */
export function expiryProblem(expiresAt: Date | null, at: Date): 'past' | 'tooFar' | null {
  if (!expiresAt) return null;
  if (expiresAt.getTime() <= at.getTime()) return 'past';
  if (expiresAt.getTime() > at.getTime() + API_KEY_MAX_LIFETIME_DAYS * 86_400_000) return 'tooFar';
  return null;
}
