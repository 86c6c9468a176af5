import { describe, expect, it } from 'vitest';

import {
  applicantListQuery,
  decodeApplicantCursor,
  encodeApplicantCursor,
  type ApplicantCursor,
} from './applicants.schemas.ts';
import { viewFromSearchParams, viewToSearchParams } from './applicants.url.ts';

const cursor = (over: Partial<ApplicantCursor> = {}): ApplicantCursor => ({
  key: 'profile.lastName.sort',
  direction: 'desc',
  rank: true,
  value: 'Ébert-Nkosi',
  id: 42,
  before: false,
  ...over,
});

describe('the keyset cursor of the server-paged list', () => {
  it('comes back as written, in characters an address keeps as they are', () => {
    for (const c of [
      cursor(),
      cursor({ key: 'createdAt', value: '2026-11-29T08:00:00.123Z', before: true }),
      cursor({ key: 'applicationRating.value', value: null, rank: false }),
      cursor({ key: 'profile.assessmentAggregate', value: 63.333333333333336 }),
    ]) {
      const text = encodeApplicantCursor(c);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeApplicantCursor(text)).toEqual(c);
    }
  });

  it('is refused when it is not one the list wrote', () => {
    const json = (value: unknown) => encodeApplicantCursor(value as ApplicantCursor);
    for (const text of [
      '',
      'not a cursor',
      'e30',
      json({ ...cursor(), id: -1 }),
      json({ ...cursor(), key: 'salary' }),
      // The value's type must follow the sort.
      json(cursor({ key: 'completion', value: 'eighty' })),
      json(cursor({ key: 'profile.lastName.sort', value: 7 })),
      json(cursor({ key: 'createdAt', value: 'yesterday' })),
      json(cursor({ key: 'id', value: null })),
    ]) {
      expect(decodeApplicantCursor(text), text).toBeNull();
    }
    const parsed = applicantListQuery.safeParse({ cursor: 'nonsense' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['cursor']);
  });

  it('rides in the address only beyond the first page', () => {
    const base = {
      filters: {},
      sort: { key: 'createdAt', direction: 'asc' },
      phase: null,
    } as const;
    const text = encodeApplicantCursor(cursor());
    const third = viewToSearchParams({ ...base, page: 3, cursor: text });
    expect(third.get('cursor')).toBe(text);
    expect(viewFromSearchParams(third).cursor).toBe(text);
    expect(viewToSearchParams({ ...base, page: 1, cursor: text }).has('cursor')).toBe(false);
    expect(viewFromSearchParams(new URLSearchParams(`cursor=${text}`)).cursor).toBeUndefined();
    expect(viewFromSearchParams(new URLSearchParams('page=2&cursor=a%20b')).cursor).toBeUndefined();
  });
});
