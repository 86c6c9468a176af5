import { EMAIL_LINK_VALIDITY_MS } from '../common/constants.ts';

export type EmailConfirmationState =
  | { kind: 'confirmed' }
  | { kind: 'not_requested' }
  | { kind: 'pending'; expiresAt: Date }
  | { kind: 'expired'; expiredAt: Date };

/**
 * Confirmation is needed when the user has a confirmationSentAt and no
 * confirmedAt; the link is valid for 1 day after it was sent.
 */
export function emailConfirmationState(
  user: { confirmationSentAt: string | Date | null; confirmedAt: string | Date | null },
  now: Date = new Date(),
): EmailConfirmationState {
  if (user.confirmedAt) return { kind: 'confirmed' };
  if (!user.confirmationSentAt) return { kind: 'not_requested' };
  const expiresAt = new Date(new Date(user.confirmationSentAt).getTime() + EMAIL_LINK_VALIDITY_MS);
  return expiresAt.getTime() > now.getTime()
    ? { kind: 'pending', expiresAt }
    : { kind: 'expired', expiredAt: expiresAt };
}
