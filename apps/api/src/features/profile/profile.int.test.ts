import { identificationMessages, luhnCheckDigit } from '@pathways/shared/profile/identification';
import {
  profile as profileSchema,
  profileMessages,
} from '@pathways/shared/profile/profile.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { candidateProfiles, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { ngId, saId, signedIn, type Client } from './profile.factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/candidate/profile';
const patch = (c: Client, profile: unknown) => c.patch(URL, { profile });

describe('GET /api/candidate/profile', () => {
  it('creates an empty profile on first access, started with the account names', async () => {
    const c = await signedIn(t);
    await t.database.db
      .update(users)
      .set({ firstName: 'sipho', lastName: 'MAHLANGU' })
      .where(eq(users.id, c.userId));
    const res = await c.get(URL);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(profileSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      countryOfBirth: null,
      identification: null,
      firstNames: 'Sipho',
      lastName: 'Mahlangu',
      bornAt: null,
      gender: null,
      ethnicity: null,
      disability: null,
      biography: null,
      mobileNumber: null,
      driversLicense: null,
      location: null,
      errors: {},
      completion: 0,
      experiences: [],
      profileQualifications: [],
      achievements: [],
      affiliations: [],
      languageProficiencies: [],
      studyRights: [],
      workRights: [],
    });
    const again = await c.get(URL);
    expect(again.json().id).toBe(body.id);
  });

  it('creates one profile when first requests race', async () => {
    const c = await signedIn(t);
    const answers = await Promise.all([c.get(URL), c.get(URL), c.get(URL)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
  });

  it('is for candidates only', async () => {
    const guest = await t.app.inject({ method: 'GET', url: URL });
    expect(guest.statusCode).toBe(401);
    const client = await signedIn(t, 'client');
    expect((await client.get(URL)).statusCode).toBe(403);
    expect((await patch(client, { biography: 'x' })).statusCode).toBe(403);
    const admin = await signedIn(t, 'admin');
    expect((await admin.get(URL)).statusCode).toBe(403);
  });
});

describe('PATCH /api/candidate/profile', () => {
  it('saves every field of the candidate profile and answers the whole profile', async () => {
    const c = await signedIn(t);
    const id = saId();
    const res = await patch(c, {
      countryOfBirth: 'za',
      identification: `${id.slice(0, 6)} ${id.slice(6, 10)} ${id.slice(10)}`,
      firstNames: '  thandi   nomsa ',
      lastName: 'NKOSI',
      bornAt: '1990-02-14',
      gender: 'female',
      ethnicity: 'african',
      disability: false,
      disabilityDescription: '',
      biography: '  Final-year BSc student.  ',
      mobileNumber: '+27 82 555 0142',
      driversLicense: true,
      location: { latitude: -33.9588, longitude: 18.4719, address: 'Rondebosch, Cape Town' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      countryOfBirth: 'ZA',
      identification: id,
      firstNames: 'Thandi Nomsa',
      lastName: 'Nkosi',
      bornAt: '1990-02-14',
      gender: 'female',
      ethnicity: 'african',
      disability: false,
      disabilityDescription: null,
      biography: 'Final-year BSc student.',
      mobileNumber: '+27 82 555 0142',
      driversLicense: true,
      location: { latitude: -33.9588, longitude: 18.4719, address: 'Rondebosch, Cape Town' },
      errors: {},
    });
    expect(body.completion).toBeGreaterThan(0);
    expect((await c.get(URL)).json()).toEqual(body);
  });

  it('changes only the fields sent, and clears a field sent as null', async () => {
    const c = await signedIn(t);
    await patch(c, { biography: 'Hello', gender: 'male', location: { latitude: 1, longitude: 2 } });
    const res = await patch(c, { gender: null, location: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ biography: 'Hello', gender: null, location: null });
  });

  it('refuses an invalid South African number with its field message', async () => {
    const c = await signedIn(t);
    const valid = saId();
    const wrong = valid.slice(0, 12) + ((Number(valid[12]) + 1) % 10);
    const res = await patch(c, { countryOfBirth: 'ZA', identification: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation',
      errors: { identification: [identificationMessages.invalid] },
    });
    expect((await c.get(URL)).json().identification).toBeNull();
  });

  it('fills the date of birth in from a South African ID number', async () => {
    const c = await signedIn(t);
    // saId() numbers start 900214: born 14 February 1990.
    const res = await patch(c, { countryOfBirth: 'ZA', identification: saId() });
    expect(res.statusCode).toBe(200);
    expect(res.json().bornAt).toBe('1990-02-14');
    // A date of birth cleared comes back from the number; a new number brings its own date.
    expect((await patch(c, { bornAt: null })).json().bornAt).toBe('1990-02-14');
    const later = '050607' + saId().slice(6, 12);
    const next = later + luhnCheckDigit(later);
    expect((await patch(c, { identification: next })).json().bornAt).toBe('2005-06-07');
    // Other countries' numbers state no date.
    const nigerian = await signedIn(t);
    const ng = await patch(nigerian, { countryOfBirth: 'NG', identification: ngId('nin') });
    expect(ng.json().bornAt).toBeNull();
  });

  it('refuses a date of birth the South African ID number does not state, in one patch or two', async () => {
    const c = await signedIn(t);
    const id = saId();
    const together = await patch(c, {
      countryOfBirth: 'ZA',
      identification: id,
      bornAt: '1990-02-15',
    });
    expect(together.statusCode).toBe(422);
    expect(together.json().errors).toEqual({ bornAt: [identificationMessages.bornAtMismatch] });
    expect((await c.get(URL)).json()).toMatchObject({ identification: null, bornAt: null });

    expect((await patch(c, { countryOfBirth: 'ZA', identification: id })).statusCode).toBe(200);
    const alone = await patch(c, { bornAt: '1991-02-14' });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().errors).toEqual({
      bornAt: ['must match the date of birth in your ID number'],
    });
    expect((await patch(c, { bornAt: '1990-02-14' })).statusCode).toBe(200);
    expect((await c.get(URL)).json().bornAt).toBe('1990-02-14');
  });

  it('checks an identification against the stored country of birth, and the reverse', async () => {
    const c = await signedIn(t);
    expect((await patch(c, { countryOfBirth: 'ZA' })).statusCode).toBe(200);
    const alone = await patch(c, { identification: '12345678901' });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().errors).toEqual({ identification: ['must be a valid identification'] });
    expect((await patch(c, { identification: saId() })).statusCode).toBe(200);
    // Moving to Nigeria makes the stored South African number invalid: both must change.
    const move = await patch(c, { countryOfBirth: 'NG' });
    expect(move.statusCode).toBe(422);
    expect(move.json().errors).toEqual({ identification: ['must be a valid identification'] });
    const passport = ngId('passport');
    const both = await patch(c, { countryOfBirth: 'NG', identification: passport.toLowerCase() });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ countryOfBirth: 'NG', identification: passport });
  });

  it('accepts both Nigerian forms and any value for other countries', async () => {
    for (const id of [ngId('nin'), ngId('passport'), ngId('passport').toLowerCase()]) {
      const c = await signedIn(t);
      expect((await patch(c, { countryOfBirth: 'NG', identification: id })).statusCode).toBe(200);
    }
    const c = await signedIn(t);
    const zw = await patch(c, { countryOfBirth: 'ZW', identification: '63-123456 F42' });
    expect(zw.statusCode).toBe(200);
    expect(zw.json().identification).toBe('63123456F42');
  });

  it('needs a country of birth for an identification', async () => {
    const c = await signedIn(t);
    const res = await patch(c, { identification: saId() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ countryOfBirth: ['must be provided'] });
  });

  it('says "must be provided" for an identification or a country set empty', async () => {
    const c = await signedIn(t);
    const res = await patch(c, { identification: ' ', countryOfBirth: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      identification: ['must be provided'],
      countryOfBirth: ['must be provided'],
    });
    const unknown = await patch(c, { countryOfBirth: 'XX' });
    expect(unknown.json().errors).toEqual({ countryOfBirth: ['must be a valid country'] });
  });

  it('refuses an identification already on another account in the same country', async () => {
    const first = await signedIn(t);
    const second = await signedIn(t);
    const id = saId();
    expect((await patch(first, { countryOfBirth: 'ZA', identification: id })).statusCode).toBe(200);
    const taken = await patch(second, { countryOfBirth: 'ZA', identification: `${id}` });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      code: 'validation',
      errors: { identification: [identificationMessages.taken] },
    });
    // The owner may save it again; the same number in another country is someone else's.
    expect((await patch(first, { identification: id })).statusCode).toBe(200);
    expect((await patch(second, { countryOfBirth: 'LS', identification: id })).statusCode).toBe(
      200,
    );
  });

  it('refuses the second of two accounts saving the same number at once', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    await Promise.all([a.get(URL), b.get(URL)]);
    const body = { countryOfBirth: 'KE', identification: `RACE${Date.now()}` };
    const answers = await Promise.all([patch(a, body), patch(b, body)]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422]);
    const refused = answers.find((r) => r.statusCode === 422)!;
    expect(refused.json().errors).toEqual({ identification: ['has already been taken'] });
  });

  it('title-cases names, keeping a surname\'s particles lower case, and refuses empty ones with "You must specify" messages', async () => {
    const c = await signedIn(t);
    const ok = await patch(c, { firstNames: "nomvula o'neil-dube", lastName: 'van der merwe' });
    expect(ok.json()).toMatchObject({
      firstNames: "Nomvula O'Neil-Dube",
      lastName: 'van der Merwe',
    });
    const res = await patch(c, { firstNames: '', lastName: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      firstNames: [profileMessages.firstNamesRequired],
      lastName: [profileMessages.lastNameRequired],
    });
  });

  it("gives the account the profile's names, so the account says who the candidate is", async () => {
    const c = await signedIn(t);
    await patch(c, { firstNames: 'lerato', lastName: 'van der merwe' });
    expect((await c.get('/api/candidate/candidate')).json()).toMatchObject({
      firstName: 'Lerato',
      lastName: 'van der Merwe',
    });
    // A patch of one name leaves the other as it is; a refused patch changes neither.
    await patch(c, { firstNames: 'palesa' });
    await patch(c, { lastName: '' });
    expect((await c.get('/api/candidate/candidate')).json()).toMatchObject({
      firstName: 'Palesa',
      lastName: 'van der Merwe',
    });
  });

  it('answers wrong types and shapes with 422 field messages, never a 500', async () => {
    const c = await signedIn(t);
    const bodies: unknown[] = [
      {},
      { profile: null },
      { profile: 'everything' },
      { profile: [] },
      [],
      'text',
      42,
      {
        profile: {
          gender: 5,
          ethnicity: 'martian',
          bornAt: 19800101,
          disability: 'yes',
          driversLicense: 'no',
          biography: { text: 'x' },
          location: 'Cape Town',
          mobileNumber: 821234567,
          firstNames: ['A'],
        },
      },
      { profile: { location: { latitude: '1', longitude: 200 } } },
      { profile: { bornAt: '2999-12-31' } },
      { profile: { biography: 'x'.repeat(2001) } },
    ];
    for (const body of bodies) {
      const res = await c.patch(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.json().code).toBe('validation');
    }
    const res = await c.patch(URL, bodies[7]);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      [
        'bornAt',
        'biography',
        'disability',
        'driversLicense',
        'ethnicity',
        'firstNames',
        'gender',
        'location',
        'mobileNumber',
      ].sort(),
    );
    const missing = await c.patch(URL, {});
    expect(missing.json().errors).toHaveProperty('profile');
    const coordinates = await c.patch(URL, bodies[8]);
    expect(coordinates.json().errors).toEqual({
      'location.latitude': ['must be a number'],
      'location.longitude': ['must be between -180 and 180'],
    });
  });

  it('never lets the candidate set protected fields', async () => {
    const c = await signedIn(t);
    const before = (await c.get(URL)).json();
    const other = await signedIn(t);
    const res = await patch(c, {
      id: before.id + 1000,
      userId: other.userId,
      completion: 100,
      errors: { identification: ['x'] },
      verifiedAt: '2026-01-01T00:00:00.000Z',
      createdAt: '2000-01-01T00:00:00.000Z',
      biography: 'Only this',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: before.id, errors: {}, biography: 'Only this' });
    expect(res.json().completion).toBeLessThan(100);
    const [row] = await t.database.db
      .select()
      .from(candidateProfiles)
      .where(eq(candidateProfiles.id, before.id));
    expect(row!.userId).toBe(c.userId);
  });

  it('shows errors the platform stored, and clears one when its field is corrected', async () => {
    const c = await signedIn(t);
    const { id } = (await c.get(URL)).json();
    // A number saved before the rules (or reported as someone else's) is kept with its error.
    await t.database.db
      .update(candidateProfiles)
      .set({
        countryOfBirth: 'ZA',
        identification: '1234567890123',
        errors: { identification: ['must be a valid identification'] },
      })
      .where(eq(candidateProfiles.id, id));
    const shown = await c.get(URL);
    expect(shown.json().errors).toEqual({ identification: ['must be a valid identification'] });
    const other = await patch(c, { biography: 'Still here' });
    expect(other.json().errors).toEqual({ identification: ['must be a valid identification'] });
    const stillWrong = await patch(c, { identification: '1234567890124' });
    expect(stillWrong.statusCode).toBe(422);
    const res = await patch(c, { identification: saId() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual({});
  });

  it('keeps the stored completion equal to the rules', async () => {
    const c = await signedIn(t);
    const res = await patch(c, { biography: 'Hi', gender: 'male', ethnicity: 'white' });
    const [row] = await t.database.db
      .select({ completion: candidateProfiles.completion })
      .from(candidateProfiles)
      .where(eq(candidateProfiles.userId, c.userId));
    expect(row!.completion).toBe(res.json().completion);
    expect(res.json().completion).toBe(Math.round((100 * 3) / 12));
  });
});

describe('OpenAPI', () => {
  it('documents every profile and to-do endpoint from the shared schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json();
    const profileBody =
      paths['/api/candidate/profile'].patch.requestBody.content['application/json'].schema;
    expect(JSON.stringify(profileBody)).toContain('identification');
    for (const path of [
      '/api/candidate/experiences/{id}',
      '/api/candidate/profile_qualifications/{id}/profile_qualification_components/{componentId}',
      '/api/candidate/achievements/{id}',
      '/api/candidate/affiliations/{id}',
      '/api/candidate/language_proficiencies/{id}',
      '/api/candidate/study_rights/{id}',
      '/api/candidate/work_rights/{id}',
      '/api/candidate/action_items',
      '/api/candidate/profile/completion',
    ]) {
      expect(paths[path], path).toBeDefined();
    }
  });
});
