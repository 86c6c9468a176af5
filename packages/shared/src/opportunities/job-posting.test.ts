import { describe, expect, it } from 'vitest';

import {
  buildJobPosting,
  jobPosting,
  nameSlug,
  opportunityPagePath,
  serializeJsonLd,
  type JobPostingSource,
} from './job-posting.ts';

const source: JobPostingSource = {
  id: 42,
  kind: 'job',
  name: 'Graduate Programme: Technology',
  summary: 'Two years, three rotations.',
  description: 'Join the technology graduate programme.',
  publishedAt: '2026-10-01T08:00:00.000Z',
  opensAt: '2026-10-02T08:00:00.000Z',
  closesAt: '2026-12-15T21:59:59.000Z',
  commencesAt: '2027-02-01T07:00:00.000Z',
  positions: 12,
  currency: 'ZAR',
  valueMin: 380_000,
  valueMax: 420_000,
  employmentType: 'full_time',
  organization: {
    name: 'Indlovu Bank',
    logo: 'https://cdn.example/indlovu.png',
    website: 'https://indlovu.example',
  },
  locations: [
    {
      address: '12 Rivonia Road, Sandton',
      city: 'Sandton',
      province: 'Gauteng',
      country: 'ZA',
      latitude: -26.1,
      longitude: 28.05,
    },
  ],
};

const cape = {
  address: '1 Dock Road, Cape Town',
  city: 'Cape Town',
  province: 'Western Cape',
  country: 'ZA',
  latitude: -33.9,
  longitude: 18.42,
};
const head = {
  address: '3 Fredman Drive, Sandton',
  city: 'Sandton',
  province: null,
  country: 'ZA',
  latitude: -26.107,
  longitude: 28.056,
};

describe('buildJobPosting', () => {
  it('builds schema.org JobPosting JSON-LD for a job', () => {
    const posting = buildJobPosting(source, 'https://pathways.example/');
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Graduate Programme: Technology',
      description: 'Join the technology graduate programme.',
      url: 'https://pathways.example/opportunities/42/graduate-programme-technology',
      identifier: { '@type': 'PropertyValue', name: 'Indlovu Bank', value: '42' },
      datePosted: '2026-10-01',
      validThrough: '2026-12-15T21:59:59.000Z',
      jobStartDate: '2027-02-01',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Indlovu Bank',
        sameAs: 'https://indlovu.example',
        logo: 'https://cdn.example/indlovu.png',
      },
      jobLocation: [
        {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            streetAddress: '12 Rivonia Road, Sandton',
            addressLocality: 'Sandton',
            addressRegion: 'Gauteng',
            addressCountry: 'ZA',
          },
          geo: { '@type': 'GeoCoordinates', latitude: -26.1, longitude: 28.05 },
        },
      ],
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'ZAR',
        value: {
          '@type': 'QuantitativeValue',
          minValue: 380_000,
          maxValue: 420_000,
          unitText: 'YEAR',
        },
      },
      totalJobOpenings: 12,
      employmentType: 'FULL_TIME',
      directApply: true,
    });
    expect(jobPosting.safeParse(posting).success).toBe(true);
  });

  it('leaves out what is not known', () => {
    const posting = buildJobPosting(
      {
        ...source,
        description: null,
        summary: null,
        closesAt: null,
        commencesAt: null,
        positions: null,
        valueMin: null,
        valueMax: null,
        employmentType: null,
        organization: { name: 'Umoya Retail', logo: null, website: null },
        locations: [],
        organizationPlace: null,
      },
      'https://pathways.example',
    );
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: source.name,
      description: source.name,
      url: 'https://pathways.example/opportunities/42/graduate-programme-technology',
      identifier: { '@type': 'PropertyValue', name: 'Umoya Retail', value: '42' },
      datePosted: '2026-10-01',
      hiringOrganization: { '@type': 'Organization', name: 'Umoya Retail' },
      applicantLocationRequirements: { '@type': 'Country', name: 'South Africa' },
      directApply: true,
    });
    expect(jobPosting.safeParse(posting).success).toBe(true);
  });

  it('places a job at each of its own places, not at its organization', () => {
    const posting = buildJobPosting(
      { ...source, locations: [source.locations[0]!, cape], organizationPlace: head },
      'https://x',
    );
    expect(posting?.jobLocation?.map((p) => p.address.streetAddress)).toEqual([
      '12 Rivonia Road, Sandton',
      '1 Dock Road, Cape Town',
    ]);
    expect(posting).not.toHaveProperty('applicantLocationRequirements');
  });

  it("places a job with no place of its own at its organization's address", () => {
    const posting = buildJobPosting(
      { ...source, locations: [], organizationPlace: head },
      'https://x',
    );
    expect(posting?.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '3 Fredman Drive, Sandton',
          addressLocality: 'Sandton',
          addressCountry: 'ZA',
        },
        geo: { '@type': 'GeoCoordinates', latitude: -26.107, longitude: 28.056 },
      },
    ]);
    expect(posting).not.toHaveProperty('applicantLocationRequirements');
    expect(jobPosting.safeParse(posting).success).toBe(true);
  });

  it("gives an organization's address without coordinates no geo", () => {
    const posting = buildJobPosting(
      { ...source, locations: [], organizationPlace: { ...head, latitude: null, longitude: null } },
      'https://x',
    );
    expect(posting?.jobLocation?.[0]?.address.streetAddress).toBe('3 Fredman Drive, Sandton');
    expect(posting?.jobLocation?.[0]).not.toHaveProperty('geo');
    expect(jobPosting.safeParse(posting).success).toBe(true);
  });

  it('names only the country applicants may be in when neither the job nor its organization has an address', () => {
    for (const organizationPlace of [null, undefined]) {
      const posting = buildJobPosting({ ...source, locations: [], organizationPlace }, 'https://x');
      expect(posting).not.toHaveProperty('jobLocation');
      // Not a remote job: nothing says it is, so no jobLocationType is claimed.
      expect(posting).not.toHaveProperty('jobLocationType');
      expect(posting?.applicantLocationRequirements).toEqual({
        '@type': 'Country',
        name: 'South Africa',
      });
    }
  });

  it("keeps a closed job's past closing moment as validThrough, so search engines take it down", () => {
    const posting = buildJobPosting(
      { ...source, opensAt: '2026-08-01T08:00:00.000Z', closesAt: '2026-09-30T21:59:59.000Z' },
      'https://x',
    );
    expect(posting?.validThrough).toBe('2026-09-30T21:59:59.000Z');
  });

  it('has no posting for a job without an opening date: it takes no applications', () => {
    expect(buildJobPosting({ ...source, opensAt: null }, 'https://x')).toBeNull();
    expect(buildJobPosting({ ...source, opensAt: null, closesAt: null }, 'https://x')).toBeNull();
  });

  it('gives a job with no closing date no validThrough (it stays open)', () => {
    expect(buildJobPosting({ ...source, closesAt: null }, 'https://x')).not.toHaveProperty(
      'validThrough',
    );
  });

  it('gives a single salary figure as a value', () => {
    const posting = buildJobPosting({ ...source, valueMin: 250_000, valueMax: null }, 'https://x');
    expect(posting?.baseSalary?.value).toEqual({
      '@type': 'QuantitativeValue',
      value: 250_000,
      unitText: 'YEAR',
    });
  });

  it('names the terms of a job in schema.org words', () => {
    const terms = (employmentType: JobPostingSource['employmentType']) =>
      buildJobPosting({ ...source, employmentType }, 'https://x')?.employmentType;
    expect(terms('part_time')).toBe('PART_TIME');
    expect(terms('contract')).toBe('CONTRACTOR');
    expect(terms('temporary')).toBe('TEMPORARY');
    expect(terms('internship')).toBe('INTERN');
    expect(terms('volunteer')).toBe('VOLUNTEER');
    expect(terms(null)).toBeUndefined();
  });

  it('is null for bursaries, scholarships and drafts', () => {
    expect(buildJobPosting({ ...source, kind: 'bursary' }, 'https://x')).toBeNull();
    expect(buildJobPosting({ ...source, kind: 'scholarship' }, 'https://x')).toBeNull();
    expect(buildJobPosting({ ...source, publishedAt: null }, 'https://x')).toBeNull();
  });
});

describe('opportunityPagePath', () => {
  it('adds a readable name to /opportunities/{id}', () => {
    expect(nameSlug('Articles of Clerkship (2027) — Johannesburg')).toBe(
      'articles-of-clerkship-2027-johannesburg',
    );
    expect(nameSlug('Bursary für Ingénieurs')).toBe('bursary-fur-ingenieurs');
    expect(opportunityPagePath(7, 'LLB Bursary')).toBe('/opportunities/7/llb-bursary');
    expect(opportunityPagePath(7, '???')).toBe('/opportunities/7');
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element it is embedded in', () => {
    const text = serializeJsonLd({ description: '</script><script>alert(1)</script> & more' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(JSON.parse(text)).toEqual({
      description: '</script><script>alert(1)</script> & more',
    });
  });
});
