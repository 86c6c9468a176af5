import { describe, expect, it } from 'vitest';

import { campaignInput } from '@pathways/shared/campaigns/campaigns.schemas';

import { campaignRunText, dayOf, momentOfDay } from './campaign-dates';

const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).toISOString();

describe('momentOfDay', () => {
  it('starts a campaign at the first moment of its first day and ends it at the last of its last', () => {
    expect(momentOfDay('2027-03-01', 'start')).toBe(local(2027, 3, 1));
    expect(momentOfDay('2027-04-30', 'end')).toBe(local(2027, 4, 30, 23, 59, 59, 999));
  });

  it('leaves what is not a whole day for the schema to refuse', () => {
    expect(momentOfDay(null, 'start')).toBeNull();
    expect(momentOfDay('partial', 'end')).toBe('partial');
    expect(momentOfDay('2027-02-30', 'end')).toBe('2027-02-30');
  });

  it('lets a campaign run for one day, and refuses an end before the start', () => {
    const dates = (start: string, end: string) =>
      campaignInput.safeParse({
        name: 'Grads',
        slug: 'grads',
        startsAt: momentOfDay(start, 'start'),
        endsAt: momentOfDay(end, 'end'),
      });
    expect(dates('2027-03-01', '2027-03-01').success).toBe(true);
    const refused = dates('2027-03-01', '2027-02-28');
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['endsAt', 'must be after the start'],
    ]);
  });
});

describe('dayOf', () => {
  it('gives back the day a stored moment falls on', () => {
    expect(dayOf(local(2027, 4, 30, 23, 59, 59, 999))).toBe('2027-04-30');
    expect(dayOf(momentOfDay('2027-03-01', 'start') as string)).toBe('2027-03-01');
    expect(dayOf(null)).toBeNull();
  });
});

describe('campaignRunText', () => {
  const start = local(2027, 3, 1);
  const end = local(2027, 4, 30, 23, 59, 59, 999);
  it.each([
    [start, end, 'Runs 1 March 2027 to 30 April 2027'],
    [start, null, 'From 1 March 2027'],
    [null, end, 'Until 30 April 2027'],
    [null, null, null],
  ])('%s to %s reads %j', (startsAt, endsAt, text) => {
    expect(campaignRunText({ startsAt, endsAt })).toBe(text);
  });
});
