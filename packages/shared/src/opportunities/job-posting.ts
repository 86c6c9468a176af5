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
  geo: z
    .object({
      '@type': z.literal('GeoCoordinates'),
      latitude: z.number(),
      longitude: z.number(),
    })
    .optional(),
});

/** Where applicants may be: a country, for a job with no address of its own nor its organization's. */
const country = z.object({
  '@type': z.literal('Country'),
  name: text(),
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
  applicantLocationRequirements: country.optional(),
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

/** A place with an address: an opportunity's, or its organization's. */
export interface JobPostingPlace {
  address: string;
  city: string | null;
  province: string | null;
  country: string;
  /** An organization's address may have no coordinates; an opportunity's place always has. */
  latitude: number | null;
  longitude: number | null;
}

/**
 * The country Pathways lists opportunities in. A job with no place of its own and an organization
 * with no address names it as where applicants may be, not as an address.
 */
export const LISTING_COUNTRY = 'South Africa';

/** What the JSON-LD is built from: the public opportunity detail. */
export interface JobPostingSource {
  id: number;
  kind: 'job' | 'bursary' | 'scholarship';
  name: string;
  summary: string | null;
  description: string | null;
  publishedAt: string | null;
  opensAt: string | null;
  closesAt: string | null;
  commencesAt: string | null;
  positions: number | null;
  currency: string;
  valueMin: number | null;
  valueMax: number | null;
  employmentType: EmploymentType | null;
  organization: { name: string; logo: string | null; website: string | null };
  locations: JobPostingPlace[];
  /** The organization's first address, the job's place when it has none of its own. */
  organizationPlace?: JobPostingPlace | null | undefined;
}

const day = (iso: string) => iso.slice(0, 10);

const placeOf = (l: JobPostingPlace): z.infer<typeof place> => ({
  '@type': 'Place',
  address: {
    '@type': 'PostalAddress',
    streetAddress: l.address,
    ...(l.city ? { addressLocality: l.city } : {}),
    ...(l.province ? { addressRegion: l.province } : {}),
    addressCountry: l.country,
  },
  ...(l.latitude !== null && l.longitude !== null
    ? { geo: { '@type': 'GeoCoordinates', latitude: l.latitude, longitude: l.longitude } }
    : {}),
});

/**
 * The JobPosting of a job, or null for bursaries and scholarships: search engines accept the
 * markup only for actual job openings, and marking up other content risks the whole site's
 * listing. `appUrl` is the site's origin (`https://pathways.example`).
 *
 * Nothing is made up. Where the job is: its own places; else its organization's address; else
 * only the country applicants may be in (`applicantLocationRequirements`). A closed job keeps its
 * closing moment, which has passed, as `validThrough`, so search engines take it down; a job with
 * no opening date takes no applications and has no date that says so, so it has no posting.
 */
export function buildJobPosting(source: JobPostingSource, appUrl: string): JobPosting | null {
  if (source.kind !== 'job' || !source.publishedAt) return null;
  if (source.opensAt === null) return null;
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
    posting.jobLocation = source.locations.map(placeOf);
  } else if (source.organizationPlace) {
    posting.jobLocation = [placeOf(source.organizationPlace)];
  } else {
    posting.applicantLocationRequirements = { '@type': 'Country', name: LISTING_COUNTRY };
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
