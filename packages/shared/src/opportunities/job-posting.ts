import { z } from 'zod';

import { text } from '../common/text.ts';
import { jobPostingEmploymentTypes, type EmploymentType } from './employment.ts';
import { opportunityPagePath } from './opportunity-path.ts';

// The page address of an opportunity lives apart, without zod, for the pages that only link.
export { nameSlug, opportunityPagePath } from './opportunity-path.ts';
export { scriptSafeJson as serializeJsonLd } from '../common/script-json.ts';

// schema.org JobPosting structured data for the public opportunity page, so search engines can
// list jobs (https://schema.org/JobPosting; Google's job-posting guidelines). Built here, once,
// from the detail the API answers; the web app embeds it in a <script type="application/ld+json">.

const place = z.object({
  '@type': z.literal('Place'),
  address: z.object({
    '@type': z.literal('PostalAddress'),
    streetAddress: text(),
    addressLocality: text().optional(),
    addressRegion: text().optional(),
    addressCountry: text(),
  }),
  geo: z.object({
    '@type': z.literal('GeoCoordinates'),
    latitude: z.number(),
    longitude: z.number(),
  }),
});

export const jobPosting = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('JobPosting'),
  title: text(),
  description: text(),
  url: text(),
  identifier: z.object({
    '@type': z.literal('PropertyValue'),
    name: text(),
    value: text(),
  }),
  datePosted: text(),
  validThrough: text().optional(),
  jobStartDate: text().optional(),
  hiringOrganization: z.object({
    '@type': z.literal('Organization'),
    name: text(),
    sameAs: text().optional(),
    logo: text().optional(),
  }),
  jobLocation: z.array(place).optional(),
  baseSalary: z
    .object({
      '@type': z.literal('MonetaryAmount'),
      currency: text(),
      value: z.object({
        '@type': z.literal('QuantitativeValue'),
        value: z.number().optional(),
        minValue: z.number().optional(),
        maxValue: z.number().optional(),
        unitText: z.literal('YEAR'),
      }),
    })
    .optional(),
  totalJobOpenings: z.number().int().optional(),
  employmentType: text().optional(),
  directApply: z.boolean(),
});
export type JobPosting = z.infer<typeof jobPosting>;

/** What the JSON-LD is built from: the public opportunity detail. */
export interface JobPostingSource {
  id: number;
  kind: 'job' | 'bursary' | 'scholarship';
  name: string;
  summary: string | null;
  description: string | null;
  publishedAt: string | null;
  closesAt: string | null;
  commencesAt: string | null;
  positions: number | null;
  currency: string;
  valueMin: number | null;
  valueMax: number | null;
  employmentType: EmploymentType | null;
  organization: { name: string; logo: string | null; website: string | null };
  locations: {
    address: string;
    city: string | null;
    province: string | null;
    country: string;
    latitude: number;
    longitude: number;
  }[];
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The JobPosting of a job, or null for bursaries and scholarships: search engines accept the
 * markup only for actual job openings, and marking up other content risks the whole site's
 * listing. `appUrl` is the site's origin (`https://pathways.example`).
 */
export function buildJobPosting(source: JobPostingSource, appUrl: string): JobPosting | null {
  if (source.kind !== 'job' || !source.publishedAt) return null;
  const origin = appUrl.replace(/\/+$/, '');
  const posting: JobPosting = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: source.name,
    description: source.description || source.summary || source.name,
    url: `${origin}${opportunityPagePath(source.id, source.name)}`,
    identifier: {
      '@type': 'PropertyValue',
      name: source.organization.name,
      value: String(source.id),
    },
    datePosted: day(source.publishedAt),
    hiringOrganization: {
      '@type': 'Organization',
      name: source.organization.name,
      ...(source.organization.website ? { sameAs: source.organization.website } : {}),
      ...(source.organization.logo ? { logo: source.organization.logo } : {}),
    },
    directApply: true,
  };
  if (source.closesAt) posting.validThrough = source.closesAt;
  if (source.commencesAt) posting.jobStartDate = day(source.commencesAt);
  if (source.locations.length > 0) {
    posting.jobLocation = source.locations.map((l) => ({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: l.address,
        ...(l.city ? { addressLocality: l.city } : {}),
        ...(l.province ? { addressRegion: l.province } : {}),
        addressCountry: l.country,
      },
      geo: { '@type': 'GeoCoordinates', latitude: l.latitude, longitude: l.longitude },
    }));
  }
  const { valueMin, valueMax } = source;
  if (valueMin !== null || valueMax !== null) {
    const value =
      valueMin !== null && valueMax !== null && valueMin !== valueMax
        ? { minValue: valueMin, maxValue: valueMax }
        : { value: (valueMin ?? valueMax) as number };
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: source.currency,
      value: { '@type': 'QuantitativeValue', ...value, unitText: 'YEAR' },
    };
  }
  if (source.positions !== null && source.positions > 0) {
    posting.totalJobOpenings = source.positions;
  }
  if (source.employmentType) {
    posting.employmentType = jobPostingEmploymentTypes[source.employmentType];
  }
  return posting;
}
