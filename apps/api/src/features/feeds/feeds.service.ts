import { Readable } from 'node:stream';

import {
  feedJob,
  organizationPagePath,
  SITEMAP_MAX_URLS,
  sitemapPages,
  xmlText,
} from '@pathways/shared/feeds/feeds';
import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';
import type { OpportunityKind } from '@pathways/shared/opportunities/search';
import { XMLBuilder } from 'fast-xml-parser';
import { SitemapIndexStream, SitemapStream, type SitemapItemLoose } from 'sitemap';

import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { createPublishedService } from '../opportunities/index.ts';
import { createOrganizationsService, organizationsDepsOf } from '../organizations/index.ts';

/** A sitemap file of the index: the fixed pages, or a group of opportunity or organization ids. */
export type SitemapPart =
  { kind: 'pages' } | { kind: 'opportunities' | 'organizations'; group: number };

const PART = /^(?:(pages)|(opportunities|organizations)-(\d{1,6}))\.xml$/;

/** The part a sitemap file name names (`pages.xml`, `opportunities-3.xml`), or undefined. */
export function sitemapPartOf(name: string): SitemapPart | undefined {
  const match = PART.exec(name);
  if (!match) return undefined;
  if (match[1]) return { kind: 'pages' };
  return {
    kind: match[2] as 'opportunities' | 'organizations',
    group: Number(match[3]),
  };
}

const fileOf = (part: SitemapPart) =>
  part.kind === 'pages' ? 'pages.xml' : `${part.kind}-${part.group}.xml`;

/** The ids a group of the sitemap holds: group n is ids n*50 000+1 to (n+1)*50 000. */
const idsOf = (group: number) => ({
  fromId: group * SITEMAP_MAX_URLS + 1,
  untilId: (group + 1) * SITEMAP_MAX_URLS,
});

const builder = new XMLBuilder({ format: true, indentBy: '  ' });

/**
 * The sitemap (an index of files of at most 50 000 addresses each) and the job feeds, written as
 * they are read, so the whole country's opportunities never sit in memory at once.
 */
export function createFeedsService(deps: FeatureDeps) {
  const published = createPublishedService(deps);
  const organizations = createOrganizationsService(organizationsDepsOf(deps));
  const origin = deps.config.appUrl.replace(/\/+$/, '');
  const sitemapStream = () =>
    new SitemapStream({
      hostname: origin,
      xmlns: { news: false, xhtml: false, image: false, video: false },
    });

  async function* jobs(options: {
    publisher: string;
    organizationId?: number;
    kinds?: OpportunityKind[] | undefined;
  }): AsyncGenerator<string> {
    yield '<?xml version="1.0" encoding="utf-8"?>\n<source>\n';
    yield builder.build({
      publisher: xmlText(options.publisher),
      publisherurl: origin,
      lastBuildDate: deps.now().toUTCString(),
    });
    // One chunk per batch read: thousands of small writes would cost more than the XML itself.
    for await (const rows of published.open(options)) {
      yield builder.build({ job: rows.map((row) => feedJob(row, origin)) });
    }
    yield '</source>\n';
  }

  return {
    /** The sitemap index: the fixed pages, then each group of ids holding something open. */
    async sitemapIndex(): Promise<Readable> {
      const [opportunityGroups, organizationGroups] = await Promise.all([
        published.openGroups(SITEMAP_MAX_URLS, 'opportunities'),
        published.openGroups(SITEMAP_MAX_URLS, 'organizations'),
      ]);
      const parts: SitemapPart[] = [
        { kind: 'pages' },
        ...opportunityGroups.map((group) => ({ kind: 'opportunities' as const, group })),
        ...organizationGroups.map((group) => ({ kind: 'organizations' as const, group })),
      ];
      return Readable.from(parts.map((part) => `${origin}/sitemaps/${fileOf(part)}`)).pipe(
        new SitemapIndexStream(),
      );
    },

    /** One file of the sitemap; not found when it names nothing open. */
    async sitemap(part: SitemapPart): Promise<Readable> {
      if (part.kind === 'pages') {
        return Readable.from(sitemapPages.map((url) => ({ url }))).pipe(sitemapStream());
      }
      const { fromId, untilId } = idsOf(part.group);
      if (part.kind === 'organizations') {
        const rows = await published.hiring(fromId, untilId);
        if (rows.length === 0) throw notFound('Sitemap not found');
        const items: SitemapItemLoose[] = rows.map((row) => ({
          url: organizationPagePath(row.id, row.name),
          lastmod: row.updatedAt.toISOString(),
        }));
        return Readable.from(items).pipe(sitemapStream());
      }
      const batches = published.open({ fromId, untilId });
      const first = await batches.next();
      if (first.done) throw notFound('Sitemap not found');
      async function* items(): AsyncGenerator<SitemapItemLoose> {
        for (let next = first; !next.done; next = await batches.next()) {
          for (const row of next.value) {
            yield {
              url: opportunityPagePath(row.id, row.name),
              lastmod: row.updatedAt.toISOString(),
            };
          }
        }
      }
      return Readable.from(items()).pipe(sitemapStream());
    },

    /** Every open opportunity, of the given kinds, in the job feed format. */
    feed(kinds: OpportunityKind[] | undefined): Readable {
      return Readable.from(jobs({ publisher: 'Pathways', kinds }));
    },

    /** An organization's open opportunities in the job feed format; 404 for no organization. */
    async organizationFeed(id: number, kinds: OpportunityKind[] | undefined): Promise<Readable> {
      const name = await organizations.publicName(id);
      return Readable.from(jobs({ publisher: `${name} on Pathways`, organizationId: id, kinds }));
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
