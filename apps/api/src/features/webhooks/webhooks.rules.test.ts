import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

import { signingSecrets } from './webhooks.delivery.ts';
import { opportunityChangeEvents } from './webhooks.outbox.ts';
import { newSecret, signatureHeader } from './webhooks.sender.ts';

const now = new Date('2026-11-29T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms);
const after = (ms: number) => new Date(now.getTime() + ms);

describe('opportunityChangeEvents', () => {
  it.each([
    [
      'a draft published',
      { publishedAt: null, closesAt: null },
      { publishedAt: now, closesAt: null },
      ['opportunity.published'],
    ],
    [
      'a published one closed now',
      { publishedAt: before(9e6), closesAt: after(9e6) },
      { publishedAt: before(9e6), closesAt: now },
      ['opportunity.closed'],
    ],
    [
      'a published one closed in the past',
      { publishedAt: before(9e6), closesAt: null },
      { publishedAt: before(9e6), closesAt: before(1000) },
      ['opportunity.closed'],
    ],
    [
      'published already closed',
      { publishedAt: null, closesAt: before(1000) },
      { publishedAt: now, closesAt: before(1000) },
      ['opportunity.published'],
    ],
    [
      'a closing date moved later',
      { publishedAt: before(9e6), closesAt: after(1000) },
      { publishedAt: before(9e6), closesAt: after(9e6) },
      [],
    ],
    [
      'a closed one reopened',
      { publishedAt: before(9e6), closesAt: before(1000) },
      { publishedAt: before(9e6), closesAt: after(9e6) },
      [],
    ],
    [
      'a draft closed',
      { publishedAt: null, closesAt: after(1000) },
      { publishedAt: null, closesAt: before(1000) },
      [],
    ],
    [
      'unpublished',
      { publishedAt: before(9e6), closesAt: null },
      { publishedAt: null, closesAt: null },
      [],
    ],
    [
      'published and closed at once',
      { publishedAt: null, closesAt: after(1000) },
      { publishedAt: now, closesAt: now },
      ['opportunity.published', 'opportunity.closed'],
    ],
  ])('%s', (_name, from, to, events) => {
    expect(opportunityChangeEvents(from, to, now)).toEqual(events);
  });
});

describe('signingSecrets', () => {
  const endpoint = { secret: 'whsec_new', previousSecret: 'whsec_old' };
  it('signs with the previous secret too until it expires', () => {
    expect(signingSecrets({ ...endpoint, previousSecretExpiresAt: after(1) }, now)).toEqual([
      'whsec_new',
      'whsec_old',
    ]);
    expect(signingSecrets({ ...endpoint, previousSecretExpiresAt: now }, now)).toEqual([
      'whsec_new',
    ]);
    expect(
      signingSecrets(
        { secret: 'whsec_new', previousSecret: null, previousSecretExpiresAt: null },
        now,
      ),
    ).toEqual(['whsec_new']);
  });
});

describe('signatures', () => {
  it('are Standard Webhooks signatures, one per secret, each verifiable alone', () => {
    const [a, b] = [newSecret(), newSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
    const at = new Date();
    const body = JSON.stringify({ type: 'webhook.test', data: {} });
    const header = signatureHeader([a, b], 'msg_1', at, body);
    expect(header.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': header,
    };
    expect(new Webhook(a).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(b).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(a).verify(`${body} `, headers)).toThrow();
  });
});
