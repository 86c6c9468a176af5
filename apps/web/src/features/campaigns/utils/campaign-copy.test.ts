import { describe, expect, it } from 'vitest';

import type { PublicCampaign } from '@pathways/shared/campaigns/campaigns.schemas';

import { campaignCopy, campaignDatesLine } from './campaign-copy';

const now = new Date('2026-11-22T10:00:00Z');

function campaign(overrides: Partial<PublicCampaign> = {}): PublicCampaign {
  return {
    id: 1,
    slug: 'baobab',
    name: 'Careers at Baobab Telecom',
    kind: 'organization',
    description: null,
    image: null,
    copy: {},
    startsAt: null,
    endsAt: null,
    organization: { id: 29, name: 'Baobab Telecom', logo: null },
    opportunity: null,
    ...overrides,
  };
}

describe('campaignDatesLine', () => {
  it.each([
    [null, null, null],
    [
      '2026-12-01T12:00:00Z',
      '2027-01-31T12:00:00Z',
      'Opens 1 December 2026, closes 31 January 2027',
    ],
    ['2026-12-01T12:00:00Z', null, 'Opens 1 December 2026'],
    ['2026-11-01T12:00:00Z', '2026-12-15T12:00:00Z', 'Open now, closes 15 December 2026'],
    ['2026-11-01T12:00:00Z', null, 'Open since 1 November 2026'],
    [null, '2026-12-15T12:00:00Z', 'Open now, closes 15 December 2026'],
    ['2026-09-01T12:00:00Z', '2026-10-31T12:00:00Z', 'Closed 31 October 2026'],
  ])('from %s to %s: %s', (startsAt, endsAt, line) => {
    expect(campaignDatesLine({ startsAt, endsAt }, now)).toBe(line);
  });
});

describe('campaignCopy', () => {
  it('falls back to the campaign for every key that is absent or blank', () => {
    expect(campaignCopy(campaign({ copy: { headline: '  ' } }))).toEqual({
      headline: 'Careers at Baobab Telecom',
      tagline: 'Sign up to hear about jobs, bursaries and scholarships at Baobab Telecom.',
      body: null,
      signupTitle: 'Ready to apply for Baobab Telecom?',
      signupText: expect.stringMatching(/^Create your free Pathways profile/),
      signupButton: "Sign up, it's free",
    });
  });

  it('takes the overrides, and the opportunity for an opportunity campaign', () => {
    const copy = campaignCopy(
      campaign({
        kind: 'opportunity',
        description: 'Engineers wanted.',
        opportunity: { id: 3, name: 'Engineering and ICT Bursary' },
        copy: { body: 'Fully funded.', signupButton: 'Start my application' },
      }),
    );
    expect(copy).toMatchObject({
      tagline: 'Engineers wanted.',
      body: 'Fully funded.',
      signupTitle: 'Ready to apply for Engineering and ICT Bursary?',
      signupButton: 'Start my application',
    });
  });
});
