import type { OpportunityKind } from '@pathways/shared/opportunities/opportunities.schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  eligibilities,
  opportunities,
  opportunityLocations,
  organizations,
  requirements,
} from '../../db/schema/index.ts';
import { earthAt, earthOf, haversineSql, type Point } from './search.repository.ts';

// The rows a search page and the public page show: list fields, locations, the viewer's
// eligibilities, the detail and its requirements. Which ids, in which order: search.repository.ts.

export interface CardRow {
  id: number;
  name: string;
  kind: OpportunityKind;
  summary: string | null;
  logo: string | null;
  publishedAt: Date | null;
  opensAt: Date | null;
  closesAt: Date | null;
  commencesAt: Date | null;
  organization: { id: number; name: string; logo: string | null };
}

/** The list fields of the given opportunities, in no particular order. */
export async function findCards(db: DbOrTx, opportunityIds: number[]): Promise<CardRow[]> {
  if (opportunityIds.length === 0) return [];
  const o = opportunities;
  return db
    .select({
      id: o.id,
      name: o.name,
      kind: o.kind,
      summary: o.summary,
      logo: o.logo,
      publishedAt: o.publishedAt,
      opensAt: o.opensAt,
      closesAt: o.closesAt,
      commencesAt: o.commencesAt,
      organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
    })
    .from(o)
    .innerJoin(organizations, eq(organizations.id, o.organizationId))
    .where(inArray(o.id, opportunityIds));
}

/** A candidate's stored eligibility (null when checked without a result) by opportunity. */
export async function findEligibilities(
  db: DbOrTx,
  candidateId: number,
  opportunityIds: number[],
): Promise<Map<number, boolean | null>> {
  if (opportunityIds.length === 0) return new Map();
  const rows = await db
    .select({ opportunityId: eligibilities.opportunityId, eligible: eligibilities.eligible })
    .from(eligibilities)
    .where(
      and(
        eq(eligibilities.candidateId, candidateId),
        inArray(eligibilities.opportunityId, opportunityIds),
      ),
    );
  return new Map(rows.map((r) => [r.opportunityId, r.eligible]));
}

export interface LocationRow {
  id: number;
  opportunityId: number;
  address: string;
  city: string | null;
  province: string | null;
  country: string;
  latitude: number;
  longitude: number;
  /** Metres from the search point (6371 km haversine), when there is one. */
  distance: number | null;
}

/** The locations of the given opportunities: nearest the point first, else in creation order. */
export async function findLocations(
  db: DbOrTx,
  opportunityIds: number[],
  center?: Point,
): Promise<LocationRow[]> {
  if (opportunityIds.length === 0) return [];
  const l = opportunityLocations;
  return db
    .select({
      id: l.id,
      opportunityId: l.opportunityId,
      address: l.address,
      city: l.city,
      province: l.province,
      country: l.country,
      latitude: l.latitude,
      longitude: l.longitude,
      distance: center
        ? sql<number>`${haversineSql('"opportunity_locations"', center)}`.mapWith(Number)
        : sql<null>`null::float8`,
    })
    .from(l)
    .where(inArray(l.opportunityId, opportunityIds))
    .orderBy(
      asc(l.opportunityId),
      ...(center ? [sql`${earthOf('"opportunity_locations"')} <-> ${earthAt(center)}`] : []),
      asc(l.id),
    );
}

export interface DetailRow extends CardRow {
  description: string | null;
  positions: number | null;
  currency: string;
  valueMin: number | null;
  valueMax: number | null;
  organization: CardRow['organization'] & { slug: string; website: string | null };
}

/** A published opportunity (published at or before `now`), or undefined. */
export async function findPublished(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<DetailRow | undefined> {
  const o = opportunities;
  const [row] = await db
    .select({
      id: o.id,
      name: o.name,
      kind: o.kind,
      summary: o.summary,
      description: o.description,
      logo: o.logo,
      publishedAt: o.publishedAt,
      opensAt: o.opensAt,
      closesAt: o.closesAt,
      commencesAt: o.commencesAt,
      positions: o.positions,
      currency: o.currency,
      valueMin: o.valueMin,
      valueMax: o.valueMax,
      organization: {
        id: organizations.id,
        name: organizations.name,
        logo: organizations.logo,
        slug: organizations.slug,
        website: organizations.website,
      },
    })
    .from(o)
    .innerJoin(organizations, eq(organizations.id, o.organizationId))
    .where(and(eq(o.id, id), sql`${o.publishedAt} <= ${now.toISOString()}::timestamptz`));
  return row;
}

export async function findRequirements(db: DbOrTx, opportunityId: number) {
  return db
    .select({ id: requirements.id, kind: requirements.kind, description: requirements.description })
    .from(requirements)
    .where(eq(requirements.opportunityId, opportunityId))
    .orderBy(asc(requirements.position), asc(requirements.id));
}
