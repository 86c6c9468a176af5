import type { EmploymentType } from '@pathways/shared/opportunities/employment';
import type { OpportunityKind } from '@pathways/shared/opportunities/opportunities.schemas';
import { sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { isOpenSql } from './opportunities.sql.ts';
import { rowsOf } from './search.repository.ts';

// What the site tells crawlers and job boards: the opportunities open now (published, and inside
// their application window) and the organizations that have one. Read in id order, a bounded
// page at a time, so a feed of the whole country never holds every row at once.

/** An open opportunity as a feed and a sitemap describe it. */
export interface PublishedRow {
  id: number;
  kind: OpportunityKind;
  name: string;
  summary: string | null;
  description: string | null;
  publishedAt: Date;
  closesAt: Date | null;
  commencesAt: Date | null;
  updatedAt: Date;
  positions: number | null;
  currency: string;
  valueMin: number | null;
  valueMax: number | null;
  employmentType: EmploymentType | null;
  organizationId: number;
  organizationName: string;
  /** The first place it was given (null when it has none), and how many it has in all. */
  address: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  locationCount: number;
}

const open = (now: Date) => sql`o.published_at <= ${now.toISOString()}::timestamptz
  and ${isOpenSql(sql`${now.toISOString()}::timestamptz`)}`;

const moment = (value: unknown) => (value === null ? null : new Date(value as string));

/**
 * Up to `limit` open opportunities with an id above `afterId` (and at most `untilId`), in id
 * order, of one organization when `organizationId` is given, of the given kinds when `kinds` is.
 */
export async function findOpenPage(
  db: DbOrTx,
  options: {
    now: Date;
    afterId: number;
    untilId?: number | undefined;
    limit: number;
    organizationId?: number | undefined;
    kinds?: OpportunityKind[] | undefined;
  },
): Promise<PublishedRow[]> {
  const { now, afterId, untilId, limit, organizationId, kinds } = options;
  const ofKinds = kinds?.length
    ? sql`and o.kind in (${sql.join(
        kinds.map((kind) => sql`${kind}::opportunity_kind`),
        sql`, `,
      )})`
    : sql``;
  const rows = await rowsOf<PublishedRow>(
    db,
    sql`select o.id, o.kind, o.name, o.summary, o.description, o.published_at as "publishedAt",
        o.closes_at as "closesAt", o.commences_at as "commencesAt", o.updated_at as "updatedAt",
        o.positions, o.currency, o.value_min as "valueMin", o.value_max as "valueMax",
        o.employment_type as "employmentType",
        org.id as "organizationId", org.name as "organizationName",
        l.address, l.city, l.province, l.country,
        (select count(*)::int from opportunity_locations c where c.opportunity_id = o.id)
          as "locationCount"
      from opportunities o
      join organizations org on org.id = o.organization_id
      left join lateral (select x.address, x.city, x.province, x.country
        from opportunity_locations x where x.opportunity_id = o.id order by x.id limit 1) l on true
      where ${open(now)} and o.id > ${afterId}::int
        ${untilId === undefined ? sql`` : sql`and o.id <= ${untilId}::int`}
        ${organizationId === undefined ? sql`` : sql`and o.organization_id = ${organizationId}::int`}
        ${ofKinds}
      order by o.id
      limit ${limit}::int`,
  );
  // Raw rows carry moments as text on some drivers: one shape for every database.
  return rows.map((row) => ({
    ...row,
    publishedAt: moment(row.publishedAt) as Date,
    closesAt: moment(row.closesAt),
    commencesAt: moment(row.commencesAt),
    updatedAt: moment(row.updatedAt) as Date,
  }));
}

/** Whether an organization has an open opportunity. */
export async function hasOpen(db: DbOrTx, organizationId: number, now: Date): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from opportunities o
      where o.organization_id = ${organizationId}::int and ${open(now)}) as found`,
  );
  return row?.found === true;
}

/**
 * The groups of `size` consecutive ids (group n holds ids n*size+1 to (n+1)*size) that hold at
 * least one open opportunity, or one organization with an open opportunity (`of`).
 */
export async function findOpenGroups(
  db: DbOrTx,
  options: { now: Date; size: number; of: 'opportunities' | 'organizations' },
): Promise<number[]> {
  const { now, size, of } = options;
  const id = of === 'opportunities' ? sql`o.id` : sql`o.organization_id`;
  const rows = await rowsOf<{ group: number }>(
    db,
    sql`select distinct ((${id} - 1) / ${size}::int)::int as "group"
      from opportunities o where ${open(now)} order by 1`,
  );
  return rows.map((row) => Number(row.group));
}

/** An organization with an open opportunity, for the sitemap. */
export interface HiringRow {
  id: number;
  name: string;
  updatedAt: Date;
}

/** The organizations with ids from `fromId` to `untilId` that have an open opportunity. */
export async function findHiring(
  db: DbOrTx,
  options: { now: Date; fromId: number; untilId: number },
): Promise<HiringRow[]> {
  const { now, fromId, untilId } = options;
  const rows = await rowsOf<HiringRow>(
    db,
    sql`select org.id, org.name, org.updated_at as "updatedAt"
      from organizations org
      where org.id between ${fromId}::int and ${untilId}::int
        and exists (select 1 from opportunities o where o.organization_id = org.id and ${open(now)})
      order by org.id`,
  );
  return rows.map((row) => ({ ...row, updatedAt: moment(row.updatedAt) as Date }));
}
