import { describe, expect, it } from 'vitest';

import { isCountableView, isOwnOrganizationView } from './visit-filter.ts';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('which page views count', () => {
  it('counts a browser on the product’s own page', () => {
    for (const agent of [CHROME, FIREFOX, SAFARI]) {
      expect(isCountableView({ 'user-agent': agent, 'sec-fetch-site': 'same-origin' })).toBe(true);
    }
    // A phone whose maker's name ends in "bot".
    const cubot =
      'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 Chrome/120.0 Mobile';
    expect(isCountableView({ 'user-agent': cubot })).toBe(true);
    // Older browsers send no Sec-Fetch-Site.
    expect(isCountableView({ 'user-agent': FIREFOX })).toBe(true);
  });

  it('ignores requests without a user agent', () => {
    expect(isCountableView({})).toBe(false);
    expect(isCountableView({ 'user-agent': '  ' })).toBe(false);
  });

  it('ignores crawlers, previewers, headless browsers and HTTP libraries', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0) Chrome/116.0',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse',
      'curl/8.5.0',
      'python-requests/2.32.3',
      'node-fetch/1.0',
      'Go-http-client/1.1',
      'Mozilla/5.0 (compatible; YandexBot)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    ]) {
      expect(isCountableView({ 'user-agent': agent }), agent).toBe(false);
    }
  });

  it('ignores prefetches and prerenders', () => {
    expect(isCountableView({ 'user-agent': CHROME, 'sec-purpose': 'prefetch' })).toBe(false);
    expect(isCountableView({ 'user-agent': CHROME, 'sec-purpose': 'prefetch;prerender' })).toBe(
      false,
    );
    expect(isCountableView({ 'user-agent': FIREFOX, purpose: 'prefetch' })).toBe(false);
  });

  it('ignores views reported from another site', () => {
    expect(isCountableView({ 'user-agent': CHROME, 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(isCountableView({ 'user-agent': CHROME, 'sec-fetch-site': 'same-site' })).toBe(false);
  });
});

describe("whose views are the organization's own", () => {
  const ORGANIZATION = 7;

  it('a client user of the campaign’s organization is looking at their own page', () => {
    expect(
      isOwnOrganizationView({ role: 'client', organizationId: ORGANIZATION }, ORGANIZATION),
    ).toBe(true);
  });

  it('a guest, a candidate and an admin are visitors', () => {
    expect(isOwnOrganizationView(null, ORGANIZATION)).toBe(false);
    expect(isOwnOrganizationView({ role: 'candidate', organizationId: null }, ORGANIZATION)).toBe(
      false,
    );
    expect(isOwnOrganizationView({ role: 'admin', organizationId: null }, ORGANIZATION)).toBe(
      false,
    );
  });

  it('a client user of another organization, or of none, is a visitor', () => {
    expect(isOwnOrganizationView({ role: 'client', organizationId: 8 }, ORGANIZATION)).toBe(false);
    expect(isOwnOrganizationView({ role: 'client', organizationId: null }, ORGANIZATION)).toBe(
      false,
    );
  });

  it('an organization id on anyone but a client user does not make the view their own', () => {
    expect(
      isOwnOrganizationView({ role: 'candidate', organizationId: ORGANIZATION }, ORGANIZATION),
    ).toBe(false);
  });
});
