import { requirementResponse } from '@pathways/shared/eligibility/eligibility.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eligibilities, requirements } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  addQualification,
  createOpportunity,
  createReference,
  setProfile,
  signedIn,
  type Client,
} from './eligibility.factories.ts';

// The admin's requirements API (create, change, delete), and the recomputation each change
// starts (jobs run inline in tests, so the stored rows have changed when the request answers).

let t: TestApp;
let admin: Client;
let ref: Awaited<ReturnType<typeof createReference>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  ref = await createReference(t.database);
});
afterAll(async () => {
  await t?.close();
});

const now = () => t.clock.now;

async function storedFor(opportunityId: number) {
  const rows = await t.database.db
    .select()
    .from(eligibilities)
    .where(eq(eligibilities.opportunityId, opportunityId));
  return new Map(rows.map((r) => [r.candidateId, r]));
}

/** A candidate with a current bachelor's degree in computing, or in law, and a licence or not. */
async function candidateWith(discipline: 'law' | 'computing', driversLicense: boolean) {
  const c = await signedIn(t);
  const profileId = await setProfile(t.database, c.userId, {
    driversLicense,
    bornAt: '2001-05-05',
  });
  await addQualification(t.database, profileId, {
    qualificationTypeId: ref.bachelor.id,
    status: 'current',
    startsAt: '2024-02-01',
    disciplineIds: [ref[discipline].id],
    gradeNormalized: 71,
  });
  return c;
}

describe('POST /api/admin/requirements', () => {
  it('adds a requirement last, describes it and recomputes the opportunity', async () => {
    const opportunity = await createOpportunity(t.database, now(), {
      criteria: [{ kind: 'drivers_license' }],
    });
    const lawyer = await candidateWith('law', true);
    const coder = await candidateWith('computing', true);
    const walker = await candidateWith('law', false);

    const res = await admin.post('/api/admin/requirements', {
      requirement: {
        opportunityId: opportunity.id,
        criterion: {
          kind: 'qualification',
          minimumNqfLevel: 7,
          disciplineIds: [ref.law.id],
          statuses: ['completed', 'current'],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = requirementResponse.parse(res.json());
    expect(body).toEqual({
      id: expect.any(Number),
      opportunityId: opportunity.id,
      kind: 'qualification',
      criterion: {
        kind: 'qualification',
        minimumNqfLevel: 7,
        disciplineIds: [ref.law.id],
        statuses: ['completed', 'current'],
      },
      description: `Needs a completed or current Bachelor's degree or higher in ${ref.law.name}`,
      position: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    // Only the lawyer with a licence qualifies; the prefilter left the others without a row.
    const rows = await storedFor(opportunity.id);
    expect(rows.get(lawyer.userId)).toMatchObject({ eligible: true, checkedAt: now() });
    expect(rows.has(coder.userId)).toBe(false);
    expect(rows.has(walker.userId)).toBe(false);
    const check = (
      await lawyer.get(`/api/candidate/opportunities/${opportunity.id}/eligibility`)
    ).json();
    expect(check.criteria.map((c: { status: string }) => c.status)).toEqual(['met', 'met']);
  });

  it.each([
    [{ criterion: { kind: 'salary' } }, 'criterion.kind', /^must be one of: qualification/],
    [
      { criterion: { kind: 'minimum_grade', minimum: 120 } },
      'criterion.minimum',
      /^must be a number from 0 to 100$/,
    ],
    [{ criterion: { kind: 'age' } }, 'criterion.minimum', /^needs a minimum or a maximum age$/],
    [{ criterion: { kind: 'distance', maximumKm: 5, extra: 1 } }, 'criterion', /extra/],
    [
      { criterion: { kind: 'drivers_license' }, position: -1 },
      'position',
      /^must be a whole number/,
    ],
    [{ criterion: undefined }, 'criterion', /.+/],
  ])('refuses %j with a 422 on the field', async (fields, field, message) => {
    const opportunity = await createOpportunity(t.database, now());
    const res = await admin.post('/api/admin/requirements', {
      requirement: { opportunityId: opportunity.id, ...fields },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('validation');
    expect(res.json().errors[field]?.[0]).toMatch(message);
  });

  it('refuses an opportunity that does not exist', async () => {
    const res = await admin.post('/api/admin/requirements', {
      requirement: { opportunityId: 2_000_000_000, criterion: { kind: 'drivers_license' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ opportunityId: ['does not exist'] });
  });
});

describe('PATCH and DELETE /api/admin/requirements/:id', () => {
  it('changes the criterion or the position, and recomputes', async () => {
    const candidate = await candidateWith('computing', false);
    const opportunity = await createOpportunity(t.database, now(), {
      criteria: [{ kind: 'drivers_license' }],
    });
    const [requirementId] = opportunity.requirementIds;
    // The candidate checked it: not eligible, no licence.
    await candidate.get(`/api/candidate/opportunities/${opportunity.id}/eligibility`);
    expect((await storedFor(opportunity.id)).get(candidate.userId)?.eligible).toBe(false);

    t.clock.advance(1000);
    const res = await admin.patch(`/api/admin/requirements/${requirementId}`, {
      requirement: { criterion: { kind: 'minimum_grade', minimum: 70 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: requirementId,
      kind: 'minimum_grade',
      criterion: { kind: 'minimum_grade', minimum: 70 },
      description: 'Needs an average of at least 70 %',
      position: 0,
    });
    const row = (await storedFor(opportunity.id)).get(candidate.userId)!;
    expect(row).toMatchObject({ eligible: true, checkedAt: now() });
    expect(row.criteria).toEqual([
      expect.objectContaining({
        kind: 'minimum_grade',
        status: 'met',
        reason: expect.stringMatching(/^Average 71 %/),
      }),
    ]);

    const moved = await admin.patch(`/api/admin/requirements/${requirementId}`, {
      requirement: { position: 3 },
    });
    expect(moved.json()).toMatchObject({ position: 3, kind: 'minimum_grade' });

    t.clock.advance(1000);
    const tighter = await admin.patch(`/api/admin/requirements/${requirementId}`, {
      requirement: { criterion: { kind: 'minimum_grade', minimum: 75 }, position: 1 },
    });
    expect(tighter.statusCode).toBe(200);
    expect((await storedFor(opportunity.id)).get(candidate.userId)).toMatchObject({
      eligible: false,
      checkedAt: now(),
    });

    t.clock.advance(1000);
    const removed = await admin.del(`/api/admin/requirements/${requirementId}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await t.database.db.$count(requirements, eq(requirements.id, requirementId!))).toBe(0);
    // No requirement left: open to everyone.
    expect((await storedFor(opportunity.id)).get(candidate.userId)).toMatchObject({
      eligible: true,
      criteria: [],
    });
  });

  it('refuses an empty change and an invalid criterion', async () => {
    const opportunity = await createOpportunity(t.database, now(), {
      criteria: [{ kind: 'drivers_license' }],
    });
    const url = `/api/admin/requirements/${opportunity.requirementIds[0]}`;
    const empty = await admin.patch(url, { requirement: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      criterion: ['must change the criterion or the position'],
    });
    const bad = await admin.patch(url, {
      requirement: { criterion: { kind: 'languages', languages: [] } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'criterion.languages': ['must have at least one'] });
  });

  it('asks for a new criterion to move a requirement it cannot read', async () => {
    const opportunity = await createOpportunity(t.database, now(), {
      criteria: [{ kind: 'qualification_level', minimum: 7 }],
    });
    const url = `/api/admin/requirements/${opportunity.requirementIds[0]}`;
    expect((await admin.patch(url, { requirement: { position: 2 } })).statusCode).toBe(422);
    const fixed = await admin.patch(url, {
      requirement: {
        criterion: { kind: 'qualification', minimumNqfLevel: 7, statuses: ['completed'] },
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().description).toBe("Needs a completed Bachelor's degree or higher");
  });

  it('answers 404 for an unknown requirement and 422 for a malformed id', async () => {
    for (const call of [
      () => admin.patch('/api/admin/requirements/2000000000', { requirement: { position: 1 } }),
      () => admin.del('/api/admin/requirements/2000000000'),
    ]) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Requirement not found' });
    }
    expect((await admin.del('/api/admin/requirements/x')).statusCode).toBe(422);
  });
});

describe('access', () => {
  it('lets only admins in: guests 401, candidates and clients 403', async () => {
    const opportunity = await createOpportunity(t.database, now(), {
      criteria: [{ kind: 'drivers_license' }],
    });
    const id = opportunity.requirementIds[0];
    const calls: [string, string, object | undefined][] = [
      [
        'POST',
        '/api/admin/requirements',
        { requirement: { opportunityId: opportunity.id, criterion: { kind: 'drivers_license' } } },
      ],
      ['PATCH', `/api/admin/requirements/${id}`, { requirement: { position: 4 } }],
      ['DELETE', `/api/admin/requirements/${id}`, undefined],
    ];
    const candidate = await signedIn(t);
    const client = await signedIn(t, 'client', { primary: true });
    for (const [method, url, payload] of calls) {
      const guest = await t.app.inject({
        method: method as 'POST',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(guest.statusCode).toBe(401);
      for (const user of [candidate, client]) {
        expect((await user.call(method as 'POST', url, payload)).statusCode).toBe(403);
      }
    }
    expect(
      await t.database.db.$count(
        requirements,
        and(eq(requirements.opportunityId, opportunity.id), eq(requirements.position, 0)),
      ),
    ).toBe(1);
  });
});
