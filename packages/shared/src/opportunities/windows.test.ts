import { describe, expect, it } from 'vitest';

import { compareOpensAtNewestFirst, isActive, isClosed, isOpen } from './windows.ts';

const now = new Date('2026-11-20T08:00:00.000Z');
const ms = (offset: number) => new Date(now.getTime() + offset);
const DAY = 24 * 60 * 60 * 1000;

describe('isOpen', () => {
  it('is open between opensAt and closesAt', () => {
    expect(isOpen({ opensAt: ms(-DAY), closesAt: ms(DAY) }, now)).toBe(true);
  });

  it('is not open before it opens or after it closes', () => {
    expect(isOpen({ opensAt: ms(DAY), closesAt: ms(2 * DAY) }, now)).toBe(false);
    expect(isOpen({ opensAt: ms(-2 * DAY), closesAt: ms(-DAY) }, now)).toBe(false);
  });

  it('needs opensAt strictly before now and the end strictly after now', () => {
    expect(isOpen({ opensAt: now, closesAt: ms(DAY) }, now)).toBe(false);
    expect(isOpen({ opensAt: ms(-1), closesAt: ms(DAY) }, now)).toBe(true);
    expect(isOpen({ opensAt: ms(-DAY), closesAt: now }, now)).toBe(false);
    expect(isOpen({ opensAt: ms(-DAY), closesAt: ms(1) }, now)).toBe(true);
  });

  it('is not open without an opening date, and stays open without an end', () => {
    expect(isOpen({ opensAt: null, closesAt: ms(DAY) }, now)).toBe(false);
    expect(isOpen({ opensAt: undefined, closesAt: undefined }, now)).toBe(false);
    expect(isOpen({ opensAt: ms(-DAY), closesAt: null }, now)).toBe(true);
  });

  it('uses commencesAt as the end when asked', () => {
    const closedButNotCommenced = {
      opensAt: ms(-10 * DAY),
      closesAt: ms(-DAY),
      commencesAt: ms(30 * DAY),
    };
    expect(isOpen(closedButNotCommenced, now)).toBe(false);
    expect(isOpen(closedButNotCommenced, now, { useCommencement: true })).toBe(true);
    const commenced = { opensAt: ms(-10 * DAY), closesAt: ms(DAY), commencesAt: ms(-1) };
    expect(isOpen(commenced, now)).toBe(true);
    expect(isOpen(commenced, now, { useCommencement: true })).toBe(false);
    expect(
      isOpen({ opensAt: ms(-DAY), closesAt: ms(-1), commencesAt: null }, now, {
        useCommencement: true,
      }),
    ).toBe(true);
  });

  it('accepts ISO strings as they arrive in JSON, and ignores unreadable ones', () => {
    expect(
      isOpen({ opensAt: '2026-11-19T08:00:00.000Z', closesAt: '2026-11-21T08:00:00Z' }, now),
    ).toBe(true);
    expect(isOpen({ opensAt: 'not a date', closesAt: '2026-11-21T08:00:00Z' }, now)).toBe(false);
    expect(isOpen({ opensAt: '2026-11-19T08:00:00Z', closesAt: 'soon' }, now)).toBe(true);
  });
});

describe('isClosed', () => {
  it('is closed once its closing moment has come, exactly then included', () => {
    expect(isClosed({ closesAt: ms(-DAY) }, now)).toBe(true);
    expect(isClosed({ closesAt: now }, now)).toBe(true);
    expect(isClosed({ closesAt: ms(1) }, now)).toBe(false);
  });

  it('never closes without a closing date, and reads ISO strings', () => {
    expect(isClosed({ closesAt: null }, now)).toBe(false);
    expect(isClosed({ closesAt: undefined }, now)).toBe(false);
    expect(isClosed({ closesAt: '2026-11-19T08:00:00Z' }, now)).toBe(true);
    expect(isClosed({ closesAt: 'soon' }, now)).toBe(false);
  });

  it('is never both open and closed, and one still to open is neither', () => {
    const windows = [-DAY, -1, 0, 1, DAY].flatMap((opens) =>
      [-DAY, -1, 0, 1, DAY, null].map((closes) => ({
        opensAt: ms(opens),
        closesAt: closes === null ? null : ms(closes),
      })),
    );
    for (const window of windows) {
      expect(isOpen(window, now) && isClosed(window, now)).toBe(false);
    }
    const upcoming = { opensAt: ms(DAY), closesAt: ms(2 * DAY) };
    expect([isOpen(upcoming, now), isClosed(upcoming, now)]).toEqual([false, false]);
  });
});

describe('isActive', () => {
  it('is active when published in the past and not commenced', () => {
    expect(isActive({ publishedAt: ms(-DAY), commencesAt: ms(DAY) }, now)).toBe(true);
    expect(isActive({ publishedAt: ms(-DAY), commencesAt: null }, now)).toBe(true);
  });

  it('is not active once it has commenced', () => {
    expect(isActive({ publishedAt: ms(-DAY), commencesAt: ms(-1) }, now)).toBe(false);
    expect(isActive({ publishedAt: ms(-DAY), commencesAt: now }, now)).toBe(false);
  });

  it('is not active as a draft or when published in the future', () => {
    expect(isActive({ publishedAt: null, commencesAt: ms(DAY) }, now)).toBe(false);
    expect(isActive({ publishedAt: ms(DAY), commencesAt: ms(2 * DAY) }, now)).toBe(false);
    expect(isActive({ publishedAt: now, commencesAt: null }, now)).toBe(false);
  });

  it('does not depend on the application window', () => {
    // Closed for applications but still active until it commences.
    expect(isActive({ publishedAt: ms(-90 * DAY), commencesAt: ms(30 * DAY) }, now)).toBe(true);
  });
});

describe('compareOpensAtNewestFirst', () => {
  it('sorts by opensAt, newest first, unset last, then by id descending', () => {
    const list = [
      { id: 1, opensAt: ms(-5 * DAY) },
      { id: 2, opensAt: null },
      { id: 3, opensAt: ms(-DAY).toISOString() },
      { id: 4, opensAt: ms(-5 * DAY) },
      { id: 5, opensAt: ms(DAY) },
    ];
    expect([...list].sort(compareOpensAtNewestFirst).map((o) => o.id)).toEqual([5, 3, 4, 1, 2]);
  });
});
