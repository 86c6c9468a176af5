/** What following an e-mail confirmation link does. */
export type ConfirmationLinkOutcome =
  /** Confirms the link's address and answers the user: the link's one use. */
  | 'confirm'
  /** The link's address is the account's, confirmed: said so, with no personal data. */
  | 'already_confirmed'
  /** Used (or replaced by a newer link) for an address not confirmed through it. */
  | 'invalid'
  | 'expired';

export interface LinkAccount {
  email: string;
  unconfirmedEmail: string | null;
  confirmedAt: Date | null;
}

export interface ConfirmationLink {
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Whether the link's address is the account's address and is confirmed. */
export function linkAddressConfirmed(account: LinkAccount, link: ConfirmationLink): boolean {
  return Boolean(account.confirmedAt) && !account.unconfirmedEmail && account.email === link.email;
}

/**
 * A link confirms once, unused and within its validity. Once its address is confirmed, any
 * later following, expired or not, says only that; a used link of an address not confirmed
 * (a newer link replaced it, or the address changed since) is not valid; an unused one past
 * its validity has expired.
 */
export function confirmationLinkOutcome(
  account: LinkAccount,
  link: ConfirmationLink,
  at: Date,
): ConfirmationLinkOutcome {
  if (linkAddressConfirmed(account, link)) return 'already_confirmed';
  if (link.usedAt) return 'invalid';
  if (link.expiresAt <= at) return 'expired';
  return 'confirm';
}
