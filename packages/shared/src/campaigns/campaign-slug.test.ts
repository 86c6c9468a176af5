import { describe, expect, it } from 'vitest';

import {
  reservedSlugs,
  SLUG_MAX_CHARS,
  slugMessages,
  slugProblem,
  suggestSlug,
} from './campaign-slug.ts';
import { campaignInput, campaignPatch } from './campaigns.schemas.ts';

describe('slugProblem', () => {
  it.each([
    'ibtech',
    'ib-tech-grad',
    'bursaries-2027',
    '2027-bursaries',
    'a1',
    'x'.repeat(SLUG_MAX_CHARS),
    'client-day', // a page name inside a longer slug is fine
  ])('accepts %s', (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });

  it.each([
    ['', slugMessages.required],
    ['x'.repeat(SLUG_MAX_CHARS + 1), slugMessages.tooLong],
    ['IBTech', slugMessages.characters],
    ['mpa_ca', slugMessages.characters],
    ['ib tech', slugMessages.characters],
    ['ib/tech', slugMessages.characters],
    ['ib.tech', slugMessages.characters],
    ['bursário', slugMessages.characters],
    ['-ibtech', slugMessages.edges],
    ['ibtech-', slugMessages.edges],
    ['-', slugMessages.edges],
    ['ib--tech', slugMessages.doubleHyphen],
    ['a', slugMessages.tooShort],
    ['42', slugMessages.digitsOnly],
    ['2027', slugMessages.digitsOnly],
    ['login', slugMessages.appPage],
    ['employers', slugMessages.appPage],
    ['opportunities', slugMessages.appPage],
    ['dashboard', slugMessages.appPage],
    ['client', slugMessages.appPage],
    ['candidate', slugMessages.appPage],
    ['campaign', slugMessages.appPage],
    ['organizations', slugMessages.appPage],
    ['listings', slugMessages.appPage],
    ['api', slugMessages.appPage],
    ['assets', slugMessages.appPage],
  ])('refuses %j: %s', (slug, message) => {
    expect(slugProblem(slug)).toBe(message);
  });

  it('reserves the first segment of every app path, so no alias hides a page', () => {
    for (const segment of ['login', 'employers', 'client', 'candidate', '404', 'password_reset']) {
      expect(reservedSlugs.has(segment), segment).toBe(true);
    }
  });
});

describe('suggestSlug', () => {
  it.each([
    ['IB Tech Graduates', 'ib-tech-graduates'],
    ['Bursaries 2027: Engineering & IT', 'bursaries-2027-engineering-it'],
    ['  Café Société  ', 'cafe-societe'],
    ['Law -- Articles', 'law-articles'],
    ['2027', 'campaign-2027'],
    ['Login', 'campaign-login'],
    ['!!!', 'new-campaign'],
    ['', 'new-campaign'],
    ['X', 'campaign-x'],
  ])('%j gives %j', (name, slug) => {
    expect(suggestSlug(name)).toBe(slug);
  });

  it('cuts a long name at a word within the limit', () => {
    const slug = suggestSlug('Graduate programme '.repeat(10));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_CHARS);
    expect(slug).toMatch(/^graduate-programme(-graduate|-programme)*$/);
    expect(slugProblem(slug)).toBeNull();
  });

  it('always suggests a slug that passes the rules', () => {
    for (const name of ['a', '-', '12', 'api', 'Ünïcödé', 'x'.repeat(200), 'a b c d e f']) {
      expect(slugProblem(suggestSlug(name)), name).toBeNull();
    }
  });
});

describe('campaignInput', () => {
  it('fills defaults and trims', () => {
    expect(campaignInput.parse({ name: ' Grads ', slug: ' grads ' })).toEqual({
      name: 'Grads',
      slug: 'grads',
      description: null,
      opportunityId: null,
      startsAt: null,
      endsAt: null,
      copy: {},
      aliases: [],
    });
  });

  it('names each field that is wrong', () => {
    const result = campaignInput.safeParse({
      name: '',
      slug: 'Login',
      copy: { headline: 'x'.repeat(121), signupButton: 'Join' },
      startsAt: '2027-02-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byPath).toEqual({
      name: 'must be provided',
      slug: slugMessages.characters,
      'copy.headline': 'must be at most 120 characters',
      endsAt: 'must be after the start',
    });
  });

  it('blank description becomes none', () => {
    expect(campaignPatch.parse({ description: '  ' })).toEqual({ description: null });
  });
});
