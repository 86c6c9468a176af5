import { dateMessages } from '@pathways/shared/profile/dates';
import { fieldMessages } from '@pathways/shared/profile/fields';
import { profileQualification } from '@pathways/shared/profile/sections.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { profileQualifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  createReferenceData,
  signedIn,
  type Client,
  type ReferenceData,
} from './profile.factories.ts';

let t: TestApp;
let ref: ReferenceData;
let me: Client;
let other: Client;

beforeAll(async () => {
  t = await createTestApp();
  ref = await createReferenceData(t.database);
  me = await signedIn(t);
  other = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/candidate/profile_qualifications';
const componentsUrl = (id: number) => `${URL}/${id}/profile_qualification_components`;

const degreeBody = () => ({
  institutionId: ref.university.id,
  qualificationId: ref.bsc.id,
  disciplineIds: [ref.computing.id, ref.maths.id, ref.computing.id],
  startsAt: '2024-02-01',
  endsAt: '2099-12-10',
  gradeNormalized: 74.456,
});

async function addNsc(c: Client) {
  const res = await c.post(URL, {
    profileQualification: {
      institutionId: ref.school.id,
      qualificationId: ref.nsc.id,
      startsAt: '2020-01-15',
      endsAt: '2020-11-30',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const verify = (id: number) =>
  t.database.db
    .update(profileQualifications)
    .set({ verifiedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(profileQualifications.id, id));

describe('profile qualifications', () => {
  it('adds a qualification with its references, disciplines and a derived status', async () => {
    const res = await me.post(URL, { profileQualification: degreeBody() });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(profileQualification.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      institution: { id: ref.university.id, name: ref.university.name, kind: 'university' },
      institutionName: null,
      qualification: {
        id: ref.bsc.id,
        specialization: 'Bachelor of Science in Computer Science',
        qualificationType: { id: ref.degreeType.id, name: ref.degreeType.name, nqfLevel: 7 },
        qualificationCategory: { id: ref.science.id, name: ref.science.name },
      },
      startsAt: '2024-02-01',
      endsAt: '2099-12-10',
      status: 'current',
      gradeNormalized: 74.46,
      verifiedAt: null,
      components: [],
    });
    expect(body.disciplines.map((d: { id: number }) => d.id).sort()).toEqual(
      [ref.computing.id, ref.maths.id].sort(),
    );
    const list = await me.get(URL);
    expect(list.json().items).toContainEqual(body);
    expect((await me.get('/api/candidate/profile')).json().profileQualifications).toContainEqual(
      body,
    );
  });

  it('takes a free-text institution and a type without a reference qualification', async () => {
    const c = await signedIn(t);
    const res = await c.post(URL, {
      profileQualification: {
        institutionName: 'Ikamva Comprehensive School',
        qualificationTypeId: ref.nscType.id,
        status: 'completed',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      institution: null,
      institutionName: 'Ikamva Comprehensive School',
      qualification: { id: null, specialization: null, qualificationType: { id: ref.nscType.id } },
      status: 'completed',
    });
  });

  it('needs an institution and a type, existing references, grades 0-100 and ordered dates', async () => {
    const c = await signedIn(t);
    const empty = await c.post(URL, { profileQualification: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      institutionId: ['must be provided'],
      qualificationTypeId: ['must be provided'],
    });
    const missing = await c.post(URL, {
      profileQualification: {
        institutionId: 999_999,
        qualificationId: 999_998,
        qualificationCategoryId: 999_997,
        disciplineIds: [ref.computing.id, 999_996],
      },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      institutionId: [fieldMessages.notFound],
      qualificationId: [fieldMessages.notFound],
      qualificationCategoryId: [fieldMessages.notFound],
      disciplineIds: [fieldMessages.notFound],
    });
    const mismatch = await c.post(URL, {
      profileQualification: { ...degreeBody(), qualificationTypeId: ref.nscType.id },
    });
    expect(mismatch.json().errors).toEqual({
      qualificationTypeId: ['does not match the qualification'],
    });
    const wrong = await c.post(URL, {
      profileQualification: {
        ...degreeBody(),
        gradeNormalized: 101,
        startsAt: '2024-02-01',
        endsAt: '2023-12-01',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      gradeNormalized: [fieldMessages.percentage],
      endsAt: [dateMessages.endBeforeStart],
    });
    const types = await c.post(URL, {
      profileQualification: {
        institutionId: 'UCT',
        disciplineIds: 'all',
        startsAt: 2024,
        status: 'done',
      },
    });
    expect(types.statusCode).toBe(422);
    expect(types.json().errors).toMatchObject({
      institutionId: ['must be a whole number'],
      disciplineIds: [expect.any(String)],
      startsAt: [dateMessages.invalid],
      status: [expect.any(String)],
    });
    expect((await c.get(URL)).json().items).toEqual([]);
  });

  it('checks an update on the qualification as it will be', async () => {
    const { id } = (await me.post(URL, { profileQualification: degreeBody() })).json();
    const early = await me.patch(`${URL}/${id}`, {
      profileQualification: { endsAt: '2020-01-01' },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ endsAt: [dateMessages.endBeforeStart] });
    const noInstitution = await me.patch(`${URL}/${id}`, {
      profileQualification: { institutionId: null },
    });
    expect(noInstitution.json().errors).toEqual({ institutionId: ['must be provided'] });
    const changed = await me.patch(`${URL}/${id}`, {
      profileQualification: {
        institutionId: null,
        institutionName: 'Another University',
        status: 'completed',
        endsAt: '2025-12-01',
        disciplineIds: [ref.maths.id],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      institution: null,
      institutionName: 'Another University',
      status: 'completed',
      endsAt: '2025-12-01',
      disciplines: [{ id: ref.maths.id, name: ref.maths.name }],
    });
  });

  it('never lets the candidate set verifiedAt, and withdraws it when they edit', async () => {
    const created = await me.post(URL, {
      profileQualification: { ...degreeBody(), verifiedAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(created.json().verifiedAt).toBeNull();
    const { id } = created.json();
    const patched = await me.patch(`${URL}/${id}`, {
      profileQualification: { verifiedAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(patched.json().verifiedAt).toBeNull();

    await verify(id);
    const same = await me.patch(`${URL}/${id}`, {
      profileQualification: {
        startsAt: '2024-02-01',
        gradeNormalized: 74.46,
        disciplineIds: [ref.maths.id, ref.computing.id],
      },
    });
    expect(same.json().verifiedAt).toBe('2026-01-01T00:00:00.000Z');
    const raised = await me.patch(`${URL}/${id}`, {
      profileQualification: { gradeNormalized: 95 },
    });
    expect(raised.json()).toMatchObject({ gradeNormalized: 95, verifiedAt: null });
  });

  it("answers 404 for another candidate's qualification", async () => {
    const { id } = await addNsc(me);
    expect(
      (await other.patch(`${URL}/${id}`, { profileQualification: { status: 'current' } }))
        .statusCode,
    ).toBe(404);
    expect((await other.del(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await other.get(componentsUrl(id))).statusCode).toBe(404);
    expect(
      (
        await other.post(componentsUrl(id), {
          profileQualificationComponent: { name: 'Mathematics', mark: 99 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.get(URL)).json().items).toEqual([]);
  });

  it('deletes a qualification with its components', async () => {
    const c = await signedIn(t);
    const { id } = await addNsc(c);
    await c.post(componentsUrl(id), { profileQualificationComponent: { name: 'Life Sciences' } });
    expect((await c.del(`${URL}/${id}`)).statusCode).toBe(204);
    expect((await c.get(componentsUrl(id))).statusCode).toBe(404);
    expect((await c.del(`${URL}/${id}`)).statusCode).toBe(404);
  });
});

describe('profile qualification components', () => {
  it('adds, lists, changes and deletes subjects with marks', async () => {
    const { id } = await addNsc(me);
    const maths = await me.post(componentsUrl(id), {
      profileQualificationComponent: {
        qualificationComponentId: ref.subjects.mathematics.id,
        mark: 88,
      },
    });
    expect(maths.statusCode, maths.body).toBe(201);
    expect(maths.json()).toEqual({
      id: expect.any(Number),
      profileQualificationId: id,
      qualificationComponent: { id: ref.subjects.mathematics.id, name: 'Mathematics', code: null },
      name: 'Mathematics',
      mark: 88,
    });
    const typed = await me.post(componentsUrl(id), {
      profileQualificationComponent: { name: 'Dramatic Arts', mark: 71.5 },
    });
    expect(typed.json()).toMatchObject({ qualificationComponent: null, name: 'Dramatic Arts' });

    const list = await me.get(componentsUrl(id));
    expect(list.json().items).toEqual([maths.json(), typed.json()]);
    const profile = (await me.get('/api/candidate/profile')).json();
    const nsc = profile.profileQualifications.find((q: { id: number }) => q.id === id);
    expect(nsc.components).toEqual(list.json().items);

    const changed = await me.patch(`${componentsUrl(id)}/${typed.json().id}`, {
      profileQualificationComponent: { mark: 75 },
    });
    expect(changed.json()).toMatchObject({ name: 'Dramatic Arts', mark: 75 });
    expect((await me.del(`${componentsUrl(id)}/${typed.json().id}`)).statusCode).toBe(204);
    expect((await me.del(`${componentsUrl(id)}/${typed.json().id}`)).statusCode).toBe(404);
    expect((await me.get(componentsUrl(id))).json().items).toHaveLength(1);
  });

  it('refuses a subject twice, unknown subjects, marks out of range and nameless subjects', async () => {
    const { id } = await addNsc(me);
    const subject = { qualificationComponentId: ref.subjects.english.id, mark: 80 };
    expect(
      (await me.post(componentsUrl(id), { profileQualificationComponent: subject })).statusCode,
    ).toBe(201);
    const twice = await me.post(componentsUrl(id), { profileQualificationComponent: subject });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ qualificationComponentId: ['has already been added'] });
    const unknown = await me.post(componentsUrl(id), {
      profileQualificationComponent: { qualificationComponentId: 999_999 },
    });
    expect(unknown.json().errors).toEqual({ qualificationComponentId: [fieldMessages.notFound] });
    const bad = await me.post(componentsUrl(id), {
      profileQualificationComponent: { mark: 100.5 },
    });
    expect(bad.json().errors).toEqual({
      mark: [fieldMessages.percentage],
      name: ['must be provided'],
    });
    const typed = await me.post(componentsUrl(id), {
      profileQualificationComponent: { name: 'Geography' },
    });
    const nameless = await me.patch(`${componentsUrl(id)}/${typed.json().id}`, {
      profileQualificationComponent: { name: null },
    });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors).toEqual({ name: ['must be provided'] });
    const wrongType = await me.patch(`${componentsUrl(id)}/${typed.json().id}`, {
      profileQualificationComponent: { mark: '80' },
    });
    expect(wrongType.json().errors).toEqual({ mark: [fieldMessages.percentage] });
  });

  it('answers 404 for a component of another qualification or another candidate', async () => {
    const first = await addNsc(me);
    const second = await addNsc(me);
    const { id: componentId } = (
      await me.post(componentsUrl(first.id), { profileQualificationComponent: { name: 'Art' } })
    ).json();
    expect(
      (
        await me.patch(`${componentsUrl(second.id)}/${componentId}`, {
          profileQualificationComponent: { mark: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await me.del(`${componentsUrl(second.id)}/${componentId}`)).statusCode).toBe(404);
    expect(
      (
        await other.patch(`${componentsUrl(first.id)}/${componentId}`, {
          profileQualificationComponent: { mark: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.del(`${componentsUrl(first.id)}/${componentId}`)).statusCode).toBe(404);
    expect((await me.get(componentsUrl(first.id))).json().items).toHaveLength(1);
  });

  it('withdraws the verification of its qualification when subjects change', async () => {
    const { id } = await addNsc(me);
    await verify(id);
    const added = await me.post(componentsUrl(id), {
      profileQualificationComponent: { name: 'History', mark: 60 },
    });
    expect(added.statusCode).toBe(201);
    const after = (await me.get(URL)).json().items.find((q: { id: number }) => q.id === id);
    expect(after.verifiedAt).toBeNull();
    await verify(id);
    await me.patch(`${componentsUrl(id)}/${added.json().id}`, {
      profileQualificationComponent: { mark: 60 },
    });
    const unchanged = (await me.get(URL)).json().items.find((q: { id: number }) => q.id === id);
    expect(unchanged.verifiedAt).not.toBeNull();
    await me.del(`${componentsUrl(id)}/${added.json().id}`);
    const removed = (await me.get(URL)).json().items.find((q: { id: number }) => q.id === id);
    expect(removed.verifiedAt).toBeNull();
  });
});
