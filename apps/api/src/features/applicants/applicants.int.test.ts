import { filterApplicants } from '@pathways/shared/applicants/applicants.rules';
import {
  DEFAULT_APPLICANT_SORT,
  applicantPage,
  type ApplicantFilters,
  type ApplicantPage,
  type ApplicantRow,
} from '@pathways/shared/applicants/applicants.schemas';
import { viewToSearchParams } from '@pathways/shared/applicants/applicants.url';
import { countStandings } from '@pathways/shared/pipeline/standing';
import type { WorkspaceCounts } from '@pathways/shared/workspaces/workspaces.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applicationLocations,
  applications,
  assessmentResults,
  candidateProfiles,
  chatMessages,
  chats,
  eligibilities,
  flags,
  phases,
  profileQualificationDisciplines,
  profileQualifications,
  users,
} from '../../db/schema/index.ts';
import {
  createApplicantReference,
  insertApplicants,
  type ApplicantReference,
} from '../../test/applicants.ts';
import { createTestApp, createUser, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, ok } from '../../test/factories.ts';
import {
  type ClientSideName,
  clientSideNames,
  createPeople,
  type People,
} from '../../test/principals.ts';

let t: TestApp;
type Who = ClientSideName;
// The shared people: the manager is listed on the workspace, the viewer is a colleague managing
// nothing, and the other primary user has an organization of their own.
const principalOf = clientSideNames;
let p: People;
let organizationId: number;
let otherOrganizationId: number;
let reference: ApplicantReference;
/** 260 applicants; `manager` is listed on it, `viewer` is not. */
let workspaceId: number;
/** Another workspace of the organization, managed by no one but the primary user. */
let secondId: number;
/** A workspace of another organization. */
let foreignId: number;
let workspacePhases: number[];
let workspaceLocations: number[];
/** The one application whose every fact the test wrote by hand. */
let knownId: number;
let knownCandidateId: number;

const MANY = 260;

async function get(who: Who, url: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: p.byWho[principalOf[who]].headers,
  });
}

/** Every page of a row route, in turn, as the tracker loads them. */
async function loadAll(who: Who, path: string, filters: ApplicantFilters = {}) {
  const items: ApplicantRow[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const params = viewToSearchParams({
      filters,
      sort: DEFAULT_APPLICANT_SORT,
      page: 1,
      phase: null,
    });
    params.set('page', String(page));
    const body = ok<ApplicantPage>(await get(who, `${path}?${params}`));
    total = body.total;
    items.push(...body.items);
    if (body.items.length < body.per) break;
  }
  expect(items).toHaveLength(total);
  return items;
}

async function createPhases(opportunityId: number, names: string[]) {
  const rows = await t.database.db
    .insert(phases)
    .values(names.map((name, i) => ({ opportunityId, name, initial: i === 0 })))
    .returning({ id: phases.id });
  for (let i = 0; i + 1 < rows.length; i++) {
    await t.database.db
      .update(phases)
      .set({ nextPhaseId: rows[i + 1]!.id })
      .where(eq(phases.id, rows[i]!.id));
  }
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const place = (latitude: number, longitude: number) => ({ latitude, longitude });
  p = await createPeople(t, {
    a: { name: 'Graduate programme', locations: [place(-33.92, 18.42), place(-26.2, 28.04)] },
    b: { name: 'Elsewhere' },
  });
  organizationId = p.a.organizationId;
  otherOrganizationId = p.b.organizationId;
  workspaceId = p.a.opportunityId;
  workspaceLocations = p.a.locationIds;
  foreignId = p.b.opportunityId;
  const [second] = await createOpportunities(t.database, [{ organizationId, name: 'Bursary' }]);
  secondId = second!.id;
  workspacePhases = await createPhases(workspaceId, ['Applied', 'Interview', 'Offer']);
  const secondPhases = await createPhases(secondId, ['Applied']);
  const foreignPhases = await createPhases(foreignId, ['Applied']);

  reference = await createApplicantReference(t.database.db);
  const now = t.clock.now;
  await insertApplicants(t.database.db, {
    opportunityId: workspaceId,
    count: MANY - 1,
    seed: 7,
    now,
    phaseIds: [null, ...workspacePhases],
    locationIds: workspaceLocations,
    reference,
    organizationId,
    otherOrganizationId,
  });
  await insertApplicants(t.database.db, {
    opportunityId: secondId,
    count: 12,
    seed: 8,
    now,
    phaseIds: secondPhases,
    locationIds: [],
    reference,
    organizationId,
  });
  await insertApplicants(t.database.db, {
    opportunityId: foreignId,
    count: 9,
    seed: 9,
    now,
    phaseIds: foreignPhases,
    locationIds: [],
    reference,
    organizationId: otherOrganizationId,
  });

  // One applicant written by hand, every fact known.
  const known = await createUser(t.database, { role: 'candidate' });
  knownCandidateId = known.id;
  await t.database.db
    .update(users)
    .set({ avatar: '/api/avatars/7-abcdefghijklmnopqrstuv.webp' })
    .where(eq(users.id, known.id));
  const [profile] = await t.database.db
    .insert(candidateProfiles)
    .values({
      userId: known.id,
      firstNames: 'Anaïs',
      lastName: 'Ébert',
      gender: 'female',
      ethnicity: 'coloured',
      bornAt: '2001-04-05',
      latitude: -33.93,
      longitude: 18.86,
    })
    .returning();
  const [app] = await t.database.db
    .insert(applications)
    .values({
      candidateId: known.id,
      opportunityId: workspaceId,
      phaseId: workspacePhases[1]!,
      complete: true,
      completion: 100,
      applicationRating: 4,
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
    })
    .returning();
  knownId = app!.id;
  await t.database.db
    .insert(applicationLocations)
    .values(
      workspaceLocations.map((id) => ({ applicationId: knownId, opportunityLocationId: id })),
    );
  await t.database.db.insert(eligibilities).values({
    candidateId: known.id,
    opportunityId: workspaceId,
    eligible: true,
    checkedAt: now,
    referredAt: new Date('2026-01-01T00:00:00.000Z'),
  });
  const [q] = await t.database.db
    .insert(profileQualifications)
    .values({
      profileId: profile!.id,
      institutionId: reference.institutionIds[0]!,
      qualificationTypeId: reference.typeIds[1]!,
      qualificationCategoryId: reference.categoryIds[2]!,
      startsAt: '2019-02-01',
      endsAt: '2022-11-30',
      gradeNormalized: 72.5,
      verifiedAt: new Date('2023-01-01T00:00:00.000Z'),
    })
    .returning();
  await t.database.db.insert(profileQualificationDisciplines).values([
    { profileQualificationId: q!.id, disciplineId: reference.disciplineIds[2]! },
    { profileQualificationId: q!.id, disciplineId: reference.disciplineIds[0]! },
  ]);
  await t.database.db.insert(assessmentResults).values([
    { profileId: profile!.id, item: 'numerical', aggregate: 60 },
    { profileId: profile!.id, item: 'verbal', aggregate: 81 },
  ]);
  const [chat] = await t.database.db.insert(chats).values({ applicationId: knownId }).returning();
  await t.database.db.insert(chatMessages).values([
    { chatId: chat!.id, senderType: 'candidate', body: 'One', readAt: null },
    { chatId: chat!.id, senderType: 'candidate', body: 'Two', readAt: null },
    { chatId: chat!.id, senderType: 'candidate', body: 'Read', readAt: now },
    { chatId: chat!.id, senderType: 'client', body: 'Ours', readAt: null },
  ]);
  // Another organization's open flag and this one's resolved flag do not mark it reported.
  await t.database.db.insert(flags).values([
    { candidateId: known.id, organizationId: otherOrganizationId, reason: 'Elsewhere' },
    { candidateId: known.id, organizationId, reason: 'Resolved', resolvedAt: now },
  ]);
}, 120_000);

afterAll(() => t?.close());

const byOpportunity = () => `/api/client/opportunities/${workspaceId}/applications`;
const countsOf = () => `/api/client/opportunities/${workspaceId}/counts`;

describe('the authorization matrix', () => {
  const statuses: [Who, number][] = [
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 404],
    ['manager', 200],
    ['primary', 200],
  ];

  it.each(statuses)(
    'GET client/opportunities/{id}/applications: %s answers %i',
    async (who, status) => {
      const res = await get(who, `${byOpportunity()}?per=5`);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 200) expect(res.json().total).toBe(MANY);
    },
  );

  it.each(statuses)(
    'GET client/opportunities/{id}/counts with filters: %s answers %i',
    async (who, status) => {
      const res = await get(who, `${countsOf()}?complete=true`);
      expect(res.statusCode, res.body).toBe(status);
    },
  );

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 200],
    ['viewer', 200],
    ['manager', 200],
    ['primary', 200],
  ] as [Who, number][])('GET client/applications: %s answers %i', async (who, status) => {
    const res = await get(who, '/api/client/applications?per=1');
    expect(res.statusCode, res.body).toBe(status);
  });

  it("answers 404 for a missing opportunity and for another organization's", async () => {
    expect(
      (await get('primary', `/api/client/opportunities/2147483647/applications`)).statusCode,
    ).toBe(404);
    expect(
      (await get('primary', `/api/client/opportunities/${foreignId}/applications`)).statusCode,
    ).toBe(404);
    expect(
      (await get('primary', `/api/client/opportunities/${foreignId}/counts?complete=true`))
        .statusCode,
    ).toBe(404);
  });
});

describe('client/applications', () => {
  it('gives a primary user every workspace of the organization and nothing of another', async () => {
    const rows = await loadAll('primary', '/api/client/applications');
    const opportunityIds = new Set(rows.map((r) => r.opportunityId));
    expect(opportunityIds).toEqual(new Set([workspaceId, secondId]));
    expect(rows).toHaveLength(MANY + 12);
  });

  it('gives a manager only the workspaces they manage, and someone managing none nothing', async () => {
    const rows = await loadAll('manager', '/api/client/applications');
    expect(new Set(rows.map((r) => r.opportunityId))).toEqual(new Set([workspaceId]));
    const none = ok<ApplicantPage>(await get('viewer', '/api/client/applications'));
    expect(none).toEqual({ items: [], page: 1, per: 250, total: 0 });
  });

  it("gives the other organization only its own rows, never marked by this organization's flags", async () => {
    const rows = await loadAll('otherPrimary', '/api/client/applications');
    expect(new Set(rows.map((r) => r.opportunityId))).toEqual(new Set([foreignId]));
    expect(rows).toHaveLength(9);
  });

  it('filters across workspaces with the same rules', async () => {
    const all = await loadAll('primary', '/api/client/applications');
    const filters: ApplicantFilters = { genders: ['female'], complete: true };
    const kept = await loadAll('primary', '/api/client/applications', filters);
    expect(kept.map((r) => r.id)).toEqual(
      filterApplicants(all, filters, t.clock.now).map((r) => r.id),
    );
  });
});

describe('paging', () => {
  it('gives 250 rows by id ascending, then the rest, then none', async () => {
    const first = ok<ApplicantPage>(await get('primary', byOpportunity()));
    expect(applicantPage.parse(first)).toEqual(first);
    expect(first).toMatchObject({ page: 1, per: 250, total: MANY });
    expect(first.items).toHaveLength(250);
    const second = ok<ApplicantPage>(await get('primary', `${byOpportunity()}?page=2`));
    expect(second.items).toHaveLength(MANY - 250);
    const third = ok<ApplicantPage>(await get('primary', `${byOpportunity()}?page=3`));
    expect(third).toMatchObject({ items: [], page: 3, total: MANY });
    const ids = [...first.items, ...second.items].map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(MANY);
    expect(ids).toContain(knownId);
  });

  it('takes a smaller page size and refuses more than 250 or less than 1', async () => {
    const page = ok<ApplicantPage>(await get('primary', `${byOpportunity()}?page=3&per=100`));
    expect(page.items).toHaveLength(MANY - 200);
    expect(
      ok<ApplicantPage>(await get('primary', `${byOpportunity()}?per=250`)).items,
    ).toHaveLength(250);
    for (const query of ['per=251', 'per=0', 'page=0', 'page=x', 'per=2.5']) {
      const res = await get('primary', `${byOpportunity()}?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors).length, query).toBeGreaterThan(0);
    }
  });
});

describe('a row', () => {
  it('carries every fact of the applicant', async () => {
    const rows = await loadAll('manager', byOpportunity());
    const row = rows.find((r) => r.id === knownId)!;
    const [firstPhase, secondPhase] = workspacePhases;
    expect(firstPhase).toBeDefined();
    expect(row).toEqual({
      id: knownId,
      opportunityId: workspaceId,
      createdAt: '2026-01-02T03:04:05.000Z',
      phaseId: secondPhase,
      regrettedAt: null,
      archivedAt: null,
      complete: true,
      completion: 100,
      eligibility: { eligible: true, referredAt: '2026-01-01T00:00:00.000Z' },
      applicationRating: 4,
      unreadChats: 2,
      locations: [...workspaceLocations].sort((a, b) => a - b),
      reported: false,
      interview: null,
      profile: {
        candidateId: knownCandidateId,
        firstName: 'Anaïs',
        lastName: 'Ébert',
        avatarUrl: '/api/avatars/7-abcdefghijklmnopqrstuv.webp',
        gender: 'female',
        ethnicity: 'coloured',
        bornAt: '2001-04-05',
        location: { latitude: -33.93, longitude: 18.86 },
        assessmentAggregate: 70.5,
        qualifications: [
          {
            id: expect.any(Number),
            qualificationTypeId: reference.typeIds[1],
            categoryId: reference.categoryIds[2],
            institutionId: reference.institutionIds[0],
            disciplineIds: [reference.disciplineIds[0], reference.disciplineIds[2]],
            startsAt: '2019-02-01',
            endsAt: '2022-11-30',
            gradeNormalized: 72.5,
            verifiedAt: '2023-01-01T00:00:00.000Z',
          },
        ],
      },
    });
  });

  it("is reported once this organization's own flag is open", async () => {
    const [flag] = await t.database.db
      .insert(flags)
      .values({ candidateId: knownCandidateId, organizationId, reason: 'Marks differ' })
      .returning();
    const row = (await loadAll('primary', byOpportunity())).find((r) => r.id === knownId)!;
    expect(row.reported).toBe(true);
    await t.database.db
      .update(flags)
      .set({ resolvedAt: t.clock.now })
      .where(eq(flags.id, flag!.id));
    const after = (await loadAll('primary', byOpportunity())).find((r) => r.id === knownId)!;
    expect(after.reported).toBe(false);
  });

  it('uses the generated facts too: some unread chats, flags, aggregates and avatars', async () => {
    const rows = await loadAll('primary', byOpportunity());
    expect(rows.some((r) => r.unreadChats > 0)).toBe(true);
    expect(rows.some((r) => r.reported)).toBe(true);
    expect(rows.some((r) => r.profile.assessmentAggregate !== null)).toBe(true);
    expect(rows.some((r) => r.profile.avatarUrl !== null)).toBe(true);
    expect(rows.some((r) => r.profile.qualifications.some((q) => q.disciplineIds.length > 1))).toBe(
      true,
    );
  });
});

/** Filter sets over every kind of filter, each keeping some rows but not all. */
function filterCases(): [string, ApplicantFilters][] {
  return [
    ['name', { name: 'nko' }],
    ['distance', { location: '-33.92,18.42', distance: 60 }],
    ['grade', { grade: { min: 60, max: 80 } }],
    ['institutions and verified', { institutions: [reference.institutionIds[0]!], verified: true }],
    [
      'categories, types and multiple',
      { categories: reference.categoryIds.slice(0, 2), types: reference.typeIds, multiple: true },
    ],
    ['disciplines and current', { disciplines: [reference.disciplineIds[1]!], period: 'current' }],
    ['completed', { period: 'completed' }],
    ['intended', { period: 'intended' }],
    [
      'ethnicities and genders',
      { ethnicities: ['african', 'indian'], genders: ['female', 'male'] },
    ],
    ['locations', { locations: [workspaceLocations[1]!] }],
    ['complete and eligible', { complete: true, eligible: true }],
    ['not eligible, referred', { eligible: false, referred: true }],
  ];
}

describe('filters on the server', () => {
  it('keep exactly the rows the shared rules keep, for every kind of filter', async () => {
    const all = await loadAll('primary', byOpportunity());
    for (const [label, filters] of filterCases()) {
      const expected = filterApplicants(all, filters, t.clock.now).map((r) => r.id);
      expect(expected.length, label).toBeGreaterThan(0);
      expect(expected.length, label).toBeLessThan(all.length);
      const kept = await loadAll('primary', byOpportunity(), filters);
      expect(
        kept.map((r) => r.id),
        label,
      ).toEqual(expected);
    }
  });

  it('page the kept rows and say how many there are', async () => {
    const filters: ApplicantFilters = { complete: true };
    const all = await loadAll('primary', byOpportunity());
    const expected = filterApplicants(all, filters, t.clock.now);
    const res = ok<ApplicantPage>(
      await get('primary', `${byOpportunity()}?complete=true&per=10&page=2`),
    );
    expect(res.total).toBe(expected.length);
    expect(res.items.map((r) => r.id)).toEqual(expected.slice(10, 20).map((r) => r.id));
  });

  it('ignore values that do not parse', async () => {
    const plain = ok<ApplicantPage>(await get('primary', `${byOpportunity()}?per=20`));
    const junk = ok<ApplicantPage>(
      await get(
        'primary',
        `${byOpportunity()}?per=20&grade=high&genders=robot&distance=far&period=soon&complete=no`,
      ),
    );
    expect(junk).toEqual(plain);
  });
});

describe('counts with filters', () => {
  // Counted by the one rule of where an application stands: one not yet placed is in the
  // initial phase (the first of the chain), withdrawn and regretted ones are apart.
  function expectedCounts(rows: ApplicantRow[]) {
    const counts = countStandings(rows, workspacePhases[0] ?? null);
    return {
      phases: workspacePhases.map((id) => counts.phases.get(id) ?? 0),
      regretted: counts.regretted,
      withdrawn: counts.withdrawn,
    };
  }

  it('count the rows the shared filter keeps, per phase, regretted and withdrawn', async () => {
    const all = await loadAll('primary', byOpportunity());
    for (const [label, filters] of filterCases()) {
      const params = viewToSearchParams({
        filters,
        sort: DEFAULT_APPLICANT_SORT,
        page: 1,
        phase: null,
      });
      const counts = ok<WorkspaceCounts>(await get('manager', `${countsOf()}?${params}`));
      const kept = filterApplicants(all, filters, t.clock.now);
      expect(
        {
          phases: counts.phases.map((p) => p.count),
          regretted: counts.regretted,
          withdrawn: counts.withdrawn,
        },
        label,
      ).toEqual(expectedCounts(kept));
      // And the server's own filtered rows, counted the same way, agree.
      const served = await loadAll('manager', byOpportunity(), filters);
      expect(expectedCounts(served), label).toEqual(expectedCounts(kept));
    }
  });

  it('without filters, count every row, in chain order with the phase names', async () => {
    const all = await loadAll('primary', byOpportunity());
    const counts = ok<WorkspaceCounts>(await get('primary', countsOf()));
    expect(counts.phases.map((p) => [p.name, p.order])).toEqual([
      ['Applied', 1],
      ['Interview', 2],
      ['Offer', 3],
    ]);
    expect({
      phases: counts.phases.map((p) => p.count),
      regretted: counts.regretted,
      withdrawn: counts.withdrawn,
    }).toEqual(expectedCounts(all));
    const filtered = ok<WorkspaceCounts>(await get('primary', `${countsOf()}?complete=true`));
    expect(filtered.phases.map((p) => p.name)).toEqual(['Applied', 'Interview', 'Offer']);
  });
});
