import { describe, expect, it } from 'vitest';

import { confirmationLinkOutcome, linkAddressConfirmed } from './confirmation-link.ts';

const at = new Date('2026-03-10T12:00:00Z');
const before = new Date('2026-03-10T11:00:00Z');
const after = new Date('2026-03-10T13:00:00Z');

const account = (over: Partial<Parameters<typeof linkAddressConfirmed>[0]> = {}) => ({
  email: 'lerato@example.test',
  unconfirmedEmail: null,
  confirmedAt: null,
  ...over,
});
const link = (over: Partial<Parameters<typeof linkAddressConfirmed>[1]> = {}) => ({
  email: 'lerato@example.test',
  expiresAt: after,
  usedAt: null,
  ...over,
});

describe('linkAddressConfirmed', () => {
  it('holds only for the account’s own address, confirmed, with no new one waiting', () => {
    expect(linkAddressConfirmed(account({ confirmedAt: before }), link())).toBe(true);
    expect(linkAddressConfirmed(account(), link())).toBe(false);
    expect(
      linkAddressConfirmed(account({ confirmedAt: before, unconfirmedEmail: 'n@x.test' }), link()),
    ).toBe(false);
    expect(linkAddressConfirmed(account({ confirmedAt: before, email: 'n@x.test' }), link())).toBe(
      false,
    );
  });
});

describe('confirmationLinkOutcome', () => {
  it('confirms with an unused link within its validity', () => {
    expect(confirmationLinkOutcome(account(), link(), at)).toBe('confirm');
  });

  it('says only "already confirmed" once the address is, used or expired alike', () => {
    const confirmed = account({ confirmedAt: before });
    expect(confirmationLinkOutcome(confirmed, link({ usedAt: before }), at)).toBe(
      'already_confirmed',
    );
    expect(confirmationLinkOutcome(confirmed, link(), at)).toBe('already_confirmed');
    expect(confirmationLinkOutcome(confirmed, link({ expiresAt: before }), at)).toBe(
      'already_confirmed',
    );
  });

  it('refuses a used link of an address not confirmed through it', () => {
    // Replaced by a newer link before being followed.
    expect(confirmationLinkOutcome(account(), link({ usedAt: before }), at)).toBe('invalid');
    // The account moved on to another address since.
    const moved = account({ email: 'new@example.test', confirmedAt: before });
    expect(confirmationLinkOutcome(moved, link({ usedAt: before }), at)).toBe('invalid');
    // A new address waits for its own link.
    const pending = account({ confirmedAt: before, unconfirmedEmail: 'new@example.test' });
    expect(confirmationLinkOutcome(pending, link({ usedAt: before }), at)).toBe('invalid');
  });

  it('says an unused link past its validity has expired, at its last instant too', () => {
    expect(confirmationLinkOutcome(account(), link({ expiresAt: before }), at)).toBe('expired');
    expect(confirmationLinkOutcome(account(), link({ expiresAt: at }), at)).toBe('expired');
  });

  it('confirms a new address through its own link while the old one stays confirmed', () => {
    const pending = account({ confirmedAt: before, unconfirmedEmail: 'new@example.test' });
    expect(confirmationLinkOutcome(pending, link({ email: 'new@example.test' }), at)).toBe(
      'confirm',
    );
  });
});
