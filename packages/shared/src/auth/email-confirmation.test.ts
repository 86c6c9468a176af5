import { describe, expect, it } from 'vitest';

import { emailConfirmationState } from './email-confirmation.ts';

const sent = new Date('2026-11-20T10:00:00Z');

describe('emailConfirmationState', () => {
  it('is confirmed whenever confirmedAt is set', () => {
    expect(emailConfirmationState({ confirmationSentAt: sent, confirmedAt: sent })).toEqual({
      kind: 'confirmed',
    });
  });
  it('needs nothing when no link was ever sent', () => {
    expect(emailConfirmationState({ confirmationSentAt: null, confirmedAt: null })).toEqual({
      kind: 'not_requested',
    });
  });
  it('is pending for one day after sending, then expired', () => {
    const justBefore = new Date(sent.getTime() + 24 * 3600_000 - 1);
    const at = new Date(sent.getTime() + 24 * 3600_000);
    expect(
      emailConfirmationState(
        { confirmationSentAt: sent.toISOString(), confirmedAt: null },
        justBefore,
      ),
    ).toEqual({
      kind: 'pending',
      expiresAt: at,
    });
    expect(emailConfirmationState({ confirmationSentAt: sent, confirmedAt: null }, at)).toEqual({
      kind: 'expired',
      expiredAt: at,
    });
  });
});
