import { z } from 'zod';

import { nameSlug, opportunityPagePath } from '../opportunities/opportunity-path.ts';
import { opportunityKinds, type OpportunityKind } from '../opportunities/search.ts';
import { paths } from '../navigation/paths.ts';
import { valueLine } from '../opportunities/value-line.ts';
import { feedJobTypes, type EmploymentType } from '../opportunities/employment.ts';

// What the site gives crawlers and job boards: robots.txt, the sitemap's entries and the job
// feed's entries. Only opportunities open now (published, inside their application window) are
// listed, so a closed one leaves the feeds and the sitemap by itself.

/** Most addresses one sitemap file may hold (the sitemap protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/** How long crawlers and job boards may keep a feed or a sitemap before asking again. */
export const FEED_MAX_AGE_S = 900;

/** `?kind=job` or `?kind=job,bursary`: the kinds a feed lists (all when absent). */
export const feedQuery = z.object({
  kind: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return undefined;
      const kinds = value.split(',').map((part) => part.trim());
      const unknown = kinds.filter(
        (kind) => !(opportunityKinds as readonly string[]).includes(kind),
      );
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `must be a list of ${opportunityKinds.join(', ')}`,
        });
        return z.NEVER;
      }
      return [...new Set(kinds)] as OpportunityKind[];
    }),
});
export type FeedQuery = z.output<typeof feedQuery>;

/** The public pages that are always in the sitemap, whatever is open. */
export const sitemapPages = [paths.home, paths.opportunities, paths.employers] as const;

/** robots.txt: public pages may be crawled, signed-in areas and the API not; where the sitemap is. */
export function robotsTxt(appUrl: string): string {
  const origin = appUrl.replace(/\/+$/, '');
  return [
    '# Public pages (home, opportunities, organizations, listings, campaigns) may be crawled;',
    '# the signed-in areas show nothing to a crawler.',
    'User-agent: *',
    'Allow: /',
    'Disallow: /candidate/',
    'Disallow: /client/',
    'Disallow: /dev/',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The canonical page of an organization, `/organizations/{id}/{name}`. */
export function organizationPagePath(id: number, name: string): string {
  const slug = nameSlug(name);
  return slug ? `${paths.organization(id)}/${slug}` : paths.organization(id);
}

// XML 1.0 allows tab, line feed, carriage return and the characters from U+0020 on, except the
// surrogates on their own and U+FFFE/U+FFFF. Anything else in a text makes the whole document
// unreadable to a strict parser, so it is dropped.
const notXml =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text that any XML 1.0 parser reads: the characters XML cannot carry are left out. */
export function xmlText(value: string): string {
  return value.replace(notXml, '');
}

/** An open opportunity as the job feed describes it. */
export interface FeedSource {
  id: number;
  kind: OpportunityKind;
  name: string;
  summary: string | null;
  description: string | null;
  publishedAt: Date;
  closesAt: Date | null;
  currency: string;
  valueMin: number | null;
  valueMax: number | null;
  employmentType: EmploymentType | null;
  organizationName: string;
  address: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  locationCount: number;
}

const kindLabel: Record<OpportunityKind, string> = {
  job: 'Job',
  bursary: 'Bursary',
  scholarship: 'Scholarship',
};

/**
 * One `<job>` of the job feed, in the XML feed format job boards read (Indeed's): the fields in
 * their order, each a plain text. Fields without a value are left out. Dates are written the way
 * the format shows them (RFC 1123, in GMT).
 */
export function feedJob(source: FeedSource, appUrl: string): Record<string, string> {
  const origin = appUrl.replace(/\/+$/, '');
  const description = [source.summary, source.description]
    .filter((part): part is string => Boolean(part?.trim()))
    .join('\n\n');
  const more = source.locationCount - 1;
  const places =
    more > 0 ? `\n\nAlso in ${more} other place${more === 1 ? '' : 's'}: see the page.` : '';
  const job: Record<string, string | undefined> = {
    title: source.name,
    date: source.publishedAt.toUTCString(),
    referencenumber: String(source.id),
    url: `${origin}${opportunityPagePath(source.id, source.name)}`,
    company: source.organizationName,
    sourcename: source.organizationName,
    city: source.city ?? undefined,
    state: source.province ?? undefined,
    country: source.country ?? undefined,
    streetaddress: source.address ?? undefined,
    description: `${description || source.name}${places}`,
    salary: valueLine(source) ?? undefined,
    jobtype: source.employmentType ? feedJobTypes[source.employmentType] : undefined,
    category: kindLabel[source.kind],
    expirationdate: source.closesAt?.toUTCString(),
  };
  return Object.fromEntries(
    Object.entries(job)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => [key, xmlText(value)]),
  );
}
