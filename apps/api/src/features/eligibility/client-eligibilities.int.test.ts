import type {
  ClientEligibilityDetail,
  ClientEligibilityPage,
  CriterionFunnelResponse,
  InviteResult,
} from '@pathways/shared/eligibility/client-eligibilities.schemas';
import type { InviteList } from '@pathways/shared/applications/applications.schemas';
import { shownCount } from '@pathways/shared/analytics/suppression';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, eligibilities, notifications } from '../../db/schema/index.ts';
import { analyticsKeysOf } from '../../test/analytics-keys.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, createRequirement } from '../../test/factories.ts';
import { createPeople, type Who } from '../../test/principals.ts';
import {
  addQualification,
  asClient,
  setProfile,
  signedIn,
  type Client,
} from './eligibility.factories.ts';

// The client's eligibility views over HTTP: who may call what, which rows a client sees, the
// invitations (one, many, twice, foreign ids) with their e-mail and the candidate's My invites,
// the criterion funnel on a small known data set, and the candidate search.

let t: TestApp;
let primary: Client;
let manager: Client;
let bystander: Client;
let otherPrimary: Client;
let candidateUser: Client;
let opp: number;
let unlisted: number;
let elsewhere: number;
let req: { r1: number; r2: number; r3: number };
const row: Record<string, number> = {};
const candidates: Record<string, Client> = {};

const criteria = (statuses: Record<number, 'met' | 'unmet' | 'unknown'>) =>
  Object.entries(statuses).map(([id, status]) => ({
    requirementId: Number(id),
    kind: 'age',
    status,
    description: `Requirement ${id}`,
    reason: `Reason ${status}`,
  }));

const profiles: Record<string, number> = {};

async function candidate(
  key: string,
  profile: { first: string; last: string; completion: number; gender?: 'female' | 'male' },
): Promise<Client> {
  const c = await signedIn(t, 'candidate');
  profiles[key] = await setProfile(t.database, c.userId, {
    firstNames: profile.first,
    lastName: profile.last,
    completion: profile.completion,
    gender: profile.gender ?? 'female',
  });
  candidates[key] = c;
  return c;
}

async function eligibility(
  key: string,
  c: Client,
  opportunityId: number,
  values: {
    eligible: boolean | null;
    referred?: boolean;
    invited?: boolean;
    statuses?: Record<number, 'met' | 'unmet' | 'unknown'>;
  },
) {
  const at = new Date(t.clock.now.getTime() - 3_600_000);
  const [inserted] = await t.database.db
    .insert(eligibilities)
    .values({
      candidateId: c.userId,
      opportunityId,
      eligible: values.eligible,
      checkedAt: values.eligible === null ? null : at,
      criteria: values.statuses ? criteria(values.statuses) : [],
      referredAt: values.referred ? at : null,
      invitedAt: values.invited ? at : null,
    })
    .returning();
  row[key] = inserted!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t, {
    a: { name: 'Engineering Bursary' },
    b: { name: 'Elsewhere' },
  });
  const client = (who: Who) => asClient(t, p.byWho[who].user!, p.byWho[who].token!);
  primary = client('primary');
  manager = client('manager');
  bystander = client('bystander');
  otherPrimary = client('otherClient');
  candidateUser = client('candidate');
  opp = p.a.opportunityId;
  elsewhere = p.b.opportunityId;
  const [b] = await createOpportunities(t.database, [
    { organizationId: p.a.organizationId, name: 'Finance Internship' },
  ]);
  unlisted = b!.id;
  req = {
    r1: (
      await createRequirement(t.database, opp, { kind: 'age', minimum: 18 }, 'Age 18 or over', 0)
    ).id,
    r2: (
      await createRequirement(t.database, opp, { kind: 'drivers_license' }, "A driver's licence", 1)
    ).id,
    r3: (
      await createRequirement(
        t.database,
        opp,
        { kind: 'distance', maximumKm: 50 },
        'Within 50 km',
        2,
      )
    ).id,
  };
  const { r1, r2, r3 } = req;
  const all = (s: 'met') => ({ [r1]: s, [r2]: s, [r3]: s });
  // Visible: complete and eligible; referred (whatever else); the applied and the invited.
  const amahle = await candidate('amahle', { first: 'Amahle', last: 'Dlamini', completion: 100 });
  await eligibility('amahle', amahle, opp, { eligible: true, statuses: all('met') });
  const dineo = await candidate('dineo', { first: 'Dineo', last: 'Mokoena', completion: 60 });
  await eligibility('dineo', dineo, opp, {
    eligible: false,
    referred: true,
    statuses: { [r1]: 'unmet', [r2]: 'met', [r3]: 'unknown' },
  });
  const eben = await candidate('eben', {
    first: 'Eben',
    last: 'Smit',
    completion: 100,
    gender: 'male',
  });
  await eligibility('eben', eben, opp, { eligible: true, referred: true, statuses: all('met') });
  await t.database.db.insert(applications).values({ candidateId: eben.userId, opportunityId: opp });
  const fatima = await candidate('fatima', { first: 'Fatima', last: 'Khan', completion: 100 });
  await eligibility('fatima', fatima, opp, { eligible: true, invited: true, statuses: all('met') });
  const gugu = await candidate('gugu', { first: 'Gugu', last: 'Nkosi', completion: 100 });
  await eligibility('gugu', gugu, opp, { eligible: true, statuses: all('met') });
  await addQualification(t.database, profiles.gugu!, { gradeNormalized: 75 });
  await addQualification(t.database, profiles.amahle!, { gradeNormalized: 65 });
  // Hidden: not referred, and incomplete or not eligible.
  const bongani = await candidate('bongani', { first: 'Bongani', last: 'Zulu', completion: 100 });
  await eligibility('bongani', bongani, opp, {
    eligible: false,
    statuses: { [r1]: 'met', [r2]: 'unmet', [r3]: 'met' },
  });
  const carla = await candidate('carla', { first: 'Carla', last: 'Botha', completion: 80 });
  await eligibility('carla', carla, opp, { eligible: true, statuses: all('met') });
  const hendrik = await candidate('hendrik', { first: 'Hendrik', last: 'Venter', completion: 100 });
  await eligibility('hendrik', hendrik, opp, {
    eligible: false,
    statuses: { [r1]: 'unmet', [r2]: 'met', [r3]: 'unknown' },
  });
  const isaac = await candidate('isaac', { first: 'Isaac', last: 'Mahlangu', completion: 100 });
  await eligibility('isaac', isaac, opp, {
    eligible: false,
    statuses: { [r1]: 'unmet', [r2]: 'unmet', [r3]: 'met' },
  });
  const jabu = await candidate('jabu', { first: 'Jabu', last: 'Ndlovu', completion: 100 });
  await eligibility('jabu', jabu, opp, {
    eligible: false,
    statuses: { [r1]: 'met', [r2]: 'unmet', [r3]: 'met' },
  });
  const kagiso = await candidate('kagiso', { first: 'Kagiso', last: 'Molefe', completion: 100 });
  await eligibility('kagiso', kagiso, opp, { eligible: null });
  // The same qualified candidate in the unlisted workspace and in another organization's.
  await eligibility('amahleUnlisted', amahle, unlisted, { eligible: true, statuses: {} });
  await eligibility('amahleElsewhere', amahle, elsewhere, { eligible: true, statuses: {} });
});

afterAll(() => t?.close());

const list = (c: Client, query = '') =>
  c.get(`/api/client/opportunities/${opp}/eligibilities${query}`);
const names = (res: { json(): unknown }) =>
  (res.json() as ClientEligibilityPage).items.map((i) => i.name);

describe('who may call what', () => {
  const guest = { get: (url: string) => t.app.inject({ method: 'GET', url }) };
  const who = () => ({ primary, manager, bystander, otherPrimary, candidateUser });
  type Who = keyof ReturnType<typeof who>;
  const routes: {
    name: string;
    call: (c: Client) => Promise<{ statusCode: number }>;
    guest: () => Promise<{ statusCode: number }>;
    expected: Record<Who, number>;
  }[] = [
    {
      name: 'GET the list',
      call: (c) => list(c),
      guest: () => guest.get(`/api/client/opportunities/${opp}/eligibilities`),
      expected: {
        primary: 200,
        manager: 200,
        bystander: 404,
        otherPrimary: 404,
        candidateUser: 403,
      },
    },
    {
      name: 'GET one',
      call: (c) => c.get(`/api/client/opportunities/${opp}/eligibilities/${row.amahle}`),
      guest: () => guest.get(`/api/client/opportunities/${opp}/eligibilities/${row.amahle}`),
      expected: {
        primary: 200,
        manager: 200,
        bystander: 404,
        otherPrimary: 404,
        candidateUser: 403,
      },
    },
    {
      name: 'GET the funnel',
      call: (c) => c.get(`/api/client/opportunities/${opp}/eligibilities/funnel`),
      guest: () => guest.get(`/api/client/opportunities/${opp}/eligibilities/funnel`),
      expected: {
        primary: 200,
        manager: 200,
        bystander: 404,
        otherPrimary: 404,
        candidateUser: 403,
      },
    },
    {
      // An ineligible row: those allowed in are refused for that reason, and nothing changes.
      name: 'PATCH invite one',
      call: (c) => c.patch(`/api/client/opportunities/${opp}/eligibilities/${row.dineo}/invite`),
      guest: () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/client/opportunities/${opp}/eligibilities/${row.dineo}/invite`,
        }),
      expected: {
        primary: 422,
        manager: 422,
        bystander: 404,
        otherPrimary: 404,
        candidateUser: 403,
      },
    },
    {
      name: 'POST invite many',
      call: (c) =>
        c.post(`/api/client/opportunities/${opp}/eligibilities/invite`, {
          eligibilityIds: [row.dineo],
        }),
      guest: () =>
        t.app.inject({
          method: 'POST',
          url: `/api/client/opportunities/${opp}/eligibilities/invite`,
          payload: { eligibilityIds: [row.dineo] },
        }),
      expected: {
        primary: 422,
        manager: 422,
        bystander: 404,
        otherPrimary: 404,
        candidateUser: 403,
      },
    },
    {
      name: 'GET candidate search',
      call: (c) => c.get('/api/client/eligibilities'),
      guest: () => guest.get('/api/client/eligibilities'),
      expected: {
        primary: 200,
        manager: 200,
        bystander: 403,
        otherPrimary: 200,
        candidateUser: 403,
      },
    },
  ];

  it.each(routes.map((r) => [r.name, r] as const))('%s', async (_, route) => {
    const got: Record<string, number> = {};
    for (const [name, c] of Object.entries(who())) got[name] = (await route.call(c)).statusCode;
    expect(got).toEqual(route.expected);
    expect((await route.guest()).statusCode).toBe(401);
  });

  it('says why a non-primary user managing no active workspace cannot search candidates', async () => {
    const res = await bystander.get('/api/client/eligibilities');
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/primary users/) });
  });

  it('answers 404 for a row of another opportunity, even of a managed one', async () => {
    const res = await primary.get(
      `/api/client/opportunities/${opp}/eligibilities/${row.amahleUnlisted}`,
    );
    expect(res.statusCode).toBe(404);
  });

  it('refuses bad query values with 422, never 500', async () => {
    for (const query of ['?page=0', '?per=1000', '?sort=password', '?eligible=perhaps']) {
      expect((await list(primary, query)).statusCode, query).toBe(422);
    }
  });
});

// Reading, then inviting, then searching, in that order on the same candidates: the list and the
// funnel read them as made above, before an invitation marks a row invited and before Lindiwe,
// a qualified candidate invited in a test of her own, joins them; the candidate search then finds
// her among the others. Within the list and the search, the tests need no order.
describe(
  'the candidates of an opportunity, read, invited, then searched',
  { shuffle: false },
  () => {
    describe('the list', { shuffle: true }, () => {
      it('shows referred rows and complete eligible ones, newest profile change first', async () => {
        const res = await list(primary);
        expect(res.statusCode).toBe(200);
        const body = res.json() as ClientEligibilityPage;
        expect(body).toMatchObject({ page: 1, per: 25, total: 5 });
        expect(new Set(names(res))).toEqual(
          new Set(['Amahle Dlamini', 'Dineo Mokoena', 'Eben Smit', 'Fatima Khan', 'Gugu Nkosi']),
        );
        const updated = body.items.map((i) => i.profileUpdatedAt);
        expect(updated).toEqual([...updated].sort().reverse());
      });

      it('answers each row with its facts and the criteria counts', async () => {
        const body = (await list(primary, '?search=dineo')).json() as ClientEligibilityPage;
        expect(body.items).toEqual([
          {
            id: row.dineo,
            candidateId: candidates.dineo!.userId,
            name: 'Dineo Mokoena',
            photoUrl: null,
            completion: 60,
            eligible: false,
            referredAt: expect.any(String),
            invitedAt: null,
            applied: false,
            withdrawn: false,
            profileUpdatedAt: expect.any(String),
            criteria: { met: 1, unmet: 1, unknown: 1 },
            opportunity: { id: opp, name: 'Engineering Bursary' },
          },
        ]);
      });

      it('says of an applicant who withdrew that they applied and withdrew', async () => {
        const eben = async () =>
          ((await list(primary, '?search=eben')).json() as ClientEligibilityPage).items[0]!;
        expect(await eben()).toMatchObject({ applied: true, withdrawn: false });
        const [application] = await t.database.db
          .update(applications)
          .set({ archivedAt: new Date() })
          .where(eq(applications.candidateId, candidates.eben!.userId))
          .returning();
        try {
          expect(await eben()).toMatchObject({ applied: true, withdrawn: true });
        } finally {
          await t.database.db
            .update(applications)
            .set({ archivedAt: null })
            .where(eq(applications.id, application!.id));
        }
      });

      it('filters by name, applied, eligible, referred and invited, and sorts', async () => {
        expect(names(await list(primary, '?search=KHA'))).toEqual(['Fatima Khan']);
        expect(names(await list(primary, '?search=%25'))).toEqual([]);
        expect(names(await list(primary, '?applied=true'))).toEqual(['Eben Smit']);
        expect(names(await list(primary, '?eligible=false'))).toEqual(['Dineo Mokoena']);
        expect(names(await list(primary, '?invited=true'))).toEqual(['Fatima Khan']);
        expect(new Set(names(await list(primary, '?referred=true')))).toEqual(
          new Set(['Dineo Mokoena', 'Eben Smit']),
        );
        expect(names(await list(primary, '?sort=profile.lastName&direction=asc'))).toEqual([
          'Amahle Dlamini',
          'Fatima Khan',
          'Dineo Mokoena',
          'Gugu Nkosi',
          'Eben Smit',
        ]);
        expect(names(await list(primary, '?sort=completion&direction=asc'))[0]).toBe(
          'Dineo Mokoena',
        );
      });

      it("applies the applicants tracker's profile filters, under the tracker's names", async () => {
        expect(names(await list(primary, '?genders=male'))).toEqual(['Eben Smit']);
        expect(names(await list(primary, '?name=nkosi'))).toEqual(['Gugu Nkosi']);
        expect(names(await list(primary, '?grade=70,100'))).toEqual(['Gugu Nkosi']);
        expect(new Set(names(await list(primary, '?grade=60,100')))).toEqual(
          new Set(['Gugu Nkosi', 'Amahle Dlamini']),
        );
        // With the list's own filters, and paged after filtering.
        expect(names(await list(primary, '?genders=female&eligible=false'))).toEqual([
          'Dineo Mokoena',
        ]);
        const paged = (
          await list(primary, '?genders=female&per=1&page=2&sort=profile.lastName&direction=asc')
        ).json() as ClientEligibilityPage;
        expect(paged).toMatchObject({ total: 4, page: 2, per: 1 });
        expect(paged.items.map((i) => i.name)).toEqual(['Fatima Khan']);
        // The locations an applicant chose do not exist for an eligibility: that filter is ignored.
        expect((await list(primary, '?locations=5')).json()).toMatchObject({ total: 5 });
        // A filter that does not parse filters nothing.
        expect((await list(primary, '?genders=robot&grade=x')).json()).toMatchObject({ total: 5 });
      });

      it('pages', async () => {
        const first = (await list(primary, '?per=2&sort=profile.lastName&direction=asc')).json();
        const third = (
          await list(primary, '?per=2&page=3&sort=profile.lastName&direction=asc')
        ).json();
        expect(first).toMatchObject({ total: 5, per: 2, page: 1 });
        expect((third as ClientEligibilityPage).items.map((i) => i.name)).toEqual(['Eben Smit']);
      });

      it('never shows a hidden row, not even by its id', async () => {
        for (const key of ['bongani', 'carla', 'hendrik', 'kagiso']) {
          const res = await primary.get(
            `/api/client/opportunities/${opp}/eligibilities/${row[key]}`,
          );
          expect(res.statusCode, key).toBe(404);
        }
      });

      it('answers one row with every criterion in words', async () => {
        const res = await manager.get(
          `/api/client/opportunities/${opp}/eligibilities/${row.dineo}`,
        );
        const body = res.json() as ClientEligibilityDetail;
        expect(body.eligibility.name).toBe('Dineo Mokoena');
        expect(body.eligibility.criteriaResults.map((c) => [c.requirementId, c.status])).toEqual([
          [req.r1, 'unmet'],
          [req.r2, 'met'],
          [req.r3, 'unknown'],
        ]);
        expect(body.eligibility.criteriaResults[0]).toMatchObject({
          description: `Requirement ${req.r1}`,
          reason: 'Reason unmet',
        });
      });
    });

    describe('the criterion funnel', () => {
      it('counts, over complete profiles, what each requirement removes, most-removing first, small counts hidden', async () => {
        const res = await primary.get(`/api/client/opportunities/${opp}/eligibilities/funnel`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as CriterionFunnelResponse;
        // Complete and checked: Amahle, Eben, Fatima, Gugu (all met), Bongani and Jabu (r2),
        // Hendrik (r1, r3 unknown), Isaac (r1 and r2). Dineo and Carla are incomplete; Kagiso unchecked.
        // 8 candidates are shown; r1 removes 2 and r2 removes 3 on their own (fewer than 5: hidden);
        // r3 removes nobody. In turn r2 removes 3 (hidden), so what is left after it (5) would give
        // those 3 away and is hidden with every later step; r1 then removes 1 (hidden), r3 0.
        // The 8 are shown moved by their cell key: the sum of their analytics keys.
        const counted = ['amahle', 'eben', 'fatima', 'gugu', 'bongani', 'jabu', 'hendrik', 'isaac'];
        const keys = await analyticsKeysOf(
          t.database.db,
          counted.map((name) => candidates[name]!.userId),
        );
        expect(keys.size).toBe(8);
        expect(body.candidates).toBe(
          shownCount(
            8,
            [...keys.values()].reduce((sum, k) => sum + k, 0),
          ),
        );
        expect(body.requirements.map((r) => [r.id, r.description, r.unmet])).toEqual([
          [req.r1, 'Age 18 or over', null],
          [req.r2, "A driver's licence", null],
          [req.r3, 'Within 50 km', 0],
        ]);
        expect(body.steps.map((s) => [s.id, s.removed, s.remaining])).toEqual([
          [req.r2, null, null],
          [req.r1, null, null],
          [req.r3, 0, null],
        ]);
      });
    });

    // Steps in order on the same rows: Amahle, once invited, cannot be invited twice; Gugu stays
    // uninvited through the batches refused, then is invited in the batch that succeeds.
    describe('inviting', () => {
      it('invites one eligible candidate: the row, a notification, an e-mail, and My invites', async () => {
        const before = (await t.mails()).length;
        const res = await manager.patch(
          `/api/client/opportunities/${opp}/eligibilities/${row.amahle}/invite`,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          eligibility: { id: row.amahle, invitedAt: t.clock.now.toISOString() },
        });
        const [stored] = await t.database.db
          .select()
          .from(eligibilities)
          .where(eq(eligibilities.id, row.amahle!));
        expect(stored).toMatchObject({ invitedAt: t.clock.now, invitedById: manager.userId });

        const amahle = candidates.amahle!;
        const [notification] = await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, amahle.userId));
        expect(notification).toMatchObject({
          type: 'opportunity.invite',
          path: `/opportunities/${opp}`,
          description: expect.stringContaining('Engineering Bursary'),
        });

        const mails = (await t.mails()).slice(before);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toMatch(/invites you to apply for Engineering Bursary/);
        expect(mails[0]!.text).toContain(`http://pathways.test/opportunities/${opp}`);
        expect(mails[0]!.text).toContain('Hello Amahle');

        const invites = (await amahle.get('/api/candidate/invites')).json() as InviteList;
        expect(invites.items.map((i) => [i.id, i.opportunity.id])).toEqual([[row.amahle, opp]]);
      });

      it('never invites twice: 409, and nothing changes', async () => {
        const before = (await t.mails()).length;
        const res = await primary.patch(
          `/api/client/opportunities/${opp}/eligibilities/${row.amahle}/invite`,
        );
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          message: expect.stringMatching(/already been invited/),
        });
        const [stored] = await t.database.db
          .select()
          .from(eligibilities)
          .where(eq(eligibilities.id, row.amahle!));
        expect(stored!.invitedById).toBe(manager.userId);
        expect((await t.mails()).length).toBe(before);
      });

      it('invites once when two colleagues invite the same candidate at the same moment', async () => {
        const c = await candidate('lindiwe', {
          first: 'Lindiwe',
          last: 'Sithole',
          completion: 100,
        });
        await eligibility('lindiwe', c, opp, { eligible: true, statuses: {} });
        const before = (await t.mails()).length;
        const url = `/api/client/opportunities/${opp}/eligibilities/${row.lindiwe}/invite`;
        const answers = await Promise.all([primary.patch(url), manager.patch(url)]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const mails = (await t.mails()).slice(before);
        expect(mails.filter((m) => m.text.includes('Hello Lindiwe'))).toHaveLength(1);
        const mine = await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, c.userId));
        expect(mine).toHaveLength(1);
      });

      // On an opportunity of an organization of its own, so these candidates stay out of the lists
      // the other tests read.
      async function elsewhereCandidate(key: string, first: string) {
        const owner = await signedIn(t, 'client', { primary: true });
        const [own] = await createOpportunities(t.database, [
          { organizationId: owner.organizationId!, name: `Invited ${key}` },
        ]);
        const c = await candidate(key, { first, last: 'Invited', completion: 100 });
        await eligibility(key, c, own!.id, { eligible: true, statuses: {} });
        const invite = () =>
          owner.patch(`/api/client/opportunities/${own!.id}/eligibilities/${row[key]}/invite`);
        return { c, invite };
      }

      it('does not e-mail a candidate who turned invitations off; the bell still tells them', async () => {
        const { c, invite } = await elsewhereCandidate('zola', 'Zola');
        const off = await c.call('PUT', '/api/candidate/notification_preferences', {
          preferences: [{ type: 'opportunity.invite', email: false }],
        });
        expect(off.statusCode, off.body).toBe(200);
        const before = (await t.mails()).length;
        const res = await invite();
        expect(res.statusCode, res.body).toBe(200);
        expect((await t.mails()).slice(before)).toEqual([]);
        const told = await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, c.userId));
        expect(told.map((n) => n.type)).toEqual(['opportunity.invite']);
      });

      it('e-mails an invitation with a one-click unsubscribe link', async () => {
        const { invite } = await elsewhereCandidate('ayanda', 'Ayanda');
        const before = (await t.mails()).length;
        expect((await invite()).statusCode).toBe(200);
        const [mail] = (await t.mails()).slice(before);
        expect(mail!.headers!['List-Unsubscribe']).toMatch(
          /\/api\/notifications\/unsubscribe\?token=/,
        );
        expect(mail!.text).toContain('http://pathways.test/unsubscribe?token=');
      });

      it('refuses one who applied already (409) and one who does not qualify (422)', async () => {
        const applied = await primary.patch(
          `/api/client/opportunities/${opp}/eligibilities/${row.eben}/invite`,
        );
        expect(applied.statusCode).toBe(409);
        const ineligible = await primary.patch(
          `/api/client/opportunities/${opp}/eligibilities/${row.dineo}/invite`,
        );
        expect(ineligible.statusCode).toBe(422);
        expect(ineligible.json()).toMatchObject({
          errors: { eligibility: ['Only candidates who qualify can be invited'] },
        });
        const hidden = await primary.patch(
          `/api/client/opportunities/${opp}/eligibilities/${row.carla}/invite`,
        );
        expect(hidden.statusCode).toBe(404);
      });

      it('fails a whole batch naming a foreign id, and changes nothing', async () => {
        const res = await primary.post(`/api/client/opportunities/${opp}/eligibilities/invite`, {
          eligibilityIds: [row.gugu, row.amahleElsewhere, row.bongani],
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          errors: {
            eligibilityIds: [
              `are not candidates of this opportunity: ${row.amahleElsewhere}, ${row.bongani}`,
            ],
          },
        });
        const [gugu] = await t.database.db
          .select()
          .from(eligibilities)
          .where(eq(eligibilities.id, row.gugu!));
        expect(gugu!.invitedAt).toBeNull();
      });

      it('fails a whole batch with an ineligible row', async () => {
        const res = await primary.post(`/api/client/opportunities/${opp}/eligibilities/invite`, {
          eligibilityIds: [row.gugu, row.dineo],
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          errors: { eligibilityIds: [`Only candidates who qualify can be invited: ${row.dineo}`] },
        });
      });

      it('refuses an empty batch with 422', async () => {
        const res = await primary.post(`/api/client/opportunities/${opp}/eligibilities/invite`, {
          eligibilityIds: [],
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ errors: { eligibilityIds: [expect.any(String)] } });
      });

      it('invites many, skipping and naming those invited or applied already', async () => {
        const before = (await t.mails()).length;
        const res = await primary.post(`/api/client/opportunities/${opp}/eligibilities/invite`, {
          eligibilityIds: [row.gugu, row.fatima, row.eben, row.gugu],
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as InviteResult;
        expect(body.invited.map((r) => r.id)).toEqual([row.gugu]);
        expect(body.skipped).toEqual([
          { id: row.fatima, reason: 'invited' },
          { id: row.eben, reason: 'applied' },
        ]);
        const mails = (await t.mails()).slice(before);
        expect(mails.map((m) => m.text.includes('Hello Gugu'))).toEqual([true]);
        const invites = (await candidates.gugu!.get('/api/candidate/invites')).json() as InviteList;
        expect(invites.items.map((i) => i.id)).toEqual([row.gugu]);
      });
    });

    describe('candidate search', { shuffle: true }, () => {
      it('lists the qualified candidates of every workspace a primary user may see', async () => {
        const body = (
          await primary.get('/api/client/eligibilities?sort=profile.lastName&direction=asc')
        ).json() as ClientEligibilityPage;
        expect(body.items.map((i) => [i.name, i.opportunity.name])).toEqual([
          ['Amahle Dlamini', 'Engineering Bursary'],
          ['Amahle Dlamini', 'Finance Internship'],
          ['Fatima Khan', 'Engineering Bursary'],
          ['Gugu Nkosi', 'Engineering Bursary'],
          ['Lindiwe Sithole', 'Engineering Bursary'],
          ['Eben Smit', 'Engineering Bursary'],
        ]);
      });

      it('lists only the workspaces a manager manages, and filters', async () => {
        const body = (
          await manager.get('/api/client/eligibilities?search=amahle')
        ).json() as ClientEligibilityPage;
        expect(body.items.map((i) => i.opportunity.id)).toEqual([opp]);
        const notApplied = (
          await manager.get('/api/client/eligibilities?applied=false')
        ).json() as ClientEligibilityPage;
        expect(notApplied.items.map((i) => i.name)).not.toContain('Eben Smit');
      });

      it("applies the tracker's profile filters too", async () => {
        const body = (
          await primary.get('/api/client/eligibilities?grade=70,100')
        ).json() as ClientEligibilityPage;
        expect(body.items.map((i) => i.name)).toEqual(['Gugu Nkosi']);
      });

      it("shows another organization's primary user only their own candidates", async () => {
        const body = (
          await otherPrimary.get('/api/client/eligibilities')
        ).json() as ClientEligibilityPage;
        expect(body.items.map((i) => i.opportunity.id)).toEqual([elsewhere]);
      });
    });
  },
);
