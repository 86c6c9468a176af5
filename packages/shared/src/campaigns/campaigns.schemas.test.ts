import { describe, expect, it } from 'vitest';

import { campaignAliasParam, campaignParam } from './campaigns.schemas.ts';

describe('campaign keys', () => {
  it('takes ids, slugs and legacy codes', () => {
    for (const id of ['42', 'ibtech', 'ib-tech-grad', 'IBTECH2026', 'mpa_ca']) {
      expect(campaignParam.parse({ id })).toEqual({ id });
    }
    expect(campaignAliasParam.parse({ alias: ' ibgt ' })).toEqual({ alias: 'ibgt' });
  });

  it('refuses anything that cannot be a code', () => {
    for (const id of ['', ' ', 'a b', 'a/b', 'a.b', "x';--", 'x'.repeat(101)]) {
      expect(campaignParam.safeParse({ id }).success, id).toBe(false);
    }
  });
});
