import { describe, expect, it } from 'vitest';

import { displayedSort, sortChoices } from './sort-options';

describe('displayedSort', () => {
  it('is nearest first with a centre and newest first without (the API defaults)', () => {
    expect(displayedSort(null, true)).toBe('distance_in_meters ASC');
    expect(displayedSort(null, false)).toBe('opens_at DESC');
  });

  it('keeps a chosen sort, except distance without a centre', () => {
    expect(displayedSort({ field: 'name', direction: 'ASC' }, false)).toBe('name ASC');
    expect(displayedSort({ field: 'distance_in_meters', direction: 'ASC' }, false)).toBe(
      'opens_at DESC',
    );
  });
});

describe('sortChoices', () => {
  it('offers four sorts and disables distance without a centre', () => {
    const choices = sortChoices('opens_at DESC', false);
    expect(choices.map((c) => c.label)).toEqual([
      'Nearest first (choose a place)',
      'Newest first',
      'Closing soonest',
      'Name (A to Z)',
    ]);
    expect(choices[0]?.disabled).toBe(true);
    expect(sortChoices('opens_at DESC', true)[0]).toEqual({
      value: 'distance_in_meters ASC',
      label: 'Nearest first',
      disabled: false,
    });
  });

  it('adds the current sort when a shared link chose another', () => {
    const choices = sortChoices('name DESC', true);
    expect(choices).toHaveLength(5);
    expect(choices[4]).toEqual({ value: 'name DESC', label: 'Name (Z to A)', disabled: false });
  });
});
