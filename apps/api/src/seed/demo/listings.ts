import { organizationSeeds } from '../data/organizations.ts';
import * as s from '../../db/schema/index.ts';
import { insertAll, insertIds } from '../insert.ts';
import { must, DAY, type DemoContext } from './context.ts';
import type { OpportunityInfo } from './plans.ts';

/** Curated public lists of opportunities. */
export async function insertListings(
  ctx: DemoContext,
  organizationIds: number[],
  opportunities: OpportunityInfo[],
): Promise<void> {
  const { db, nowYear, at } = ctx;
  // Curated public lists (/listings/{id}): a careers-fair hand-out, an engineering intake, and a
  // draft still being put together. Opportunities are named, in the order the organization
  // wants them read.
  const opportunityNamed = (organizationName: string, name: string) =>
    must(
      opportunities.find(
        (o) =>
          o.seed.name === name && organizationSeeds[o.organizationIndex]?.name === organizationName,
      ),
      `${organizationName}: ${name}`,
    );
  const organizationIdNamed = (name: string) =>
    must(
      organizationIds[organizationSeeds.findIndex((o) => o.name === name)],
      `organization ${name}`,
    );
  const listingSeeds = [
    {
      organization: 'Indlovu Bank',
      name: `Graduate and bursary intake ${nowYear + 1}`,
      description:
        'Everything Indlovu Bank is recruiting for the coming year in one place: graduate programmes, bursaries and learnerships. Start with the programme closest to your studies; you can apply to more than one.',
      publishedAt: at(-20),
      items: [
        'Graduate Programme: Technology',
        'Graduate Programme: Finance and Risk',
        'Indlovu Bank Actuarial Science Bursary',
        'Branch Banking Learnership',
        'Indlovu Bank Postgraduate Scholarship',
      ],
    },
    {
      organization: 'Baobab Telecom',
      name: 'Engineering and technology careers fair',
      description:
        'The opportunities we spoke about at this year\u2019s university careers fairs. Bring your transcript when you apply: every programme here asks for it.',
      publishedAt: at(-12),
      items: [
        'Engineering and ICT Bursary',
        'Network Engineering Graduate',
        'Software Developer Internship',
        'Baobab Digital Futures Scholarship',
      ],
    },
    {
      organization: 'Indlovu Bank',
      name: 'Vacation work (in preparation)',
      description: 'Not published yet.',
      publishedAt: null,
      items: ['Data Analyst Internship'],
    },
  ];
  const listingIds = await insertIds(
    db,
    s.listings,
    listingSeeds.map((l) => ({
      organizationId: organizationIdNamed(l.organization),
      name: l.name,
      description: l.description,
      publishedAt: l.publishedAt,
      createdAt: l.publishedAt ? new Date(l.publishedAt.getTime() - 2 * DAY) : at(-2),
      updatedAt: l.publishedAt ?? at(-1),
    })),
  );
  await insertAll(
    db,
    s.listingOpportunities,
    listingSeeds.flatMap((l, i) =>
      l.items.map((name, position) => ({
        listingId: must(listingIds[i], 'listing'),
        opportunityId: opportunityNamed(l.organization, name).id,
        position,
      })),
    ),
  );
}
