import { isWholeChain, orderedPhases } from '@pathways/shared/pipeline/chain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applications,
  candidateProfiles,
  eligibilities,
  institutions,
  opportunityManagers,
  phases,
  qualificationCategories,
  requirements,
  screeningAnswers,
  screeningQuestions,
} from '../../db/schema/index.ts';
import { createUser, type TestApp, createTestApp } from '../../test/build-app.ts';
import { createOpportunities, createRequirement } from '../../test/factories.ts';
import { clientSideNames, createPeople } from '../../test/principals.ts';

// The pipeline of a workspace over HTTP: who may read and change it, the phase chain staying
// whole after every call, requirements with their preview and recomputation, and screening
// questions.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

let t: TestApp;
const as: Record<string, Caller> = {};
let opportunityId: number;
let elsewhereId: number;
let organizationId: number;
let managerId: number;

// The callers of the matrix below, as the shared people: the manager is listed on the workspace,
// the viewer is a colleague managing nothing, the other primary user has an organization of
// their own.
const callerOf = clientSideNames;

const base = () => `/api/client/opportunities/${opportunityId}`;

async function storedChain(id = opportunityId) {
  return t.database.db
    .select({
      id: phases.id,
      name: phases.name,
      initial: phases.initial,
      nextPhaseId: phases.nextPhaseId,
    })
    .from(phases)
    .where(eq(phases.opportunityId, id));
}

async function phaseNames(id = opportunityId) {
  const chain = await storedChain(id);
  expect(isWholeChain(chain), JSON.stringify(chain)).toBe(true);
  return orderedPhases(chain).map((p) => p.name);
}

async function addPhase(name: string, afterPhaseId?: number | null) {
  const res = await as.primary!('POST', `${base()}/phases`, {
    phase: { name, ...(afterPhaseId !== undefined ? { afterPhaseId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const items = res.json().items as { id: number; name: string }[];
  return items.find((p) => p.name === name)!.id;
}

async function addQuestion(prompt: string) {
  const res = await as.primary!('POST', `${base()}/screening_questions`, {
    screeningQuestion: { prompt },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().items as { id: number; prompt: string }[]).find((q) => q.prompt === prompt)!
    .id;
}

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t);
  organizationId = p.a.organizationId;
  managerId = p.users.manager.id;
  opportunityId = p.a.opportunityId;
  elsewhereId = p.b.opportunityId;
  for (const [name, who] of Object.entries(callerOf)) {
    as[name] = (method, url, payload) => p.call(who, method, url, payload);
  }
});
afterAll(() => t?.close());

// ---------------------------------------------------------------- authorization matrix

interface Route {
  name: string;
  method: Method;
  /** A fresh target for each caller, so a call that succeeds does not spoil the next one. */
  prepare: () => Promise<{ url: string; payload?: unknown }>;
  success: number;
}

const routes: Route[] = [
  {
    name: 'list phases',
    method: 'GET',
    prepare: async () => ({ url: `${base()}/phases` }),
    success: 200,
  },
  {
    name: 'add a phase',
    method: 'POST',
    prepare: async () => ({ url: `${base()}/phases`, payload: { phase: { name: 'Matrix' } } }),
    success: 201,
  },
  {
    name: 'change a phase',
    method: 'PATCH',
    prepare: async () => ({
      url: `${base()}/phases/${await addPhase(`Rename ${Math.random()}`)}`,
      payload: { phase: { description: 'Checked', position: 1 } },
    }),
    success: 200,
  },
  {
    name: 'reorder the phases',
    method: 'PUT',
    prepare: async () => {
      const chain = orderedPhases(await storedChain()).map((p) => p.id);
      return { url: `${base()}/phases/order`, payload: { phaseIds: chain.reverse() } };
    },
    success: 200,
  },
  {
    name: 'delete a phase',
    method: 'DELETE',
    prepare: async () => ({ url: `${base()}/phases/${await addPhase(`Gone ${Math.random()}`)}` }),
    success: 204,
  },
  {
    name: 'list requirements',
    method: 'GET',
    prepare: async () => ({ url: `${base()}/requirements` }),
    success: 200,
  },
  {
    name: 'replace requirements',
    method: 'PUT',
    prepare: async () => ({
      url: `${base()}/requirements`,
      payload: { requirements: [{ criterion: { kind: 'drivers_license' } }] },
    }),
    success: 200,
  },
  {
    name: 'preview requirements',
    method: 'POST',
    prepare: async () => ({
      url: `${base()}/requirements/preview`,
      payload: { requirements: [{ criterion: { kind: 'minimum_grade', minimum: 50 } }] },
    }),
    success: 200,
  },
  {
    name: 'list screening questions',
    method: 'GET',
    prepare: async () => ({ url: `${base()}/screening_questions` }),
    success: 200,
  },
  {
    name: 'add a screening question',
    method: 'POST',
    prepare: async () => ({
      url: `${base()}/screening_questions`,
      payload: { screeningQuestion: { prompt: 'Why us?' } },
    }),
    success: 201,
  },
  {
    name: 'change a screening question',
    method: 'PATCH',
    prepare: async () => ({
      url: `${base()}/screening_questions/${await addQuestion(`Q ${Math.random()}`)}`,
      payload: { screeningQuestion: { required: false } },
    }),
    success: 200,
  },
  {
    name: 'reorder screening questions',
    method: 'PUT',
    prepare: async () => {
      const list = await as.primary!('GET', `${base()}/screening_questions`);
      const ids = (list.json().items as { id: number }[]).map((q) => q.id).reverse();
      return { url: `${base()}/screening_questions/order`, payload: { questionIds: ids } };
    },
    success: 200,
  },
  {
    name: 'remove a screening question',
    method: 'DELETE',
    prepare: async () => ({
      url: `${base()}/screening_questions/${await addQuestion(`Q ${Math.random()}`)}`,
    }),
    success: 204,
  },
];

const callers: [string, (success: number) => number][] = [
  ['guest', () => 401],
  ['candidate', () => 403],
  ['otherPrimary', () => 404],
  ['viewer', () => 404],
  ['manager', (success) => success],
  ['primary', (success) => success],
];

describe.each(routes)('$method $name', (route) => {
  it.each(callers)('as %s', async (who, expected) => {
    if ((await storedChain()).length === 0) await addPhase('Applied');
    if (route.name.includes('screening') && route.method === 'PUT') await addQuestion(`Q ${who}`);
    const { url, payload } = await route.prepare();
    const res = await as[who]!(route.method, url, payload);
    expect(res.statusCode, res.body).toBe(expected(route.success));
    // Whatever happened, the chain is whole.
    await phaseNames();
  });
});

describe('another organization', () => {
  it('answers 404 for its opportunity even to a primary user', async () => {
    for (const path of ['phases', 'requirements', 'screening_questions']) {
      const res = await as.primary!('GET', `/api/client/opportunities/${elsewhereId}/${path}`);
      expect(res.statusCode).toBe(404);
    }
  });
});

// ---------------------------------------------------------------- phases

// Steps in order on one opportunity's chain of phases: it is built, moved and reordered, then a
// phase is deleted; each step starts from the chain the steps before it left.
describe('phases', { shuffle: false }, () => {
  let id: number;
  const url = () => `/api/client/opportunities/${id}`;
  const post = (payload: unknown) => as.primary!('POST', `${url()}/phases`, payload);

  beforeAll(async () => {
    const [o] = await createOpportunities(t.database, [{ organizationId }]);
    id = o!.id;
  });

  it('builds a chain: the first phase is initial, others go last or after a phase', async () => {
    expect((await post({ phase: { name: 'Applied' } })).statusCode).toBe(201);
    expect((await post({ phase: { name: 'Offer' } })).statusCode).toBe(201);
    const applied = (await storedChain(id)).find((p) => p.name === 'Applied')!.id;
    const res = await post({
      phase: { name: 'Interview', description: ' Panel ', afterPhaseId: applied },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().items).toEqual([
      expect.objectContaining({ name: 'Applied', order: 1, initial: true, applications: 0 }),
      expect.objectContaining({
        name: 'Interview',
        order: 2,
        initial: false,
        description: 'Panel',
      }),
      expect.objectContaining({ name: 'Offer', order: 3, next: null }),
    ]);
    expect(await phaseNames(id)).toEqual(['Applied', 'Interview', 'Offer']);
  });

  it('moves a phase to a position, the first becoming initial, and reorders the whole chain', async () => {
    const offer = (await storedChain(id)).find((p) => p.name === 'Offer')!.id;
    const moved = await as.primary!('PATCH', `${url()}/phases/${offer}`, {
      phase: { position: 1, name: 'Offer made' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await phaseNames(id)).toEqual(['Offer made', 'Applied', 'Interview']);
    expect((await storedChain(id)).find((p) => p.initial)?.id).toBe(offer);

    const order = orderedPhases(await storedChain(id)).map((p) => p.id);
    const res = await as.primary!('PUT', `${url()}/phases/order`, {
      phaseIds: [order[1], order[2], order[0]],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((p: { name: string; order: number }) => [p.order, p.name])).toEqual(
      [
        [1, 'Applied'],
        [2, 'Interview'],
        [3, 'Offer made'],
      ],
    );
    expect(await phaseNames(id)).toEqual(['Applied', 'Interview', 'Offer made']);
  });

  it('keeps the chain whole when two managers reorder at the same moment', async () => {
    const [o] = await createOpportunities(t.database, [{ organizationId }]);
    await t.database.db
      .insert(opportunityManagers)
      .values({ opportunityId: o!.id, userId: managerId });
    const at = `/api/client/opportunities/${o!.id}/phases`;
    for (const name of ['A', 'B', 'C', 'D']) {
      expect((await as.primary!('POST', at, { phase: { name } })).statusCode).toBe(201);
    }
    const ids = orderedPhases(await storedChain(o!.id)).map((p) => p.id);
    const moves = await Promise.all([
      as.primary!('PATCH', `${at}/${ids[3]}`, { phase: { position: 1 } }),
      as.manager!('PATCH', `${at}/${ids[0]}`, { phase: { position: 4 } }),
      as.primary!('PUT', `${at}/order`, { phaseIds: [...ids].reverse() }),
      as.manager!('POST', at, { phase: { name: 'E', afterPhaseId: ids[1] } }),
    ]);
    const [first, second, wholeOrder, added] = moves.map((r) => r.statusCode);
    expect([first, second, added]).toEqual([200, 200, 201]);
    // The whole new order names four phases: it applies if it runs before E is added, and is
    // refused as no longer naming every phase (422) if it runs after. Either way, never a 500.
    expect([200, 422]).toContain(wholeOrder);
    expect((await phaseNames(o!.id)).sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(isWholeChain(await storedChain(o!.id))).toBe(true);
  });

  it.each([
    [{ phase: { name: '  ' } }, 'name', 'must be provided'],
    [
      { phase: { name: 'X', afterPhaseId: 2_000_000 } },
      'afterPhaseId',
      'must be a phase of this pipeline',
    ],
  ])('refuses to add %j with 422', async (payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('refuses an order that leaves out or repeats a phase, changing nothing', async () => {
    const before = await phaseNames(id);
    const [first, second] = orderedPhases(await storedChain(id)).map((p) => p.id);
    for (const phaseIds of [[first], [first, first, second], [first, second, 2_000_000]]) {
      const res = await as.primary!('PUT', `${url()}/phases/order`, { phaseIds });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.phaseIds).toEqual(['must list every phase of the pipeline once']);
    }
    expect(await phaseNames(id)).toEqual(before);
  });

  it('answers 404 for a phase of another opportunity', async () => {
    const foreign = (await storedChain(opportunityId))[0]!.id;
    const res = await as.primary!('PATCH', `${url()}/phases/${foreign}`, { phase: { name: 'X' } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses to delete a phase applications sit in, saying how many, and deletes an empty one', async () => {
    const chain = orderedPhases(await storedChain(id));
    const [applied, interview] = [chain[0]!.id, chain[1]!.id];
    for (let i = 0; i < 2; i += 1) {
      const candidate = await createUser(t.database, { role: 'candidate' });
      await t.database.db
        .insert(applications)
        .values({ candidateId: candidate.id, opportunityId: id, phaseId: interview });
    }
    const refused = await as.primary!('DELETE', `${url()}/phases/${interview}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This phase cannot be deleted: 2 applications are in it. Move them to another phase first.',
    );
    const list = await as.primary!('GET', `${url()}/phases`);
    expect(list.json().items[1]).toMatchObject({ id: interview, applications: 2 });

    // Deleting the initial phase makes the next one initial.
    expect((await as.primary!('DELETE', `${url()}/phases/${applied}`)).statusCode).toBe(204);
    expect(await phaseNames(id)).toEqual(['Interview', 'Offer made']);
    expect((await storedChain(id)).find((p) => p.initial)?.id).toBe(interview);
  });
});

// ---------------------------------------------------------------- requirements

// The two groups below run in order on the same opportunity and the same candidates: the
// candidates the first makes, three with complete profiles, are those the second's preview
// counts.
describe('the requirements of an opportunity', { shuffle: false }, () => {
  // Steps in order on one opportunity's requirements: the preview stores nothing, then a set of
  // two replaces them, and the refused sets after it leave those two in place.
  describe('requirements', { shuffle: false }, () => {
    const licensed: number[] = [];
    let incomplete: number;
    let walker: number;

    beforeAll(async () => {
      // Two complete profiles with a licence, one complete without, one incomplete with a licence.
      for (const [driversLicense, completion] of [
        [true, 100],
        [true, 100],
        [false, 100],
        [true, 60],
      ] as const) {
        const c = await createUser(t.database, { role: 'candidate' });
        await t.database.db
          .insert(candidateProfiles)
          .values({ userId: c.id, driversLicense, completion, bornAt: '2000-01-01' });
        if (completion < 100) incomplete = c.id;
        else if (driversLicense) licensed.push(c.id);
        else walker = c.id;
      }
    });

    const storedRows = async () =>
      t.database.db
        .select()
        .from(eligibilities)
        .where(eq(eligibilities.opportunityId, opportunityId));

    it('previews how many complete profiles a proposed set admits, storing nothing', async () => {
      const before = await storedRows();
      const preview = (requirements: unknown[]) =>
        as.manager!('POST', `${base()}/requirements/preview`, { requirements });
      const none = await preview([]);
      expect(none.json()).toEqual({ qualifying: 3, completeProfiles: 3 });
      const licence = await preview([{ criterion: { kind: 'drivers_license' } }]);
      expect(licence.statusCode, licence.body).toBe(200);
      expect(licence.json()).toEqual({ qualifying: 2, completeProfiles: 3 });
      const young = await preview([
        { criterion: { kind: 'drivers_license' } },
        { criterion: { kind: 'age', maximum: 18 } },
      ]);
      expect(young.json()).toEqual({ qualifying: 0, completeProfiles: 3 });
      expect(await storedRows()).toEqual(before);
    });

    it('replaces the whole set in order, describes each, and recomputes stored eligibility', async () => {
      await createRequirement(t.database, opportunityId, { kind: 'minimum_grade', minimum: 90 });
      const res = await as.manager!('PUT', `${base()}/requirements`, {
        requirements: [
          { criterion: { kind: 'drivers_license' } },
          { criterion: { kind: 'age', minimum: 18 } },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items).toEqual([
        expect.objectContaining({
          kind: 'drivers_license',
          position: 0,
          description: expect.any(String),
        }),
        expect.objectContaining({
          kind: 'age',
          position: 1,
          criterion: { kind: 'age', minimum: 18 },
        }),
      ]);
      const listed = await as.primary!('GET', `${base()}/requirements`);
      expect(listed.json().items.map((r: { kind: string }) => r.kind)).toEqual([
        'drivers_license',
        'age',
      ]);

      const stored = new Map((await storedRows()).map((r) => [r.candidateId, r.eligible]));
      for (const id of licensed) expect(stored.get(id)).toBe(true);
      expect(stored.get(incomplete)).toBe(true);
      expect(stored.get(walker)).not.toBe(true);
    });

    it.each([
      [{ requirements: [{ criterion: { kind: 'salary' } }] }, '0.criterion.kind'],
      [
        { requirements: [{ criterion: { kind: 'minimum_grade', minimum: 120 } }] },
        '0.criterion.minimum',
      ],
      [{ requirements: 'all' }, 'requirements'],
    ])('refuses %j with 422 and changes nothing', async (payload, field) => {
      for (const path of ['requirements', 'requirements/preview']) {
        const res = await as.primary!(
          path === 'requirements' ? 'PUT' : 'POST',
          `${base()}/${path}`,
          payload,
        );
        expect(res.statusCode).toBe(422);
        expect(Object.keys(res.json().errors)).toContain(field);
      }
      const listed = await as.primary!('GET', `${base()}/requirements`);
      expect(listed.json().items).toHaveLength(2);
    });
  });

  // Steps in order on one opportunity's requirements, with one unreadable row among them: it is
  // listed, kept when a new set sends it back (in second place, between two new ones), counted
  // in a preview, still there after the refused sets, and gone only in the last step.
  describe('a stored requirement this version cannot read', { shuffle: false }, () => {
    let unreadableId: number;
    let uct: number;
    let commerce: number;

    beforeAll(async () => {
      const db = t.database.db;
      await db.delete(requirements).where(eq(requirements.opportunityId, opportunityId));
      [{ id: uct }] = (await db
        .insert(institutions)
        .values({ name: 'University of Cape Town', kind: 'university', country: 'ZA' })
        .returning({ id: institutions.id })) as [{ id: number }];
      [{ id: commerce }] = (await db
        .insert(qualificationCategories)
        .values({ name: `Commerce ${Date.now()}` })
        .returning({ id: qualificationCategories.id })) as [{ id: number }];
      await createRequirement(t.database, opportunityId, { kind: 'drivers_license' }, null, 0);
      // Written by an older version in a shape the criterion schema no longer accepts.
      const [row] = await db
        .insert(requirements)
        .values({
          opportunityId,
          kind: 'salary',
          criterion: { kind: 'salary', maximum: 10_000 },
          description: 'Needs a salary expectation of at most R10 000',
          position: 1,
        })
        .returning();
      unreadableId = row!.id;
    });

    const stored = async () =>
      t.database.db
        .select()
        .from(requirements)
        .where(eq(requirements.opportunityId, opportunityId))
        .orderBy(requirements.position);

    it('is listed as unreadable, with its kind and words, beside the readable ones', async () => {
      const res = await as.manager!('GET', `${base()}/requirements`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items).toEqual([
        expect.objectContaining({ readable: true, kind: 'drivers_license', institutions: [] }),
        {
          readable: false,
          id: unreadableId,
          opportunityId,
          kind: 'salary',
          description: 'Needs a salary expectation of at most R10 000',
          position: 1,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ]);
    });

    it('is kept as it is when a new set sends it back by id, and named institutions come back by name', async () => {
      const before = (await stored()).find((r) => r.id === unreadableId)!;
      const res = await as.manager!('PUT', `${base()}/requirements`, {
        requirements: [
          {
            criterion: {
              kind: 'qualification',
              statuses: ['completed'],
              categoryIds: [commerce],
              institutionIds: [uct],
            },
          },
          { id: unreadableId },
          { criterion: { kind: 'age', minimum: 18 } },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items;
      expect(items.map((r: { kind: string; readable: boolean }) => [r.kind, r.readable])).toEqual([
        ['qualification', true],
        ['salary', false],
        ['age', true],
      ]);
      expect(items[0]).toMatchObject({
        institutions: [{ id: uct, name: 'University of Cape Town' }],
        description: expect.stringMatching(
          /^Needs a completed qualification in Commerce .* from University of Cape Town$/,
        ),
      });
      const after = await stored();
      expect(after.map((r) => r.kind)).toEqual(['qualification', 'salary', 'age']);
      // The same row, the same criterion and words: only its place in the set moved.
      const kept = after.find((r) => r.id === unreadableId)!;
      expect({ ...kept, position: before.position }).toEqual(before);
      expect(kept.position).toBe(1);
      const listed = await as.primary!('GET', `${base()}/requirements`);
      expect(listed.json().items).toEqual(items);
    });

    it('counts nobody in a preview while it is kept, since nobody can be checked against it', async () => {
      const preview = (requirements: unknown[]) =>
        as.manager!('POST', `${base()}/requirements/preview`, { requirements });
      const withIt = await preview([{ id: unreadableId }]);
      expect(withIt.statusCode, withIt.body).toBe(200);
      expect(withIt.json().qualifying).toBe(0);
      const without = await preview([]);
      expect(without.json().qualifying).toBeGreaterThan(0);
    });

    it('refuses an id that is not a stored requirement of this opportunity, or one kept twice', async () => {
      const [foreign] = await createRequirement(t.database, elsewhereId, {
        kind: 'drivers_license',
      }).then((r) => [r]);
      const before = await stored();
      for (const [requirements, field, message] of [
        [[{ id: foreign!.id }], '0.id', 'must be a requirement of this opportunity'],
        [
          [{ criterion: { kind: 'drivers_license' } }, { id: 2_000_000 }],
          '1.id',
          'must be a requirement of this opportunity',
        ],
        [
          [{ id: unreadableId }, { id: unreadableId }],
          '1.id',
          'must not keep the same requirement twice',
        ],
        [[{}], '0.criterion', 'must give a criterion, or the id of a stored requirement to keep'],
        [
          [
            { criterion: { kind: 'drivers_license' } },
            {
              criterion: {
                kind: 'qualification',
                statuses: ['completed'],
                categoryIds: [commerce],
                institutionIds: [uct, 2_000_000],
              },
            },
          ],
          '1.criterion.institutionIds',
          'must be listed; 2000000 is not',
        ],
      ] as const) {
        for (const [method, path] of [
          ['PUT', 'requirements'],
          ['POST', 'requirements/preview'],
        ] as const) {
          const res = await as.primary!(method, `${base()}/${path}`, { requirements });
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json().errors).toEqual({ [field]: [message] });
        }
      }
      expect(await stored()).toEqual(before);
    });

    it('goes only when a new set leaves it out', async () => {
      const res = await as.manager!('PUT', `${base()}/requirements`, {
        requirements: [{ criterion: { kind: 'drivers_license' } }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await stored()).map((r) => r.kind)).toEqual(['drivers_license']);
    });
  });
});

// ---------------------------------------------------------------- screening questions

describe('screening questions', () => {
  let id: number;
  const url = () => `/api/client/opportunities/${id}/screening_questions`;

  beforeAll(async () => {
    const [o] = await createOpportunities(t.database, [{ organizationId }]);
    id = o!.id;
  });

  it('adds questions last, rewords, makes optional and reorders them', async () => {
    const add = (prompt: string, required?: boolean) =>
      as.primary!('POST', url(), { screeningQuestion: { prompt, required } });
    await add('Why this role?');
    const res = await add('Notice period?', false);
    expect(res.json().items).toEqual([
      { id: expect.any(Number), prompt: 'Why this role?', required: true, position: 0, answers: 0 },
      {
        id: expect.any(Number),
        prompt: 'Notice period?',
        required: false,
        position: 1,
        answers: 0,
      },
    ]);
    const [first, second] = res.json().items.map((q: { id: number }) => q.id);
    const changed = await as.primary!('PATCH', `${url()}/${first}`, {
      screeningQuestion: { prompt: 'Why do you want this role?', required: false },
    });
    expect(changed.json().items[0]).toMatchObject({
      prompt: 'Why do you want this role?',
      required: false,
    });
    const reordered = await as.primary!('PUT', `${url()}/order`, { questionIds: [second, first] });
    expect(reordered.json().items.map((q: { id: number }) => q.id)).toEqual([second, first]);
    const bad = await as.primary!('PUT', `${url()}/order`, { questionIds: [second] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.questionIds).toEqual(['must list every screening question once']);
  });

  it.each([
    [{ screeningQuestion: { prompt: '' } }, 'prompt'],
    [{ screeningQuestion: { prompt: 'x'.repeat(501) } }, 'prompt'],
  ])('refuses %j with 422', async (payload, field) => {
    const res = await as.primary!('POST', url(), payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('keeps an answered question with its answers, and removes an unanswered one', async () => {
    const [answered, unanswered] = (
      await t.database.db
        .select()
        .from(screeningQuestions)
        .where(eq(screeningQuestions.opportunityId, id))
    ).map((q) => q.id);
    const candidate = await createUser(t.database, { role: 'candidate' });
    const [application] = await t.database.db
      .insert(applications)
      .values({ candidateId: candidate.id, opportunityId: id })
      .returning();
    await t.database.db.insert(screeningAnswers).values({
      applicationId: application!.id,
      screeningQuestionId: answered!,
      answer: 'Because',
    });

    const refused = await as.primary!('DELETE', `${url()}/${answered}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This question cannot be removed: 1 applicant has answered it. Change its wording or make it optional instead.',
    );
    expect((await as.primary!('DELETE', `${url()}/${unanswered}`)).statusCode).toBe(204);
    const left = await as.primary!('GET', url());
    expect(left.json().items).toEqual([expect.objectContaining({ id: answered, answers: 1 })]);
    expect((await as.primary!('DELETE', `${url()}/${unanswered}`)).statusCode).toBe(404);
  });
});
