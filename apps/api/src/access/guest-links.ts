import { createHash, randomBytes } from 'node:crypto';

import { guestLinkMessages } from '@pathways/shared/common/guest-links';

import type { DbOrTx } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import * as repo from './guest-links.repository.ts';

/**
 * What a guest link opens. `interview`: an interview and its scorecard, for one interviewer
 * without an account (the subject is their interview_interviewers row). `feedback`: a feedback
 * request, for one person outside the organization asked by e-mail (the subject is their
 * feedback_request_guests row).
 */
export type GuestLinkPurpose = 'interview' | 'feedback';

/**
 * The answer of every link that opens nothing (unknown, expired, revoked, or what it opened is
 * gone): one 404, the same for each, so a guess learns nothing.
 */
export const linkClosed = () => notFound(guestLinkMessages.closed);

/** The token's SHA-256, the only form in which it is kept. */
export const tokenHashOf = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('base64url');

/**
 * Issues a link for someone without an account to open one thing: a random 256-bit token, given
 * back once (to put in an e-mail) and kept only as its hash, for one purpose and subject, until
 * `expiresAt` or until revoked. Several links may be live for one subject (each e-mail its own).
 */
export async function issueGuestLink(
  db: DbOrTx,
  link: { purpose: GuestLinkPurpose; subjectId: number; email: string; expiresAt: Date; at: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertLink(db, { ...link, tokenHash: tokenHashOf(token) });
  return token;
}

/**
 * The subject a live link of this purpose opens; an unknown, expired or revoked token answers
 * 404, the same for each, so a guess learns nothing.
 */
export async function openGuestLink(
  db: DbOrTx,
  token: string,
  purpose: GuestLinkPurpose,
  at: Date,
): Promise<{ subjectId: number; email: string }> {
  const row = await repo.useLink(db, tokenHashOf(token), purpose, at);
  if (!row) throw linkClosed();
  return row;
}

/** Ends every link of these subjects (the interview was cancelled, say). */
export async function revokeGuestLinks(
  db: DbOrTx,
  purpose: GuestLinkPurpose,
  subjectIds: readonly number[],
  at: Date,
): Promise<void> {
  await repo.revokeLinks(db, purpose, subjectIds, at);
}
