import { describe, expect, it } from 'vitest';

import { campaignSlugOf, finalDestination } from './signup-destination';

const organization = { id: 7, name: 'Ibtech', logo: null };

describe('the final button', () => {
  it('leads to the opportunity of an opportunity campaign', () => {
    expect(
      finalDestination({
        kind: 'opportunity',
        organization,
        opportunity: { id: 3, name: 'Data Bursary' },
      }),
    ).toEqual({ label: 'View Data Bursary', to: '/opportunities/3/data-bursary' });
  });

  it('leads to the organization page of an organization campaign', () => {
    expect(finalDestination({ kind: 'organization', organization, opportunity: null })).toEqual({
      label: 'Visit Ibtech',
      to: '/organizations/7',
    });
  });

  it('leads to all opportunities without a campaign', () => {
    expect(finalDestination(null)).toEqual({ label: 'View opportunities', to: '/opportunities' });
  });

  it('reads the campaign slug of a campaign page only', () => {
    expect(campaignSlugOf('/campaign/ibtech')).toBe('ibtech');
    expect(campaignSlugOf('/campaign/ibtech/')).toBe('ibtech');
    expect(campaignSlugOf('/')).toBeNull();
    expect(campaignSlugOf('/campaign/a/b')).toBeNull();
  });
});
