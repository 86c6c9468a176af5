import { describe, expect, it } from 'vitest';

import {
  feedJob,
  feedQuery,
  organizationPagePath,
  robotsTxt,
  xmlText,
  type FeedSource,
} from './feeds.ts';
import { valueLine } from '../opportunities/value-line.ts';

const source: FeedSource = {
  id: 42,
  kind: 'job',
  name: 'Graduate Programme: IT',
  summary: 'Two years, three rotations.',
  description: 'Start in February.',
  publishedAt: new Date('2026-11-02T08:30:00Z'),
  closesAt: new Date('2026-12-31T21:59:59Z'),
  currency: 'ZAR',
  valueMin: 320_000,
  valueMax: 320_000,
  employmentType: 'internship',
  organizationName: 'Standard Bank',
  address: '5 Simmonds Street',
  city: 'Johannesburg',
  province: 'Gauteng',
  country: 'ZA',
  locationCount: 1,
};

describe('robotsTxt', () => {
  it('names the sitemap at the site origin, whatever slashes the setting ends with', () => {
    expect(robotsTxt('https://pathways.example/')).toContain(
      'Sitemap: https://pathways.example/sitemap.xml',
    );
    expect(robotsTxt('https://pathways.example')).toContain(
      'Sitemap: https://pathways.example/sitemap.xml',
    );
  });

  it('keeps crawlers out of the signed-in areas and the API only', () => {
    const disallowed = robotsTxt('https://p.example')
      .split('\n')
      .filter((line) => line.startsWith('Disallow:'));
    expect(disallowed).toEqual([
      'Disallow: /candidate/',
      'Disallow: /client/',
      'Disallow: /dev/',
      'Disallow: /api/',
    ]);
  });
});

describe('xmlText', () => {
  it('drops the control characters XML 1.0 cannot carry and keeps tab, line feed and return', () => {
    expect(xmlText('a\u0000b\u0007c\u000Bd\u001Fe')).toBe('abcde');
    expect(xmlText('one\ttwo\nthree\r')).toBe('one\ttwo\nthree\r');
  });

  it('drops lone surrogates and the two non-characters, and keeps pairs', () => {
    expect(xmlText('x\uD800y\uDC00z\uFFFE\uFFFF')).toBe('xyz');
    expect(xmlText('smile 😀')).toBe('smile 😀');
  });

  it('leaves markup characters for the XML writer to escape', () => {
    expect(xmlText('A & B <c> "d"')).toBe('A & B <c> "d"');
  });
});

describe('feedJob', () => {
  it('writes the fields in the feed format, dates in RFC 1123 GMT, the page at its canonical address', () => {
    const job = feedJob(source, 'https://pathways.example/');
    expect(Object.keys(job)).toEqual([
      'title',
      'date',
      'referencenumber',
      'url',
      'company',
      'sourcename',
      'city',
      'state',
      'country',
      'streetaddress',
      'description',
      'salary',
      'jobtype',
      'category',
      'expirationdate',
    ]);
    expect(job).toMatchObject({
      title: 'Graduate Programme: IT',
      date: 'Mon, 02 Nov 2026 08:30:00 GMT',
      referencenumber: '42',
      url: 'https://pathways.example/opportunities/42/graduate-programme-it',
      company: 'Standard Bank',
      city: 'Johannesburg',
      state: 'Gauteng',
      country: 'ZA',
      description: 'Two years, three rotations.\n\nStart in February.',
      salary: valueLine(source),
      jobtype: 'internship',
      category: 'Job',
      expirationdate: 'Thu, 31 Dec 2026 21:59:59 GMT',
    });
  });

  it('leaves out what an opportunity does not have', () => {
    const job = feedJob(
      {
        ...source,
        kind: 'scholarship',
        closesAt: null,
        valueMin: null,
        valueMax: null,
        employmentType: null,
        address: null,
        city: null,
        province: null,
        country: null,
        locationCount: 0,
      },
      'https://p.example',
    );
    for (const field of [
      'expirationdate',
      'salary',
      'jobtype',
      'city',
      'state',
      'country',
      'streetaddress',
    ]) {
      expect(job).not.toHaveProperty(field);
    }
    expect(job.category).toBe('Scholarship');
  });

  it('says how many more places there are, and falls back to the name for an empty text', () => {
    expect(feedJob({ ...source, locationCount: 2 }, 'https://p.example').description).toMatch(
      /Also in 1 other place: see the page\.$/,
    );
    expect(feedJob({ ...source, locationCount: 5 }, 'https://p.example').description).toMatch(
      /Also in 4 other places: see the page\.$/,
    );
    expect(
      feedJob({ ...source, summary: ' ', description: null }, 'https://p.example').description,
    ).toBe('Graduate Programme: IT');
  });

  it('never carries a character XML cannot hold', () => {
    const job = feedJob(
      { ...source, name: 'Bad\u0001Name', organizationName: 'Org\u0008' },
      'https://p.example',
    );
    expect(job.title).toBe('BadName');
    expect(job.company).toBe('Org');
  });
});

describe('organizationPagePath', () => {
  it('is the id and the readable name, or the id alone when the name has no letters', () => {
    expect(organizationPagePath(7, 'Feed Bank & Trust')).toBe('/organizations/7/feed-bank-trust');
    expect(organizationPagePath(7, '—')).toBe('/organizations/7');
  });
});

describe('feedQuery', () => {
  it('reads one kind, a list, or none', () => {
    expect(feedQuery.parse({}).kind).toBeUndefined();
    expect(feedQuery.parse({ kind: '' }).kind).toBeUndefined();
    expect(feedQuery.parse({ kind: 'job' }).kind).toEqual(['job']);
    expect(feedQuery.parse({ kind: 'job, bursary,job' }).kind).toEqual(['job', 'bursary']);
  });

  it('refuses an unknown kind with the list of kinds', () => {
    const result = feedQuery.safeParse({ kind: 'job,internship' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['kind'],
      message: 'must be a list of job, bursary, scholarship',
    });
  });
});
