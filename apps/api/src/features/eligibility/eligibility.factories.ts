import { randomBytes } from 'node:crypto';

import type { CriterionKind } from '@pathways/shared/eligibility/criteria';
import type { LightMyRequestResponse } from 'fastify';

import type { Database } from '../../db/client.ts';
import {
  campaigns,
  candidateProfiles,
  disciplines,
  documents,
  opportunities,
  opportunityLocations,
  organizations,
  profileQualificationDisciplines,
  profileQualifications,
  qualificationTypes,
  requirements,
} from '../../db/schema/index.ts';
import { bearer, createUser, loginAs, type TestApp } from '../../test/build-app.ts';

// Test factories of eligibility: signed-in users with a small HTTP client, opportunities with
// places and requirements, campaigns, and candidate profiles written straight to the database.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Client {
  userId: number;
  organizationId: number | null;
  call(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export async function signedIn(
  t: TestApp,
  role: 'candidate' | 'client' | 'admin' = 'candidate',
  options: { primary?: boolean; organizationId?: number } = {},
): Promise<Client> {
  const user = await createUser(t.database, { role, ...options });
  return asClient(t, user, await loginAs(t.app, user.email, user.password));
}

/** The small HTTP client of a user already signed in with `token`. */
export function asClient(
  t: TestApp,
  user: { id: number; organizationId: number | null },
  token: string,
): Client {
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    userId: user.id,
    organizationId: user.organizationId,
    call,
    get: (url) => call('GET', url),
    post: (url, payload) => call('POST', url, payload),
    patch: (url, payload) => call('PATCH', url, payload),
    del: (url) => call('DELETE', url),
  };
}

let n = 0;
const unique = (name: string) => `${name}-${++n}-${randomBytes(3).toString('hex')}`;

export const DAY = 86_400_000;

export async function createOrganization(database: Database): Promise<number> {
  const [row] = await database.db
    .insert(organizations)
    .values({ name: unique('Organization'), slug: unique('org') })
    .returning({ id: organizations.id });
  return row!.id;
}

export interface OpportunityOptions {
  name?: string;
  organizationId?: number;
  /** null: a draft. Default: yesterday. */
  publishedAt?: Date | null;
  opensAt?: Date;
  commencesAt?: Date | null;
  places?: { latitude: number; longitude: number; city: string }[];
  /** Stored as given; a kind outside the union makes a requirement the API cannot read. */
  criteria?: { kind: CriterionKind | (string & {}); [key: string]: unknown }[];
}

/** An opportunity with its places and requirements (stored as given: they are not validated). */
export async function createOpportunity(
  database: Database,
  now: Date,
  options: OpportunityOptions = {},
): Promise<{ id: number; name: string; organizationId: number; requirementIds: number[] }> {
  const organizationId = options.organizationId ?? (await createOrganization(database));
  const name = options.name ?? unique('Opportunity');
  const [row] = await database.db
    .insert(opportunities)
    .values({
      organizationId,
      kind: 'job',
      name,
      publishedAt:
        options.publishedAt === undefined ? new Date(now.getTime() - DAY) : options.publishedAt,
      opensAt: options.opensAt ?? new Date(now.getTime() - DAY),
      closesAt: new Date(now.getTime() + 30 * DAY),
      commencesAt:
        options.commencesAt === undefined
          ? new Date(now.getTime() + 90 * DAY)
          : options.commencesAt,
    })
    .returning({ id: opportunities.id });
  const id = row!.id;
  if (options.places?.length) {
    await database.db.insert(opportunityLocations).values(
      options.places.map((p) => ({
        opportunityId: id,
        address: `1 Main Road, ${p.city}`,
        city: p.city,
        latitude: p.latitude,
        longitude: p.longitude,
      })),
    );
  }
  const requirementIds: number[] = [];
  for (const [position, criterion] of (options.criteria ?? []).entries()) {
    requirementIds.push(await addRequirement(database, id, criterion, position));
  }
  return { id, name, organizationId, requirementIds };
}

export async function addRequirement(
  database: Database,
  opportunityId: number,
  criterion: { kind: string; [key: string]: unknown },
  position = 0,
): Promise<number> {
  const [row] = await database.db
    .insert(requirements)
    .values({ opportunityId, kind: criterion.kind, criterion, position })
    .returning({ id: requirements.id });
  return row!.id;
}

export async function createCampaign(
  database: Database,
  values: { organizationId: number; opportunityId?: number },
): Promise<{ id: number; slug: string }> {
  const slug = unique('campaign');
  const [row] = await database.db
    .insert(campaigns)
    .values({
      slug,
      name: 'Campaign',
      kind: values.opportunityId ? 'opportunity' : 'organization',
      organizationId: values.organizationId,
      opportunityId: values.opportunityId ?? null,
    })
    .returning({ id: campaigns.id });
  return { id: row!.id, slug };
}

/** A qualification type of an NQF level and a discipline, made for this test file. */
export async function createReference(database: Database) {
  const [bachelor] = await database.db
    .insert(qualificationTypes)
    .values({ name: unique("Bachelor's Degree"), nqfLevel: 7 })
    .returning();
  const [law] = await database.db
    .insert(disciplines)
    .values({ name: unique('Law') })
    .returning();
  const [computing] = await database.db
    .insert(disciplines)
    .values({ name: unique('Computing') })
    .returning();
  return { bachelor: bachelor!, law: law!, computing: computing! };
}

/** Writes a candidate's profile row (creating it when missing). */
export async function setProfile(
  database: Database,
  userId: number,
  values: Partial<typeof candidateProfiles.$inferInsert>,
): Promise<number> {
  const [row] = await database.db
    .insert(candidateProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: candidateProfiles.userId, set: values })
    .returning({ id: candidateProfiles.id });
  return row!.id;
}

export async function addQualification(
  database: Database,
  profileId: number,
  values: Partial<typeof profileQualifications.$inferInsert> & { disciplineIds?: number[] },
): Promise<number> {
  const { disciplineIds = [], ...columns } = values;
  const [row] = await database.db
    .insert(profileQualifications)
    .values({ profileId, ...columns })
    .returning({ id: profileQualifications.id });
  if (disciplineIds.length > 0) {
    await database.db
      .insert(profileQualificationDisciplines)
      .values(
        disciplineIds.map((disciplineId) => ({ profileQualificationId: row!.id, disciplineId })),
      );
  }
  return row!.id;
}

export async function uploadDocument(
  database: Database,
  userId: number,
  kind: 'transcript' | 'identity_document',
) {
  await database.db.insert(documents).values({
    userId,
    kind,
    storageKey: `test/${userId}/${randomBytes(8).toString('hex')}`,
    originalName: `${kind}.pdf`,
    contentType: 'application/pdf',
    byteSize: 1024,
    sha256: randomBytes(32).toString('hex'),
  });
}

export const capeTown = { latitude: -33.9249, longitude: 18.4241, city: 'Cape Town' };
export const sandton = { latitude: -26.1076, longitude: 28.0567, city: 'Sandton' };
