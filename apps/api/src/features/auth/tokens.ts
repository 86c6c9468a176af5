import { createHash, randomBytes } from 'node:crypto';

import { tokenClaims, type Role, type TokenClaims } from '@pathways/shared/auth/auth.schemas';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

import { AppError } from '../../lib/app-error.ts';

// Only HS256 is accepted: a token signed otherwise, or with `alg: none`, never verifies.
const ALGORITHM = 'HS256';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function signAccessToken(
  secret: string,
  claims: { userId: number; role: Role; primary: boolean; sessionId: string },
  issuedAt: Date,
  expiresAt: Date,
): Promise<string> {
  const payload: Record<string, unknown> = { role: claims.role, sid: claims.sessionId };
  if (claims.role === 'client') payload.primary = claims.primary;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** Verifies signature, algorithm and expiry; answers 401 with a code that says which. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: now,
    });
    const claims = tokenClaims.safeParse(payload);
    if (!claims.success) throw new AppError('unauthenticated', 'Invalid token');
    return claims.data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) {
      throw new AppError('session_expired', 'Your session has expired');
    }
    throw new AppError('unauthenticated', 'Invalid token');
  }
}

/** Reads `Authorization: Bearer <token>`; anything else is no token. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** A one-time link token: the e-mail carries the token, the database only its SHA-256. */
export function generateLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
