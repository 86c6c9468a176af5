import { dateMessages } from '@pathways/shared/profile/dates';
import { experienceMessages } from '@pathways/shared/profile/sections.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { signedIn, type Client } from './profile.factories.ts';

let t: TestApp;
let me: Client;
let other: Client;

beforeAll(async () => {
  t = await createTestApp();
  me = await signedIn(t);
  other = await signedIn(t);
});
afterAll(async () => {
  await t?.close();
});

const profileOf = async (c: Client) => (await c.get('/api/candidate/profile')).json();

/** Asserts a 4xx (never a 5xx) validation answer and returns its field errors. */
function refused(res: { statusCode: number; json(): unknown; body: string }, status = 422) {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { errors: Record<string, string[]> }).errors;
}

describe('experiences', () => {
  const URL = '/api/candidate/experiences';
  const tutor = {
    kind: 'volunteering',
    title: 'Volunteer coding tutor',
    organizationName: 'Ikhaya Tutoring',
    startsAt: '2024-02-03',
    current: true,
    description: 'Python for Grade 9 learners.',
  };

  it('adds, lists, changes and deletes an experience', async () => {
    // A candidate of its own: the list holds exactly the experiences added here.
    const candidate = await signedIn(t);
    const created = await candidate.post(URL, { experience: tutor });
    expect(created.statusCode).toBe(201);
    const experience = created.json();
    expect(experience).toEqual({
      id: expect.any(Number),
      ...tutor,
      endsAt: null,
    });
    const work = await candidate.post(URL, {
      experience: {
        title: 'Vacation work',
        organizationName: 'Imbizo Consulting',
        startsAt: '2025-12-01',
        endsAt: '2026-01-31',
      },
    });
    expect(work.json()).toMatchObject({ kind: 'work', current: false, description: null });

    const list = await candidate.get(URL);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((e: { id: number }) => e.id)).toEqual([
      experience.id,
      work.json().id,
    ]);
    expect((await profileOf(candidate)).experiences).toEqual(list.json().items);

    const changed = await candidate.patch(`${URL}/${experience.id}`, {
      experience: { current: false, endsAt: '2025-11-30', title: 'Coding tutor' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      current: false,
      endsAt: '2025-11-30',
      title: 'Coding tutor',
      organizationName: 'Ikhaya Tutoring',
    });

    expect((await candidate.del(`${URL}/${experience.id}`)).statusCode).toBe(204);
    expect((await candidate.del(`${URL}/${experience.id}`)).statusCode).toBe(404);
    expect((await candidate.get(URL)).json().items).toHaveLength(1);
  });

  it('needs a title, an organization and a start, with the end not before the start', async () => {
    expect(refused(await me.post(URL, { experience: {} }))).toEqual({
      title: ['must be provided'],
      organizationName: ['must be provided'],
      startsAt: ['must be provided'],
    });
    const backwards = await me.post(URL, {
      experience: { ...tutor, startsAt: '2024-05-01', endsAt: '2024-04-30' },
    });
    expect(refused(backwards)).toEqual({ endsAt: [dateMessages.endBeforeStart] });
  });

  it('checks the range of an update against the stored start, with the range message', async () => {
    const { id } = (await me.post(URL, { experience: tutor })).json();
    const res = await me.patch(`${URL}/${id}`, { experience: { endsAt: '2020-01-01' } });
    expect(refused(res)).toEqual({ endsAt: [dateMessages.endBeforeStart] });
    expect(res.json().message).toBe(experienceMessages.updateFailed);
    const blank = await me.patch(`${URL}/${id}`, { experience: { title: '' } });
    expect(refused(blank)).toEqual({ title: ['must be provided'] });
    expect(blank.json().message).toBe('There was a problem updating the work experience');
  });

  it("answers 404 for another candidate's experience and leaves it alone", async () => {
    const { id } = (await me.post(URL, { experience: tutor })).json();
    expect((await other.patch(`${URL}/${id}`, { experience: { title: 'Mine' } })).statusCode).toBe(
      404,
    );
    expect((await other.del(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await other.get(URL)).json().items).toEqual([]);
    const mine = (await me.get(URL)).json().items.find((e: { id: number }) => e.id === id);
    expect(mine.title).toBe(tutor.title);
  });

  it('answers wrong types and bad ids with 4xx, never a 500', async () => {
    const bad = await me.post(URL, {
      experience: {
        kind: 'job',
        title: 7,
        organizationName: null,
        startsAt: '2024-13-01',
        current: 'yes',
      },
    });
    expect(Object.keys(refused(bad)).sort()).toEqual(
      ['current', 'kind', 'organizationName', 'startsAt', 'title'].sort(),
    );
    expect(refused(await me.post(URL, { experiences: tutor }))).toHaveProperty('experience');
    expect(refused(await me.post(URL, tutor))).toHaveProperty('experience');
    expect(refused(await me.patch(`${URL}/abc`, { experience: {} }))).toHaveProperty('id');
    expect((await me.patch(`${URL}/99999999`, { experience: {} })).statusCode).toBe(404);
    expect((await me.patch(`${URL}/99999999999`, { experience: {} })).statusCode).toBe(422);
    expect((await me.del(`${URL}/0`)).statusCode).toBe(422);
  });

  it('is for candidates only', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const client = await signedIn(t, 'client');
    expect((await client.get(URL)).statusCode).toBe(403);
    expect((await client.post(URL, { experience: tutor })).statusCode).toBe(403);
  });
});

describe('achievements', () => {
  const URL = '/api/candidate/achievements';

  it('adds, changes and deletes an achievement, shown on the profile', async () => {
    const created = await me.post(URL, {
      achievement: {
        title: "Dean's Merit List",
        description: 'Second year',
        achievedAt: '2025-06-30',
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({
      id,
      title: "Dean's Merit List",
      description: 'Second year',
      achievedAt: '2025-06-30',
    });
    const changed = await me.patch(`${URL}/${id}`, { achievement: { description: null } });
    expect(changed.json()).toMatchObject({ description: null, title: "Dean's Merit List" });
    expect((await profileOf(me)).achievements).toContainEqual(changed.json());
    expect((await other.patch(`${URL}/${id}`, { achievement: { title: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await other.del(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await me.del(`${URL}/${id}`)).statusCode).toBe(204);
    expect((await profileOf(me)).achievements).not.toContainEqual(changed.json());
  });

  it('refuses a missing title, a future date and wrong types', async () => {
    expect(refused(await me.post(URL, { achievement: { achievedAt: '2999-01-01' } }))).toEqual({
      title: ['must be provided'],
      achievedAt: [dateMessages.future],
    });
    expect(
      Object.keys(refused(await me.post(URL, { achievement: { title: [], description: 3 } }))),
    ).toEqual(['title', 'description']);
  });
});

describe('affiliations', () => {
  const URL = '/api/candidate/affiliations';

  it('adds and deletes an affiliation; the end is not before the start', async () => {
    const created = await me.post(URL, {
      affiliation: {
        organizationName: 'Golden Key International Honour Society',
        role: 'Member',
        startsAt: '2024-03-01',
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({
      id,
      organizationName: 'Golden Key International Honour Society',
      role: 'Member',
      startsAt: '2024-03-01',
      endsAt: null,
      description: null,
    });
    expect(
      refused(await me.patch(`${URL}/${id}`, { affiliation: { endsAt: '2024-02-28' } })),
    ).toEqual({ endsAt: [dateMessages.endBeforeStart] });
    expect(
      (await me.patch(`${URL}/${id}`, { affiliation: { endsAt: '2024-03-01' } })).json().endsAt,
    ).toBe('2024-03-01');
    expect((await other.del(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await me.del(`${URL}/${id}`)).statusCode).toBe(204);
    expect(refused(await me.post(URL, { affiliation: { role: 'Chair' } }))).toEqual({
      organizationName: ['must be provided'],
    });
  });
});

describe('language proficiencies', () => {
  const URL = '/api/candidate/language_proficiencies';

  it('adds a language once per profile, in any case', async () => {
    const c = await signedIn(t);
    const created = await c.post(URL, {
      languageProficiency: { language: 'isiXhosa', reading: 'native', speaking: 'native' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      language: 'isiXhosa',
      reading: 'native',
      writing: null,
      speaking: 'native',
    });
    const twice = await c.post(URL, { languageProficiency: { language: 'ISIXHOSA' } });
    expect(refused(twice)).toEqual({ language: ['has already been added'] });
    // Another candidate may add the same language.
    const elsewhere = await signedIn(t);
    expect(
      (await elsewhere.post(URL, { languageProficiency: { language: 'isiXhosa' } })).statusCode,
    ).toBe(201);
    const { id } = created.json();
    const changed = await c.patch(`${URL}/${id}`, { languageProficiency: { writing: 'advanced' } });
    expect(changed.json().writing).toBe('advanced');
    expect(
      refused(await c.patch(`${URL}/${id}`, { languageProficiency: { reading: 'fluent' } })),
    ).toHaveProperty('reading');
    expect((await elsewhere.del(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await c.del(`${URL}/${id}`)).statusCode).toBe(204);
    expect((await profileOf(c)).languageProficiencies).toEqual([]);
  });
});

describe('study and work rights', () => {
  for (const [path, key, field] of [
    ['study_rights', 'studyRight', 'studyRights'],
    ['work_rights', 'workRight', 'workRights'],
  ] as const) {
    const URL = `/api/candidate/${path}`;

    it(`${path}: adds one per country, with an ISO code and a kind`, async () => {
      const c = await signedIn(t);
      const created = await c.post(URL, { [key]: { countryCode: 'za', kind: 'citizen' } });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        id: expect.any(Number),
        countryCode: 'ZA',
        kind: 'citizen',
        validUntil: null,
      });
      expect(refused(await c.post(URL, { [key]: { countryCode: 'ZA', kind: 'visa' } }))).toEqual({
        countryCode: ['has already been added'],
      });
      expect(refused(await c.post(URL, { [key]: { countryCode: 'XX', kind: 'king' } }))).toEqual({
        countryCode: ['must be a valid country'],
        kind: [expect.stringContaining('must be one of')],
      });
      expect(refused(await c.post(URL, { [key]: {} }))).toEqual({
        countryCode: ['must be provided'],
        kind: [expect.any(String)],
      });
      const visa = await c.post(URL, {
        [key]: { countryCode: 'BW', kind: 'visa', validUntil: '2027-12-31' },
      });
      expect(visa.statusCode).toBe(201);
      const { id } = visa.json();
      expect((await c.patch(`${URL}/${id}`, { [key]: { kind: 'permit' } })).json().kind).toBe(
        'permit',
      );
      expect(refused(await c.patch(`${URL}/${id}`, { [key]: { countryCode: 'ZA' } }))).toEqual({
        countryCode: ['has already been added'],
      });
      expect((await profileOf(c))[field]).toHaveLength(2);
      expect((await other.del(`${URL}/${id}`)).statusCode).toBe(404);
      expect((await c.del(`${URL}/${id}`)).statusCode).toBe(204);
      expect((await profileOf(c))[field]).toHaveLength(1);
    });
  }
});

describe('any section', () => {
  it('never answers a 500 to wrong types', async () => {
    const sections: [string, string][] = [
      ['/api/candidate/experiences', 'experience'],
      ['/api/candidate/achievements', 'achievement'],
      ['/api/candidate/affiliations', 'affiliation'],
      ['/api/candidate/language_proficiencies', 'languageProficiency'],
      ['/api/candidate/study_rights', 'studyRight'],
      ['/api/candidate/work_rights', 'workRight'],
    ];
    const junk: unknown[] = [null, 1, 'x', [], { a: { b: 1 } }, true];
    for (const [url, key] of sections) {
      for (const value of junk) {
        for (const body of [{ [key]: value }, value]) {
          const res = await me.post(url, body);
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
        // Every field of the section set to the junk value: refused or (for text) accepted.
        const fields = Object.fromEntries(
          [
            'title',
            'organizationName',
            'startsAt',
            'endsAt',
            'language',
            'countryCode',
            'kind',
          ].map((f) => [f, value]),
        );
        const res = await me.post(url, { [key]: fields });
        expect(res.statusCode, `${url} ${JSON.stringify(fields)}`).toBeLessThan(500);
      }
    }
  });
});
