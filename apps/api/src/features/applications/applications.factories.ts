import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';

import type { Database } from '../../db/client.ts';
import {
  applicationLocations,
  applicationPhaseEvents,
  applications,
  eligibilities,
  opportunities,
  opportunityLocations,
  organizations,
  phases,
  screeningQuestions,
} from '../../db/schema/index.ts';
import { bearer, createUser, loginAs, type TestApp } from '../../test/build-app.ts';

// Test factories of the applications feature: signed-in users with a small HTTP client, and
// opportunities (with locations, phases and screening questions) in a chosen window.

let n = 0;
const DAY = 86_400_000;

export interface Client {
  userId: number;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: object): Promise<LightMyRequestResponse>;
  put(url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export async function signedIn(
  t: TestApp,
  role: 'candidate' | 'client' | 'admin' = 'candidate',
): Promise<Client> {
  const user = await createUser(t.database, { role });
  const headers = bearer(await loginAs(t.app, user.email, user.password));
  return {
    userId: user.id,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    post: (url, payload) => t.app.inject({ method: 'POST', url, headers, payload }),
    patch: (url, payload) => t.app.inject({ method: 'PATCH', url, headers, payload }),
    put: (url, payload) => t.app.inject({ method: 'PUT', url, headers, payload }),
  };
}

/** open: opened yesterday, closes in a week. upcoming: opens in 3 days. closed: closed yesterday. */
export type Window = 'open' | 'upcoming' | 'closed' | 'draft' | 'no_closing_date';

function windowOf(window: Window, now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  switch (window) {
    case 'open':
      return { publishedAt: at(-2), opensAt: at(-1), closesAt: at(7) };
    case 'upcoming':
      return { publishedAt: at(-2), opensAt: at(3), closesAt: at(30) };
    case 'closed':
      return { publishedAt: at(-30), opensAt: at(-20), closesAt: at(-1) };
    case 'draft':
      return { publishedAt: null, opensAt: at(-1), closesAt: at(7) };
    case 'no_closing_date':
      return { publishedAt: at(-2), opensAt: at(-1), closesAt: null };
  }
}

export async function createOpportunity(
  database: Database,
  options: {
    now: Date;
    kind?: 'job' | 'bursary' | 'scholarship';
    window?: Window;
    locations?: number;
    questions?: { required?: boolean }[];
    /** Exact dates, over those of `window`. */
    dates?: { publishedAt?: Date | null; opensAt?: Date | null; closesAt?: Date | null };
    /** Names in pipeline order; the first is the initial phase. */
    phases?: string[];
  },
) {
  n += 1;
  const db = database.db;
  const [organization] = await db
    .insert(organizations)
    .values({ name: `Employer ${n}`, slug: `applications-employer-${n}-${Date.now()}`, logo: null })
    .returning();
  const [opportunity] = await db
    .insert(opportunities)
    .values({
      organizationId: organization!.id,
      kind: options.kind ?? 'job',
      name: `Graduate Programme ${n}`,
      logo: `https://cdn.example.test/logo-${n}.png`,
      ...windowOf(options.window ?? 'open', options.now),
      ...options.dates,
    })
    .returning();
  const opportunityId = opportunity!.id;
  const cities = ['Cape Town', 'Johannesburg', 'Durban', 'Pretoria', 'Gqeberha'];
  const locations = await db
    .insert(opportunityLocations)
    .values(
      Array.from({ length: options.locations ?? 2 }, (_, i) => ({
        opportunityId,
        address: `${i + 1} Main Road`,
        city: cities[i % cities.length]!,
        latitude: -33.9 + i,
        longitude: 18.4 + i,
      })),
    )
    .returning();
  const questions = options.questions?.length
    ? await db
        .insert(screeningQuestions)
        .values(
          options.questions.map((q, i) => ({
            opportunityId,
            prompt: `Question ${i + 1}?`,
            required: q.required ?? true,
            position: i,
          })),
        )
        .returning()
    : [];
  const names = options.phases ?? ['Applied', 'Interview', 'Offer'];
  const phaseRows = names.length
    ? await db
        .insert(phases)
        .values(names.map((name, i) => ({ opportunityId, name, initial: i === 0 })))
        .returning()
    : [];
  for (let i = 0; i < phaseRows.length - 1; i++) {
    await db
      .update(phases)
      .set({ nextPhaseId: phaseRows[i + 1]!.id })
      .where(eq(phases.id, phaseRows[i]!.id));
  }
  return {
    organization: organization!,
    opportunity: opportunity!,
    locations,
    questions,
    phases: phaseRows,
  };
}

/** A client's invitation to apply: an eligibility row with invitedAt. */
export async function invite(
  database: Database,
  candidateId: number,
  opportunityId: number,
  invitedAt: Date,
) {
  const [row] = await database.db
    .insert(eligibilities)
    .values({ candidateId, opportunityId, eligible: true, checkedAt: invitedAt, invitedAt })
    .returning();
  return row!;
}

export async function countApplications(
  database: Database,
  candidateId: number,
  opportunityId: number,
) {
  const [row] = await database.db
    .select({ n: count() })
    .from(applications)
    .where(
      and(eq(applications.candidateId, candidateId), eq(applications.opportunityId, opportunityId)),
    );
  return row!.n;
}

export async function phaseEvents(database: Database, applicationId: number) {
  return database.db
    .select()
    .from(applicationPhaseEvents)
    .where(eq(applicationPhaseEvents.applicationId, applicationId))
    .orderBy(applicationPhaseEvents.id);
}

export async function setApplication(
  database: Database,
  id: number,
  values: Partial<typeof applications.$inferInsert>,
) {
  await database.db.update(applications).set(values).where(eq(applications.id, id));
}

/** An application written straight to the database, the way older data or the seed has them. */
export async function insertApplication(
  database: Database,
  values: {
    candidateId: number;
    opportunityId: number;
    phaseId: number | null;
    locationIds: number[];
  },
): Promise<number> {
  const [row] = await database.db
    .insert(applications)
    .values({
      candidateId: values.candidateId,
      opportunityId: values.opportunityId,
      phaseId: values.phaseId,
    })
    .returning();
  await database.db.insert(applicationLocations).values(
    values.locationIds.map((opportunityLocationId) => ({
      applicationId: row!.id,
      opportunityLocationId,
    })),
  );
  return row!.id;
}
