import type { EmploymentType } from '@pathways/shared/opportunities/employment';
import { criterion, type Criterion } from '@pathways/shared/eligibility/criteria';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import type { Database } from '../db/client.ts';
import {
  disciplines,
  eligibilities,
  opportunities,
  opportunityLocations,
  organizations,
  qualificationTypes,
  requirements,
} from '../db/schema/index.ts';

// Test factories of the opportunity search: rows inserted straight into the database, and a
// small deterministic random generator so generated data is the same on every run.

let counter = 0;
const next = () => `${++counter}-${Date.now()}`;

export async function createOrganization(
  database: Database,
  values: { name?: string; logo?: string | null; website?: string | null } = {},
) {
  const name = values.name ?? `Organization ${next()}`;
  const [row] = await database.db
    .insert(organizations)
    .values({
      name,
      slug: `org-${next()}`,
      logo: values.logo ?? null,
      website: values.website ?? null,
    })
    .returning();
  return row!;
}

export interface LocationSeed {
  latitude: number;
  longitude: number;
  address?: string;
  city?: string | null;
  province?: string | null;
}

export interface OpportunitySeed {
  organizationId: number;
  name?: string;
  kind?: 'job' | 'bursary' | 'scholarship';
  summary?: string | null;
  description?: string | null;
  logo?: string | null;
  publishedAt?: Date | null;
  opensAt?: Date | null;
  closesAt?: Date | null;
  commencesAt?: Date | null;
  positions?: number | null;
  valueMin?: number | null;
  valueMax?: number | null;
  employmentType?: EmploymentType | null;
  locations?: LocationSeed[];
}

/** Opportunities with their locations, inserted in two statements. */
export async function createOpportunities(database: Database, seeds: OpportunitySeed[]) {
  if (seeds.length === 0) return [];
  const rows = await database.db
    .insert(opportunities)
    .values(
      seeds.map((s) => ({
        organizationId: s.organizationId,
        name: s.name ?? `Opportunity ${next()}`,
        kind: s.kind ?? 'job',
        summary: s.summary ?? null,
        description: s.description ?? null,
        logo: s.logo ?? null,
        publishedAt:
          s.publishedAt === undefined ? new Date(Date.now() - 86_400_000) : s.publishedAt,
        opensAt: s.opensAt ?? null,
        closesAt: s.closesAt ?? null,
        commencesAt: s.commencesAt ?? null,
        positions: s.positions ?? null,
        valueMin: s.valueMin ?? null,
        valueMax: s.valueMax ?? null,
        employmentType: s.employmentType ?? null,
      })),
    )
    .returning();
  const locationRows = rows.flatMap((o, i) =>
    (seeds[i]!.locations ?? []).map((l, j) => ({
      opportunityId: o.id,
      address: l.address ?? `${j + 1} Main Road`,
      city: l.city ?? null,
      province: l.province ?? null,
      latitude: l.latitude,
      longitude: l.longitude,
    })),
  );
  const locations =
    locationRows.length > 0
      ? await database.db.insert(opportunityLocations).values(locationRows).returning()
      : [];
  return rows.map((o) => ({ ...o, locations: locations.filter((l) => l.opportunityId === o.id) }));
}

/** A requirement whose criterion is checked against the shared contract first. */
export async function createRequirement(
  database: Database,
  opportunityId: number,
  value: Criterion,
  description: string | null = null,
  position = 0,
) {
  const parsed = criterion.parse(value);
  const [row] = await database.db
    .insert(requirements)
    .values({ opportunityId, kind: parsed.kind, criterion: parsed, description, position })
    .returning();
  return row!;
}

export async function createEligibility(
  database: Database,
  candidateId: number,
  opportunityId: number,
  eligible: boolean | null,
) {
  await database.db.insert(eligibilities).values({
    candidateId,
    opportunityId,
    eligible,
    checkedAt: eligible === null ? null : new Date(),
  });
}

export async function createDisciplines(database: Database, names: string[]) {
  return database.db
    .insert(disciplines)
    .values(names.map((name) => ({ name: `${name} ${next()}` })))
    .returning();
}

export async function createQualificationTypes(
  database: Database,
  types: { name: string; nqfLevel: number }[],
) {
  return database.db
    .insert(qualificationTypes)
    .values(types.map((t) => ({ name: `${t.name} ${next()}`, nqfLevel: t.nqfLevel })))
    .returning();
}

/** A small deterministic generator (mulberry32), so generated data is the same every run. */
export function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    float: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

/** The JSON body of a 200 response (the route's response schema has checked its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ok<T = any>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

export { insertApplication } from '../features/applications/applications.factories.ts';
