import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedReferenceData } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOrganizations } from './reference.factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

async function get(url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url });
}

// Bodies are checked by the assertions (and by the routes' response schemas), not by types here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ok<T = any>(url: string): Promise<T> {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

type Named = { id: number; name: string };

describe('short reference lists', () => {
  it('lists behavioural competencies whole, by name, with search', async () => {
    const body = await ok('/api/behavioral_competencies');
    expect(body.total).toBe(16);
    expect(body.items).toHaveLength(16);
    expect(body).toMatchObject({ page: 1, per: 16 });
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      name: 'Accountability',
      description: expect.any(String),
    });
    const found = await ok('/api/behavioral_competencies?search=LEAD');
    expect(found.items.map((c: Named) => c.name)).toEqual(['Leadership']);
    expect(found.search).toBe('LEAD');
  });

  it('lists disciplines, names starting with the term first', async () => {
    const all = await ok('/api/disciplines');
    expect(all.total).toBeGreaterThanOrEqual(80);
    const names = all.items.map((d: Named) => d.name);
    expect(names).toEqual(expect.arrayContaining(['Accounting', 'Computer Science', 'Law']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const eng = await ok('/api/disciplines?search=engineering');
    expect(eng.items.length).toBeGreaterThan(5);
    expect(eng.items.every((d: Named) => /engineering/i.test(d.name))).toBe(true);
    const prefixed = await ok('/api/disciplines?search=Com');
    expect(prefixed.items[0].name).toBe('Computer Science');
    expect((await ok('/api/disciplines?search=%25_%25')).items).toEqual([]);
    expect((await ok('/api/disciplines?search=%20%20')).total).toBe(all.total);
  });

  it('lists qualification types from the NSC to the doctorate with NQF levels', async () => {
    const body = await ok('/api/qualification_types');
    const names = body.items.map((q: Named) => q.name);
    expect(names[0]).toBe('National Senior Certificate');
    expect(names.at(-1)).toBe('Doctoral Degree');
    const ordered = [
      'National Senior Certificate',
      'Higher Certificate',
      'Diploma',
      'Advanced Diploma',
      "Bachelor's Degree",
      'Bachelor Honours Degree',
      "Master's Degree",
      'Doctoral Degree',
    ];
    expect(ordered.map((n) => names.indexOf(n))).toEqual(
      [...ordered.map((n) => names.indexOf(n))].sort((a, b) => a - b),
    );
    const levels = body.items.map((q: { nqfLevel: number }) => q.nqfLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    const nsc = body.items[0];
    expect(nsc).toEqual({ id: expect.any(Number), name: nsc.name, nqfLevel: 4, position: 0 });
    expect(await ok(`/api/qualification_types/${nsc.id}`)).toEqual(nsc);
    expect(body.items.find((q: Named) => q.name === 'Postgraduate Diploma').nqfLevel).toBe(8);
  });

  it('lists qualification categories and answers one', async () => {
    const body = await ok('/api/qualification_categories');
    expect(body.items.map((c: Named) => c.name)).toEqual(
      expect.arrayContaining(['Commerce', 'Engineering', 'Health Sciences', 'Schooling']),
    );
    const commerce = body.items.find((c: Named) => c.name === 'Commerce');
    expect(await ok(`/api/qualification_categories/${commerce.id}`)).toEqual(commerce);
    expect((await ok('/api/qualification_categories?search=sci')).items.length).toBeGreaterThan(1);
  });
});

describe('institutions', () => {
  it('has the 26 public universities, correctly classified, and the 50 TVET colleges', async () => {
    const universities = await ok('/api/institutions?kind=university&per=100');
    const technology = await ok('/api/institutions?kind=university_of_technology&per=100');
    expect(universities.total + technology.total).toBe(26);
    const byType = (list: { universityType: string }[], type: string) =>
      list.filter((i) => i.universityType === type).length;
    expect(byType(universities.items, 'traditional')).toBe(12);
    expect(byType(universities.items, 'comprehensive')).toBe(8);
    expect(byType(technology.items, 'technology')).toBe(6);
    const uj = universities.items.find((i: Named) => i.name === 'University of Johannesburg');
    expect(uj).toMatchObject({
      universityType: 'comprehensive',
      abbreviation: 'UJ',
      country: 'ZA',
    });
    const tvets = await ok('/api/institutions?kind=tvet_college&per=100');
    expect(tvets.total).toBe(50);
    expect(tvets.items.every((i: { universityType: null }) => i.universityType === null)).toBe(
      true,
    );
  });

  it('pages through the list in a stable order', async () => {
    const first = await ok('/api/institutions?per=10');
    const second = await ok('/api/institutions?per=10&page=2');
    expect(first).toMatchObject({ page: 1, per: 10 });
    expect(second).toMatchObject({ page: 2, per: 10, total: first.total });
    expect(first.total).toBeGreaterThanOrEqual(76);
    expect(first.items).toHaveLength(10);
    const ids = [...first.items, ...second.items].map((i: Named) => i.id);
    expect(new Set(ids).size).toBe(20);
    const beyond = await ok(`/api/institutions?per=10&page=${Math.ceil(first.total / 10) + 1}`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('finds by abbreviation or part of the name', async () => {
    const uct = await ok('/api/institutions?search=uct');
    expect(uct.items[0].name).toBe('University of Cape Town');
    const wits = await ok('/api/institutions?search=witwaters');
    expect(wits.items.map((i: Named) => i.name)).toEqual(['University of the Witwatersrand']);
    const tech = await ok('/api/institutions?search=technology&per=3');
    expect(tech.total).toBe(6);
    expect(tech.items).toHaveLength(3);
  });

  it('answers one institution, 404 when missing, 422 for a malformed id', async () => {
    const list = await ok('/api/institutions?search=Stellenbosch University');
    const su = list.items[0];
    expect(await ok(`/api/institutions/${su.id}`)).toEqual(su);
    expect(su).toMatchObject({ kind: 'university', universityType: 'traditional' });
    expect((await get('/api/institutions/999999')).statusCode).toBe(404);
    expect((await get('/api/institutions/999999')).json()).toMatchObject({ code: 'not_found' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/institutions/${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.id).toBeDefined();
    }
  });

  it('refuses bad paging and kinds with 422', async () => {
    for (const query of ['per=0', 'per=101', 'page=0', 'page=x', 'kind=castle']) {
      const res = await get(`/api/institutions?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('validation');
    }
  });
});

describe('organizations', () => {
  beforeAll(async () => {
    await createOrganizations(t.database, [
      'Indlovu Bank',
      'Ikhwezi Mining',
      'Baobab Legal',
      'Indaba Telecoms',
    ]);
  });

  it('lists them by name, paged and searchable', async () => {
    const all = await ok('/api/organizations?per=2');
    expect(all.total).toBe(4);
    expect(all.items.map((o: Named) => o.name)).toEqual(['Baobab Legal', 'Ikhwezi Mining']);
    const next = await ok('/api/organizations?per=2&page=2');
    expect(next.items.map((o: Named) => o.name)).toEqual(['Indaba Telecoms', 'Indlovu Bank']);
    const found = await ok('/api/organizations?search=ind');
    expect(found.items.map((o: Named) => o.name)).toEqual(['Indaba Telecoms', 'Indlovu Bank']);
  });
});

describe('qualifications', () => {
  it('lists them paged, with type and category, filtered and searched', async () => {
    const first = await ok('/api/qualifications?per=5');
    expect(first.items).toHaveLength(5);
    expect(first.total).toBeGreaterThan(50);
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      specialization: expect.any(String),
      qualificationType: {
        id: expect.any(Number),
        name: expect.any(String),
        nqfLevel: expect.any(Number),
      },
      qualificationCategory: { id: expect.any(Number), name: expect.any(String) },
    });
    const types = await ok('/api/qualification_types');
    const masters = types.items.find((q: Named) => q.name === "Master's Degree");
    const byType = await ok(`/api/qualifications?qualification_type=${masters.id}&per=100`);
    expect(byType.total).toBeGreaterThanOrEqual(3);
    expect(
      byType.items.every(
        (q: { qualificationType: { id: number } }) => q.qualificationType.id === masters.id,
      ),
    ).toBe(true);
    const cs = await ok('/api/qualifications?search=computer science&per=100');
    expect(cs.items.map((q: { specialization: string }) => q.specialization)).toEqual(
      expect.arrayContaining([
        'Bachelor of Science in Computer Science',
        'Master of Science in Computer Science',
      ]),
    );
    const categories = await ok('/api/qualification_categories');
    const law = categories.items.find((c: Named) => c.name === 'Law');
    const laws = await ok(`/api/qualifications?qualification_category=${law.id}`);
    expect(laws.items.map((q: { specialization: string }) => q.specialization)).toEqual([
      'Bachelor of Laws (LLB)',
      'Master of Laws (LLM)',
    ]);
  });

  it('answers one qualification and 404 for a missing one', async () => {
    const list = await ok('/api/qualifications?search=Bachelor of Laws');
    const llb = list.items[0];
    expect(await ok(`/api/qualifications/${llb.id}`)).toEqual(llb);
    expect(llb.qualificationType.nqfLevel).toBe(8);
    expect(llb.qualificationCategory.name).toBe('Law');
    for (const path of ['qualifications', 'qualification_types', 'qualification_categories']) {
      const res = await get(`/api/${path}/987654`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});

describe('qualification components', () => {
  let nscId: number;
  let bachelorId: number;
  let uctId: number;
  let witsId: number;

  beforeAll(async () => {
    const types = await ok('/api/qualification_types');
    nscId = types.items.find((q: Named) => q.name === 'National Senior Certificate').id;
    bachelorId = types.items.find((q: Named) => q.name === "Bachelor's Degree").id;
    uctId = (await ok('/api/institutions?search=UCT')).items[0].id;
    witsId = (await ok('/api/institutions?search=Wits')).items[0].id;
  });

  it('gives the NSC subjects, which belong to no institution, to every school', async () => {
    const body = await ok(`/api/qualification_components?qualification_type=${nscId}&per=100`);
    const names = body.items.map((c: Named) => c.name);
    expect(body.total).toBeGreaterThanOrEqual(50);
    expect(names).toEqual(
      expect.arrayContaining([
        'Mathematics',
        'Mathematical Literacy',
        'Physical Sciences',
        'Life Sciences',
        'Accounting',
        'Life Orientation',
        'English Home Language',
        'English First Additional Language',
        'Afrikaans First Additional Language',
        'isiZulu Home Language',
        'isiXhosa First Additional Language',
        'Sepedi Home Language',
        'Tshivenda Home Language',
        'South African Sign Language Home Language',
      ]),
    );
    expect(body.items.every((c: { institutionId: null }) => c.institutionId === null)).toBe(true);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      code: null,
      institutionId: null,
      qualificationTypeId: nscId,
    });
    const school = await ok(
      `/api/qualification_components?qualification_type=${nscId}&institution=${uctId}&per=100`,
    );
    expect(school.total).toBe(body.total);
    const maths = await ok(`/api/qualification_components?qualification_type=${nscId}&search=math`);
    expect(maths.items.map((c: Named) => c.name)).toEqual([
      'Mathematical Literacy',
      'Mathematics',
      'Technical Mathematics',
    ]);
  });

  it("adds an institution's own components and none of another's", async () => {
    const uct = await ok(
      `/api/qualification_components?qualification_type=${bachelorId}&institution=${uctId}`,
    );
    expect(uct.items.map((c: Named) => c.name)).toEqual(
      expect.arrayContaining(['Computer Science 1', 'Mathematics 1']),
    );
    expect(uct.items.every((c: { institutionId: number }) => c.institutionId === uctId)).toBe(true);
    const wits = await ok(
      `/api/qualification_components?qualification_type=${bachelorId}&institution=${witsId}`,
    );
    expect(wits.items.map((c: Named) => c.name)).toContain('Computer Science I');
    expect(wits.items.map((c: Named) => c.name)).not.toContain('Computer Science 1');
    const shared = await ok(`/api/qualification_components?qualification_type=${bachelorId}`);
    expect(shared.total).toBe(0);
  });

  it('needs a qualification type', async () => {
    const res = await get(`/api/qualification_components?institution=${uctId}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.qualification_type).toBeDefined();
    expect((await get('/api/qualification_components?qualification_type=abc')).statusCode).toBe(
      422,
    );
    expect((await ok('/api/qualification_components?qualification_type=99999')).items).toEqual([]);
  });
});

describe('place search and locations', () => {
  const search = (term: string) => get(`/api/search/locations?search=${encodeURIComponent(term)}`);
  const addresses = async (term: string): Promise<string[]> => {
    const res = await search(term);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.map((l: { address: string }) => l.address);
  };

  it('finds Cape Town first for "Cape To", in the Location shape', async () => {
    const res = await search('Cape To');
    const body = res.json();
    expect(body.search).toBe('Cape To');
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      address: 'Cape Town, Western Cape, South Africa',
      country: 'ZA',
      latitude: expect.closeTo(-33.92, 1),
      longitude: expect.closeTo(18.42, 1),
      coordinates: { lat: body.items[0].latitude, lon: body.items[0].longitude },
    });
  });

  it('forgives typos and missing spaces', async () => {
    expect((await addresses('Johanesburg'))[0]).toBe('Johannesburg, Gauteng, South Africa');
    expect((await addresses('stellenbosh'))[0]).toBe('Stellenbosch, Western Cape, South Africa');
    expect((await addresses('Capetown'))[0]).toBe('Cape Town, Western Cape, South Africa');
    expect((await addresses('Johanesburg Gauteng'))[0]).toBe('Johannesburg, Gauteng, South Africa');
  });

  it('ranks names starting with the term, and bigger places, first', async () => {
    const dur = await addresses('Dur');
    expect(dur.slice(0, 2)).toEqual([
      'Durban, KwaZulu-Natal, South Africa',
      'Durbanville, Western Cape, South Africa',
    ]);
    const cap = await addresses('cap');
    expect(cap[0]).toBe('Cape Town, Western Cape, South Africa');
    expect(cap.length).toBeLessThanOrEqual(10);
  });

  it("knows the neighbours' places", async () => {
    expect((await addresses('Windhoek'))[0]).toMatch(/^Windhoek, .*Namibia$/);
    expect((await addresses('Gaborone'))[0]).toMatch(/^Gaborone, .*Botswana$/);
    expect((await addresses('Maseru'))[0]).toMatch(/^Maseru, .*Lesotho$/);
    expect((await addresses('Bulawayo'))[0]).toMatch(/^Bulawayo, .*Zimbabwe$/);
    expect((await addresses('Mbabane'))[0]).toMatch(/^Mbabane, .*Eswatini$/);
    expect((await addresses('Maputo'))[0]).toMatch(/^Maputo, .*Mozambique$/);
  });

  it('needs at least 3 characters, spaces not counted', async () => {
    for (const term of ['', 'ca', '  ca  ']) {
      const res = await search(term);
      expect(res.statusCode, JSON.stringify(term)).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'validation',
        errors: { search: ['must be at least 3 characters'] },
      });
    }
    const missing = await get('/api/search/locations');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.search).toBeDefined();
    expect((await search('x'.repeat(201))).statusCode).toBe(422);
  });

  it('treats LIKE wildcards and quotes as text', async () => {
    expect(await addresses('%%%')).toEqual([]);
    expect(await addresses("___'; drop table locations; --")).toEqual([]);
    expect((await addresses('Cape To'))[0]).toBe('Cape Town, Western Cape, South Africa');
  });

  it('answers a location by id, and 404 for an unknown one', async () => {
    const [first] = (await search('Soweto')).json().items;
    expect(first.address).toBe('Soweto, Gauteng, South Africa');
    expect(await ok(`/api/locations/${first.id}`)).toEqual(first);
    const missing = await get('/api/locations/2000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    expect((await get('/api/locations/soweto')).statusCode).toBe(422);
  });

  it('needs no login for any reference call', async () => {
    for (const url of [
      '/api/behavioral_competencies',
      '/api/disciplines',
      '/api/institutions',
      '/api/organizations',
      '/api/qualifications',
      '/api/qualification_categories',
      '/api/qualification_types',
      '/api/search/locations?search=Durban',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
