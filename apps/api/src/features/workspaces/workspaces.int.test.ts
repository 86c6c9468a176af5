import { compareManagedWorkspaces, isActiveWorkspace } from '@pathways/shared/workspaces/active';
import { employmentTypeMessage } from '@pathways/shared/opportunities/employment';
import { windowMessages } from '@pathways/shared/workspaces/window';
import {
  workspaceMessages,
  type WorkspaceList,
  type WorkspaceOpportunity,
} from '@pathways/shared/workspaces/workspaces.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applicationLocations,
  applications,
  opportunityLocations,
  opportunityManagers,
  phases,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, ok } from '../../test/factories.ts';
import {
  type ClientSideName,
  clientSideNames,
  createPeople,
  type People,
} from '../../test/principals.ts';
import { isActiveWorkspaceSql } from './workspaces.sql.ts';

let t: TestApp;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

type Who = ClientSideName;
// The shared people: the manager is listed on the workspace, the viewer is a colleague managing
// nothing, and the other primary user has an organization of their own.
const principalOf = clientSideNames;
let p: People;
const ids = {} as Record<Exclude<Who, 'guest'>, number>;
let organizationId: number;
/** The workspace of the authorization matrix: `manager` is listed on it, `viewer` is not. */
let workspaceId: number;

async function call(who: Who, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    payload: payload as Record<string, unknown>,
    headers: p.byWho[principalOf[who]].headers,
  });
}

async function versionOf(id: number): Promise<number> {
  const res = await call('primary', 'GET', `/api/client/opportunities/${id}`);
  return ok<{ opportunity: WorkspaceOpportunity }>(res).opportunity.version;
}

async function newLocation(id: number): Promise<number> {
  const res = await call('primary', 'POST', `/api/client/opportunities/${id}/locations`, {
    location: { address: '1 Dock Road, Cape Town', latitude: -33.9, longitude: 18.42 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().location.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t, { a: { name: 'Matrix workspace', opensAt: ago(3) } });
  organizationId = p.a.organizationId;
  workspaceId = p.a.opportunityId;
  for (const who of ['primary', 'manager', 'viewer', 'otherPrimary', 'candidate'] as const) {
    ids[who] = p.users[principalOf[who]].id;
  }
});

afterAll(() => t?.close());

/** An application written straight to the database, with the places the candidate chose. */
async function insertApplication(values: {
  candidateId: number;
  opportunityId: number;
  phaseId: number | null;
  locationIds: number[];
}): Promise<number> {
  const { locationIds, ...columns } = values;
  const [row] = await t.database.db.insert(applications).values(columns).returning();
  if (locationIds.length > 0) {
    await t.database.db
      .insert(applicationLocations)
      .values(locationIds.map((id) => ({ applicationId: row!.id, opportunityLocationId: id })));
  }
  return row!.id;
}

describe('the authorization matrix', () => {
  const objectStatuses = (allowed: number) =>
    [
      ['guest', 401],
      ['candidate', 403],
      ['otherPrimary', 404],
      ['viewer', 404],
      ['manager', allowed],
      ['primary', allowed],
    ] as [Who, number][];

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 200],
    ['viewer', 200],
    ['manager', 200],
    ['primary', 200],
  ] as [Who, number][])('GET client/opportunities: %s answers %i', async (who, expected) => {
    const res = await call(who, 'GET', '/api/client/opportunities');
    expect(res.statusCode, res.body).toBe(expected);
    if (expected !== 200) return;
    const listed = (res.json() as WorkspaceList).items.some((i) => i.id === workspaceId);
    // Each sees only their own organization's, and a non-primary user only what they manage.
    expect(listed).toBe(who === 'manager' || who === 'primary');
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 201],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 201],
  ] as [Who, number][])('POST client/opportunities: %s answers %i', async (who, expected) => {
    const res = await call(who, 'POST', '/api/client/opportunities', {
      opportunity: { name: `Created by ${who}`, kind: 'job' },
    });
    expect(res.statusCode, res.body).toBe(expected);
    if (expected === 403 && who !== 'candidate') {
      expect(res.json().message).toBe(
        'Only a primary user of your organization can create opportunities',
      );
    }
  });

  it.each(objectStatuses(200))('GET client/opportunities/{id}: %s answers %i', async (who, s) => {
    const res = await call(who, 'GET', `/api/client/opportunities/${workspaceId}`);
    expect(res.statusCode, res.body).toBe(s);
  });

  it.each(objectStatuses(200))('PATCH client/opportunities/{id}: %s answers %i', async (who, s) => {
    const version = await versionOf(workspaceId);
    const res = await call(who, 'PATCH', `/api/client/opportunities/${workspaceId}`, {
      opportunity: { version, summary: `Edited by ${who}` },
    });
    expect(res.statusCode, res.body).toBe(s);
  });

  it.each(objectStatuses(200))(
    'GET client/opportunities/{id}/counts: %s answers %i',
    async (who, s) => {
      const res = await call(who, 'GET', `/api/client/opportunities/${workspaceId}/counts`);
      expect(res.statusCode, res.body).toBe(s);
    },
  );

  it.each(objectStatuses(201))('POST .../locations: %s answers %i', async (who, s) => {
    const res = await call(who, 'POST', `/api/client/opportunities/${workspaceId}/locations`, {
      location: { address: `Place of ${who}`, latitude: -26.2, longitude: 28.04 },
    });
    expect(res.statusCode, res.body).toBe(s);
  });

  it.each(objectStatuses(200))('PATCH .../locations/{locId}: %s answers %i', async (who, s) => {
    const locId = await newLocation(workspaceId);
    const res = await call(
      who,
      'PATCH',
      `/api/client/opportunities/${workspaceId}/locations/${locId}`,
      { location: { address: `Moved by ${who}` } },
    );
    expect(res.statusCode, res.body).toBe(s);
  });

  it.each(objectStatuses(204))('DELETE .../locations/{locId}: %s answers %i', async (who, s) => {
    const locId = await newLocation(workspaceId);
    const res = await call(
      who,
      'DELETE',
      `/api/client/opportunities/${workspaceId}/locations/${locId}`,
    );
    expect(res.statusCode, res.body).toBe(s);
  });

  it.each(objectStatuses(200))('GET .../managers: %s answers %i', async (who, s) => {
    const res = await call(who, 'GET', `/api/client/opportunities/${workspaceId}/managers`);
    expect(res.statusCode, res.body).toBe(s);
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 404],
    ['manager', 403],
    ['primary', 200],
  ] as [Who, number][])('PUT .../managers: %s answers %i', async (who, expected) => {
    const res = await call(who, 'PUT', `/api/client/opportunities/${workspaceId}/managers`, {
      userIds: [ids.manager],
    });
    expect(res.statusCode, res.body).toBe(expected);
    if (who === 'manager') {
      expect(res.json().message).toBe(
        'Only a primary user of your organization can change who manages an opportunity',
      );
    }
  });
});

describe('GET client/opportunities', () => {
  let org: number;
  let boss: string;
  let colleague: string;
  let colleagueId: number;
  const named: Record<string, number> = {};

  beforeAll(async () => {
    const primary = await createUser(t.database, { role: 'client', primary: true });
    org = primary.organizationId!;
    const other = await createUser(t.database, { role: 'client', organizationId: org });
    colleagueId = other.id;
    boss = await loginAs(t.app, primary.email, primary.password);
    colleague = await loginAs(t.app, other.email, other.password);
    const rows = await createOpportunities(t.database, [
      { organizationId: org, name: 'Bravo', opensAt: ago(10) },
      { organizationId: org, name: 'alpha', opensAt: ago(2) },
      { organizationId: org, name: 'Charlie', opensAt: ago(5), commencesAt: ago(-30) },
      { organizationId: org, name: 'Draft', publishedAt: null },
      { organizationId: org, name: 'Commenced', opensAt: ago(60), commencesAt: ago(1) },
      { organizationId: org, name: 'Scheduled', publishedAt: ago(-3) },
    ]);
    for (const row of rows) named[row.name] = row.id;
    await t.database.db.insert(opportunityManagers).values(
      ['Bravo', 'alpha', 'Charlie', 'Draft'].map((n) => ({
        opportunityId: named[n]!,
        userId: colleagueId,
      })),
    );
  });

  const names = async (token: string, query = '') => {
    const res = await t.app.inject({
      url: `/api/client/opportunities${query}`,
      headers: bearer(token),
    });
    return ok<WorkspaceList>(res).items.map((i) => i.name);
  };

  it('lists a primary user the active ones, newest opening first', async () => {
    expect(await names(boss)).toEqual(['alpha', 'Charlie', 'Bravo']);
  });

  it('lists a manager the active ones they manage, by name', async () => {
    await t.database.db
      .delete(opportunityManagers)
      .where(eq(opportunityManagers.opportunityId, named.Charlie!));
    expect(await names(colleague)).toEqual(['alpha', 'Bravo']);
    await t.database.db
      .insert(opportunityManagers)
      .values({ opportunityId: named.Charlie!, userId: colleagueId });
    const listed = await names(colleague);
    expect(listed).toEqual(['alpha', 'Bravo', 'Charlie']);
    // The same order as the shared rule the web app sorts by.
    const sorted = listed
      .map((name) => ({ name, id: named[name]! }))
      .sort(compareManagedWorkspaces)
      .map((w) => w.name);
    expect(listed).toEqual(sorted);
  });

  it('lists drafts and past ones too when asked for all of them', async () => {
    expect(await names(boss, '?all=true')).toEqual([
      'alpha',
      'Charlie',
      'Bravo',
      'Commenced',
      'Scheduled',
      'Draft',
    ]);
    expect(await names(colleague, '?all=true')).toEqual(['alpha', 'Bravo', 'Charlie', 'Draft']);
    const res = await t.app.inject({
      url: '/api/client/opportunities?all=maybe',
      headers: bearer(boss),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ all: [workspaceMessages.flag] });
  });

  it('counts applicants per phase in chain order, leaving out regretted and withdrawn ones', async () => {
    const id = named.Bravo!;
    // Inserted out of order: the chain, not the ids, gives the order.
    const [offer, applied, interview] = await t.database.db
      .insert(phases)
      .values([
        { opportunityId: id, name: 'Offer' },
        { opportunityId: id, name: 'Applied', initial: true },
        { opportunityId: id, name: 'Interview' },
      ])
      .returning();
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: interview!.id })
      .where(eq(phases.id, applied!.id));
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: offer!.id })
      .where(eq(phases.id, interview!.id));
    const [place] = await t.database.db
      .insert(opportunityLocations)
      .values({ opportunityId: id, address: '1 Main Road', latitude: -33.9, longitude: 18.4 })
      .returning();
    const apply = async (phaseId: number) => {
      const candidate = await createUser(t.database, { role: 'candidate' });
      return insertApplication({
        candidateId: candidate.id,
        opportunityId: id,
        phaseId,
        locationIds: [place!.id],
      });
    };
    await apply(applied!.id);
    await apply(applied!.id);
    await apply(interview!.id);
    const regretted = await apply(interview!.id);
    const withdrawn = await apply(applied!.id);
    await t.database.db.execute(
      sql`update applications set regretted_at = now() where id = ${regretted}`,
    );
    await t.database.db.execute(
      sql`update applications set archived_at = now() where id = ${withdrawn}`,
    );

    const res = await t.app.inject({
      url: '/api/client/opportunities',
      headers: bearer(colleague),
    });
    const item = ok<WorkspaceList>(res).items.find((i) => i.id === id)!;
    const expected = [
      { id: applied!.id, name: 'Applied', order: 1, count: 2 },
      { id: interview!.id, name: 'Interview', order: 2, count: 1 },
      { id: offer!.id, name: 'Offer', order: 3, count: 0 },
    ];
    expect(item.phases).toEqual(expected);

    const counts = await t.app.inject({
      url: `/api/client/opportunities/${id}/counts`,
      headers: bearer(colleague),
    });
    expect(ok(counts)).toEqual({ phases: expected, regretted: 1, withdrawn: 1 });
  });
});

describe('GET client/opportunities/{id}', () => {
  it('carries the opportunity with its organization, its phases in chain order and its managers', async () => {
    const created = await call('primary', 'POST', '/api/client/opportunities', {
      opportunity: { name: 'Pipeline detail', kind: 'bursary' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { opportunity: WorkspaceOpportunity }).opportunity.id;
    const [applied] = await t.database.db.select().from(phases).where(eq(phases.opportunityId, id));
    const [offer, interview] = await t.database.db
      .insert(phases)
      .values([
        { opportunityId: id, name: 'Offer' },
        { opportunityId: id, name: 'Interview', description: 'A panel of two' },
      ])
      .returning();
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: interview!.id })
      .where(eq(phases.id, applied!.id));
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: offer!.id })
      .where(eq(phases.id, interview!.id));
    const managed = await call('primary', 'PUT', `/api/client/opportunities/${id}/managers`, {
      userIds: [ids.manager],
    });
    expect(managed.statusCode, managed.body).toBe(200);

    const res = await call('manager', 'GET', `/api/client/opportunities/${id}`);
    const { opportunity } = ok<{ opportunity: WorkspaceOpportunity }>(res);
    expect(opportunity).toMatchObject({ id, name: 'Pipeline detail', kind: 'bursary' });
    expect(opportunity.organization).toEqual({
      id: organizationId,
      name: expect.any(String),
      logo: null,
    });
    expect(opportunity.phases).toEqual([
      {
        id: applied!.id,
        name: 'Applied',
        description: null,
        order: 1,
        initial: true,
        next: interview!.id,
      },
      {
        id: interview!.id,
        name: 'Interview',
        description: 'A panel of two',
        order: 2,
        initial: false,
        next: offer!.id,
      },
      { id: offer!.id, name: 'Offer', description: null, order: 3, initial: false, next: null },
    ]);
    expect(opportunity.managers).toEqual([
      { id: ids.manager, firstName: 'Test', lastName: 'User' },
    ]);
  });
});

describe('creating and changing an opportunity', () => {
  const url = '/api/client/opportunities';

  it('creates a draft with its initial phase "Applied"', async () => {
    const res = await call('primary', 'POST', url, {
      opportunity: {
        name: '  Graduate engineer  ',
        kind: 'job',
        published: true,
        opensAt: '2027-01-01T00:00:00.000Z',
        closesAt: '2027-02-01T00:00:00.000Z',
        valueMin: 100,
        valueMax: 200,
        currency: 'USD',
        employmentType: 'contract',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { opportunity } = res.json() as { opportunity: WorkspaceOpportunity };
    expect(opportunity).toMatchObject({
      name: 'Graduate engineer',
      publishedAt: null,
      isActive: false,
      version: 1,
      opensAt: '2027-01-01T00:00:00.000Z',
      currency: 'USD',
      employmentType: 'contract',
      locations: [],
    });
    // An empty choice clears it.
    const cleared = await call('primary', 'PATCH', `${url}/${opportunity.id}`, {
      opportunity: { version: 1, employmentType: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().opportunity.employmentType).toBeNull();
    const counts = await call('primary', 'GET', `${url}/${opportunity.id}/counts`);
    expect(ok(counts).phases).toEqual([
      { id: expect.any(Number), name: 'Applied', order: 1, count: 0 },
    ]);
  });

  it.each([
    [{ name: '' }, 'name', workspaceMessages.name],
    [{ kind: 'internship' }, 'kind', workspaceMessages.kind],
    [{ opensAt: 'tomorrow' }, 'opensAt', workspaceMessages.date],
    [{ positions: 0 }, 'positions', workspaceMessages.positions],
    [{ positions: 1.5 }, 'positions', workspaceMessages.positions],
    [{ valueMin: -1 }, 'valueMin', workspaceMessages.value],
    [{ currency: 'XYZ' }, 'currency', workspaceMessages.currency],
    [{ employmentType: 'gig' }, 'employmentType', employmentTypeMessage],
    [{ logo: 'javascript:alert(1)' }, 'logo', workspaceMessages.logo],
    [{ published: 'yes' }, 'published', workspaceMessages.flag],
    [
      { opensAt: '2027-02-01T00:00:00Z', closesAt: '2027-01-01T00:00:00Z' },
      'closesAt',
      windowMessages.closesAt,
    ],
    [
      { closesAt: '2027-02-01T00:00:00Z', commencesAt: '2027-02-01T00:00:00Z' },
      'commencesAt',
      windowMessages.commencesAt,
    ],
    [{ valueMin: 10, valueMax: 5 }, 'valueMax', windowMessages.valueMax],
  ])('refuses %j with 422 on %s, on create and on change', async (change, field, message) => {
    const created = await call('primary', 'POST', url, {
      opportunity: { name: 'Valid', kind: 'bursary', ...change },
    });
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json().errors).toEqual({ [field]: [message] });
    const version = await versionOf(workspaceId);
    const changed = await call('primary', 'PATCH', `${url}/${workspaceId}`, {
      opportunity: { version, ...change },
    });
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json().errors).toEqual({ [field]: [message] });
  });

  it('checks the window against the dates already stored when a change sends only one', async () => {
    const version = await versionOf(workspaceId);
    const set = await call('primary', 'PATCH', `${url}/${workspaceId}`, {
      opportunity: { version, opensAt: '2027-03-01T00:00:00Z', closesAt: '2027-04-01T00:00:00Z' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await call('primary', 'PATCH', `${url}/${workspaceId}`, {
      opportunity: { version: version + 1, commencesAt: '2027-03-15T00:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ commencesAt: [windowMessages.commencesAt] });
  });

  it('publishes and unpublishes, keeping the first publication moment while published', async () => {
    const created = await call('primary', 'POST', url, {
      opportunity: { name: 'To publish', kind: 'job' },
    });
    const { id } = created.json().opportunity as WorkspaceOpportunity;
    const published = await call('manager', 'PATCH', `${url}/${id}`, {
      opportunity: { version: 1, published: true },
    });
    // The manager is not listed on this new one: not found.
    expect(published.statusCode).toBe(404);
    const res = await call('primary', 'PATCH', `${url}/${id}`, {
      opportunity: { version: 1, published: true },
    });
    const first = ok<{ opportunity: WorkspaceOpportunity }>(res).opportunity;
    expect(first.publishedAt).toBe(t.clock.now.toISOString());
    t.clock.advance(60_000);
    const again = await call('primary', 'PATCH', `${url}/${id}`, {
      opportunity: { version: 2, published: true, name: 'Published' },
    });
    expect(ok(again).opportunity).toMatchObject({
      publishedAt: first.publishedAt,
      isActive: true,
      version: 3,
    });
    const draft = await call('primary', 'PATCH', `${url}/${id}`, {
      opportunity: { version: 3, published: false },
    });
    expect(ok(draft).opportunity).toMatchObject({ publishedAt: null, isActive: false });
  });

  it('refuses a change based on an older version with 409 and the current opportunity', async () => {
    const version = await versionOf(workspaceId);
    const first = await call('manager', 'PATCH', `${url}/${workspaceId}`, {
      opportunity: { version, name: 'Renamed by the manager' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call('primary', 'PATCH', `${url}/${workspaceId}`, {
      opportunity: { version, name: 'Renamed by the primary user' },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'conflict',
      message: workspaceMessages.stale,
      current: { id: workspaceId, name: 'Renamed by the manager', version: version + 1 },
    });
    const now = await call('primary', 'GET', `${url}/${workspaceId}`);
    expect(ok(now).opportunity.name).toBe('Renamed by the manager');
  });

  it("answers 404 for another organization's opportunity, even with the right version", async () => {
    const res = await call('primary', 'PATCH', `${url}/${p.b.opportunityId}`, {
      opportunity: { version: 1, name: 'Taken over' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('places', () => {
  const base = () => `/api/client/opportunities/${workspaceId}/locations`;

  it('adds, changes and reads back a place', async () => {
    const res = await call('manager', 'POST', base(), {
      location: {
        address: '5 Long Street',
        city: 'Cape Town',
        country: 'za',
        latitude: -33.92,
        longitude: 18.42,
        locationId: null,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { location } = res.json();
    expect(location).toMatchObject({ address: '5 Long Street', country: 'ZA', inUse: false });
    const moved = await call('manager', 'PATCH', `${base()}/${location.id}`, {
      location: { address: '7 Long Street' },
    });
    expect(ok(moved).location).toMatchObject({
      id: location.id,
      address: '7 Long Street',
      city: 'Cape Town',
    });
    const page = await call('manager', 'GET', `/api/client/opportunities/${workspaceId}`);
    expect(ok(page).opportunity.locations).toContainEqual(
      expect.objectContaining({ id: location.id }),
    );
  });

  it.each([
    [{ address: '' }, 'address', workspaceMessages.address],
    [{ latitude: 91 }, 'latitude', workspaceMessages.latitude],
    [{ longitude: 'east' }, 'longitude', workspaceMessages.longitude],
    [{ country: 'ZAF' }, 'country', workspaceMessages.country],
  ])('refuses %j with 422 on %s', async (change, field, message) => {
    const res = await call('primary', 'POST', base(), {
      location: { address: 'Somewhere', latitude: 1, longitude: 1, ...change },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ [field]: [message] });
  });

  it('keeps a place applicants chose: 409 with why, and it can still be changed', async () => {
    const locId = await newLocation(workspaceId);
    await insertApplication({
      candidateId: ids.candidate,
      opportunityId: workspaceId,
      phaseId: null,
      locationIds: [locId],
    });
    const res = await call('primary', 'DELETE', `${base()}/${locId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(workspaceMessages.locationInUse);
    const page = await call('primary', 'GET', `/api/client/opportunities/${workspaceId}`);
    expect(ok(page).opportunity.locations).toContainEqual(
      expect.objectContaining({ id: locId, inUse: true }),
    );
    const changed = await call('primary', 'PATCH', `${base()}/${locId}`, {
      location: { city: 'Bellville' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it("answers 404 for a place of another opportunity, even the organization's own", async () => {
    const [sibling] = await createOpportunities(t.database, [
      { organizationId, locations: [{ latitude: 1, longitude: 1 }] },
    ]);
    const foreign = sibling!.locations[0]!.id;
    expect(
      (await call('primary', 'PATCH', `${base()}/${foreign}`, { location: { city: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect((await call('primary', 'DELETE', `${base()}/${foreign}`)).statusCode).toBe(404);
  });
});

describe('managers', () => {
  const url = () => `/api/client/opportunities/${workspaceId}/managers`;

  it('lists the organization users, marking who manages it, and sets them exactly', async () => {
    const set = await call('primary', 'PUT', url(), { userIds: [ids.viewer, ids.viewer] });
    const items = ok(set).items as { id: number; manager: boolean; primary: boolean }[];
    expect(items.map((i) => i.id).sort()).toEqual([ids.primary, ids.manager, ids.viewer].sort());
    expect(items.filter((i) => i.manager).map((i) => i.id)).toEqual([ids.viewer]);
    expect(items.find((i) => i.id === ids.primary)!.primary).toBe(true);
    // The viewer now reaches it; the manager no longer does.
    expect(
      (await call('viewer', 'GET', `/api/client/opportunities/${workspaceId}`)).statusCode,
    ).toBe(200);
    expect(
      (await call('manager', 'GET', `/api/client/opportunities/${workspaceId}`)).statusCode,
    ).toBe(404);
    const back = await call('primary', 'PUT', url(), { userIds: [ids.manager] });
    expect(
      ok(back)
        .items.filter((i: { manager: boolean }) => i.manager)
        .map((i: { id: number }) => i.id),
    ).toEqual([ids.manager]);
  });

  it('refuses users of another organization, or no client at all, with 422 on userIds', async () => {
    for (const stranger of [ids.otherPrimary, ids.candidate, 2_000_000_000]) {
      const res = await call('primary', 'PUT', url(), { userIds: [ids.manager, stranger] });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['userIds']);
    }
    const res = await call('primary', 'PUT', url(), { userIds: ['x'] });
    expect(res.statusCode).toBe(422);
    const still = await call('primary', 'GET', url());
    expect(
      ok(still)
        .items.filter((i: { manager: boolean }) => i.manager)
        .map((i: { id: number }) => i.id),
    ).toEqual([ids.manager]);
  });
});

describe('the active rule in SQL', () => {
  it('agrees with the shared isActiveWorkspace() on every combination', async () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    const moments = [null, -DAY, -1, 0, 1, DAY].map((ms) =>
      ms === null ? null : new Date(now.getTime() + ms),
    );
    const cases = moments.flatMap((publishedAt) =>
      moments.map((commencesAt) => ({ publishedAt, commencesAt })),
    );
    const values = sql.join(
      cases.map(
        (c, i) =>
          sql`(${i}::int, ${c.publishedAt?.toISOString() ?? null}::timestamptz, ${c.commencesAt?.toISOString() ?? null}::timestamptz)`,
      ),
      sql`, `,
    );
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await t.database.db.execute(
      sql`select opportunities.i, ${isActiveWorkspaceSql(at)} as active
        from (values ${values}) as opportunities(i, published_at, commences_at) order by 1`,
    );
    const rows = (result as unknown as { rows: unknown[] }).rows as {
      i: number;
      active: boolean;
    }[];
    expect(rows).toHaveLength(cases.length);
    const disagreements = rows.filter((r) => r.active !== isActiveWorkspace(cases[r.i]!, now));
    expect(disagreements).toEqual([]);
  });
});
