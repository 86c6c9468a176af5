import { describe, expect, it } from 'vitest';

import { nextLoadPage } from './get-applicants';

const page = (n: number, items: number, total: number) => ({
  page: n,
  per: 250,
  total,
  items: Array.from({ length: items }) as never[],
});

describe('nextLoadPage', () => {
  it('asks for the next page until the total has arrived', () => {
    expect(nextLoadPage([page(1, 250, 600)])).toBe(2);
    expect(nextLoadPage([page(1, 250, 600), page(2, 250, 600)])).toBe(3);
    expect(nextLoadPage([page(1, 250, 600), page(2, 250, 600), page(3, 100, 600)])).toBeUndefined();
  });
  it('stops at an exact multiple of the page size', () => {
    expect(nextLoadPage([page(1, 250, 250)])).toBeUndefined();
  });
  it('stops on an empty page even when the total said more (rows went away meanwhile)', () => {
    expect(nextLoadPage([page(1, 250, 600), page(2, 0, 600)])).toBeUndefined();
    expect(nextLoadPage([page(1, 0, 0)])).toBeUndefined();
    expect(nextLoadPage([])).toBeUndefined();
  });
});
