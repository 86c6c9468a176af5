import { describe, expect, it } from 'vitest';

import {
  campaignAnalyticsMessages,
  campaignAnalyticsQuery,
  DEFAULT_CAMPAIGN_ANALYTICS_WEEKS,
} from './campaign-analytics.schemas.ts';

describe('the campaign analytics query', () => {
  it('takes 12, 26, 52 or 104 weeks, from the query string, 26 when not given', () => {
    expect(campaignAnalyticsQuery.parse({})).toEqual({ weeks: DEFAULT_CAMPAIGN_ANALYTICS_WEEKS });
    for (const weeks of ['12', '26', '52', '104']) {
      expect(campaignAnalyticsQuery.parse({ weeks })).toEqual({ weeks: Number(weeks) });
    }
  });

  it('refuses any other number of weeks, and what is no number, with one message', () => {
    for (const weeks of ['0', '7', '13', '105', '26.5', 'abc', '-12']) {
      const result = campaignAnalyticsQuery.safeParse({ weeks });
      expect(result.success, weeks).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        campaignAnalyticsMessages.weeks,
      ]);
    }
  });
});
