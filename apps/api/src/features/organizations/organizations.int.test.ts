import { documentMessages, MAX_UPLOAD_BYTES } from '@pathways/shared/documents/documents.schemas';
import { organizationMessages } from '@pathways/shared/organizations/organizations.schemas';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  opportunityManagers,
  organizationLocations,
  organizations,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, ok } from '../../test/factories.ts';
import { blackPng, multipart, pngBytes, type Part } from '../../test/uploads.ts';

// An organization's own profile: every client user of it reads it, only its primary users
// change it (fields, logo, locations); another organization's things are not found.

let t: TestApp;
const tokens: Record<string, string | undefined> = {};
let organizationId: number;
let otherOrganizationId: number;
let otherLocationId: number;

type Who = 'guest' | 'candidate' | 'otherPrimary' | 'viewer' | 'manager' | 'primary';

beforeAll(async () => {
  t = await createTestApp();
  const primary = await createUser(t.database, { role: 'client', primary: true });
  organizationId = primary.organizationId!;
  const manager = await createUser(t.database, { role: 'client', organizationId });
  const viewer = await createUser(t.database, { role: 'client', organizationId });
  const otherPrimary = await createUser(t.database, { role: 'client', primary: true });
  otherOrganizationId = otherPrimary.organizationId!;
  const candidate = await createUser(t.database, { role: 'candidate' });
  const [opportunity] = await createOpportunities(t.database, [{ organizationId }]);
  await t.database.db
    .insert(opportunityManagers)
    .values({ opportunityId: opportunity!.id, userId: manager.id });
  const [other] = await t.database.db
    .insert(organizationLocations)
    .values({
      organizationId: otherOrganizationId,
      address: 'Elsewhere',
      latitude: 1,
      longitude: 1,
    })
    .returning();
  otherLocationId = other!.id;
  for (const [who, user] of Object.entries({ primary, manager, viewer, otherPrimary, candidate })) {
    tokens[who] = await loginAs(t.app, user.email, user.password);
  }
});

afterAll(() => t.close());

const headersOf = (who: Who) => (who === 'guest' ? {} : bearer(tokens[who]));

const capeTown = {
  address: '1 Long Street, Cape Town',
  name: 'Head office',
  city: 'Cape Town',
  province: 'Western Cape',
  country: 'za',
  latitude: -33.92,
  longitude: 18.42,
};

async function addLocation(who: Who = 'primary', location: object = capeTown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/client/organization/locations',
    headers: headersOf(who),
    payload: { location },
  });
}

async function patch(who: Who, organization: object) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/client/organization',
    headers: headersOf(who),
    payload: { organization },
  });
}

async function putLogo(who: Who, parts: Part[]) {
  const body = await multipart(parts);
  return t.app.inject({
    method: 'PUT',
    url: '/api/client/organization/logo',
    payload: body.payload,
    headers: { ...body.headers, ...headersOf(who) },
  });
}

const pngFile = async (width: number, height: number): Promise<Part> => ({
  name: 'file',
  value: await pngBytes(width, height),
  fileName: 'logo.png',
  type: 'image/png',
});

describe('authorization', () => {
  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 200],
    ['viewer', 200],
    ['manager', 200],
    ['primary', 200],
  ] as const)('GET client/organization as %s answers %i, always its own', async (who, status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/client/organization',
      headers: headersOf(who),
    });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    const own = who === 'otherPrimary' ? otherOrganizationId : organizationId;
    expect(res.json()).toMatchObject({ id: own, canEdit: who.endsWith('rimary') });
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 200],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 200],
  ] as const)('PATCH client/organization as %s answers %i', async (who, status) => {
    const res = await patch(who, { industry: `Industry of ${who}` });
    expect(res.statusCode).toBe(status);
    if (status === 403 && who !== 'candidate') {
      expect(res.json().message).toBe(
        'Only a primary user of your organization can change the organization',
      );
    }
    if (status === 200) {
      const own = who === 'otherPrimary' ? otherOrganizationId : organizationId;
      expect(res.json()).toMatchObject({ id: own, industry: `Industry of ${who}` });
    }
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 200],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 200],
  ] as const)('PUT and DELETE client/organization/logo as %s answer %i', async (who, status) => {
    const put = await putLogo(who, [await pngFile(8, 8)]);
    expect(put.statusCode).toBe(status);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/client/organization/logo',
      headers: headersOf(who),
    });
    expect(del.statusCode).toBe(status === 200 ? 204 : status);
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 201],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 201],
  ] as const)('POST client/organization/locations as %s answers %i', async (who, status) => {
    expect((await addLocation(who)).statusCode).toBe(status);
  });

  it.each([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 204],
  ] as const)(
    "DELETE client/organization/locations/{id} of the primary's organization as %s answers %i",
    async (who, status) => {
      const added = await addLocation('primary');
      expect(added.statusCode).toBe(201);
      const created = added.json<{ id: number }>();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/client/organization/locations/${created.id}`,
        headers: headersOf(who),
      });
      expect(res.statusCode).toBe(status);
    },
  );
});

describe('PATCH client/organization', () => {
  it('changes the given fields only, blank optional text becoming null', async () => {
    const res = await patch('primary', {
      name: '  Indlovu Bank  ',
      description: 'We bank on people.',
      website: 'https://indlovu.example',
      industry: '',
    });
    expect(ok(res)).toMatchObject({
      name: 'Indlovu Bank',
      description: 'We bank on people.',
      website: 'https://indlovu.example',
      industry: null,
    });
    const again = ok(await patch('primary', { description: null }));
    expect(again).toMatchObject({ name: 'Indlovu Bank', description: null });
  });

  it.each([
    ['name', { name: '   ' }, organizationMessages.nameRequired],
    ['name', { name: null }, organizationMessages.nameRequired],
    ['name', { name: 'x'.repeat(121) }, 'must be at most 120 characters'],
    ['website', { website: 'indlovu.example' }, organizationMessages.websiteInvalid],
    ['website', { website: 'javascript:alert(1)' }, organizationMessages.websiteInvalid],
    ['website', { website: 'ftp://indlovu.example' }, organizationMessages.websiteInvalid],
    ['description', { description: 'x'.repeat(5001) }, 'must be at most 5000 characters'],
    ['industry', { industry: 42 }, undefined],
  ])('answers 422 on %s for %j', async (field, body, message) => {
    const res = await patch('primary', body);
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
    if (message) expect(errors[field]).toEqual([message]);
  });

  it('shows the new name on the public page at once, never from a cache', async () => {
    ok(await patch('primary', { name: 'Indlovu Bank Group' }));
    const res = await t.app.inject({ method: 'GET', url: `/api/organizations/${organizationId}` });
    expect(ok(res).name).toBe('Indlovu Bank Group');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('logo', () => {
  it('accepts a PNG and serves it as a WebP no larger than 400 px, keeping its shape', async () => {
    const res = await putLogo('primary', [await pngFile(1000, 500)]);
    const { logo } = ok<{ logo: string }>(res);
    expect(logo).toMatch(/^\/api\/organization_logos\/\d+-[\w-]{22}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 200]);
    expect(meta.exif).toBeUndefined();
    const page = ok(
      await t.app.inject({ method: 'GET', url: `/api/organizations/${organizationId}` }),
    );
    expect(page.logo).toBe(logo);
  });

  it('replaces the previous logo, whose address then answers 404, and removes it', async () => {
    const first = ok<{ logo: string }>(await putLogo('primary', [await pngFile(20, 20)])).logo;
    const second = ok<{ logo: string }>(await putLogo('primary', [await pngFile(30, 30)])).logo;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/client/organization/logo',
      headers: headersOf('primary'),
    });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    const [row] = await t.database.db
      .select({ logo: organizations.logo })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(row!.logo).toBeNull();
  });

  it('refuses a text file named .png with 422 on the file', async () => {
    const res = await putLogo('primary', [
      { name: 'file', value: 'not a picture at all', fileName: 'logo.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [documentMessages.avatarType] });
  });

  it('refuses a picture over 50 megapixels with 422 on the file', async () => {
    const res = await putLogo('primary', [
      { name: 'file', value: blackPng(16_000, 16_000), fileName: 'logo.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [documentMessages.imageTooLarge] });
  });

  it('refuses a file over 10 MiB with 413', async () => {
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await putLogo('primary', [
      { name: 'file', value: big, fileName: 'big.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ file: [documentMessages.fileTooLarge] });
  });

  it('answers 404 for a logo name that is not ours', async () => {
    for (const file of ['../../etc/passwd', '1-short.webp', 'x.png']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/organization_logos/${encodeURIComponent(file)}`,
      });
      expect(res.statusCode, file).toBe(404);
    }
  });
});

describe('locations', () => {
  beforeEach(async () => {
    await t.database.db
      .delete(organizationLocations)
      .where(eq(organizationLocations.organizationId, organizationId));
  });

  it('adds a picked place and shows it on the public page; removing it takes it off', async () => {
    const res = await addLocation();
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), ...capeTown, country: 'ZA' });
    const page = ok(
      await t.app.inject({ method: 'GET', url: `/api/organizations/${organizationId}` }),
    );
    expect(page.locations).toEqual([created]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/client/organization/locations/${created.id}`,
      headers: headersOf('primary'),
    });
    expect(del.statusCode).toBe(204);
    const after = ok(
      await t.app.inject({ method: 'GET', url: `/api/organizations/${organizationId}` }),
    );
    expect(after.locations).toEqual([]);
  });

  it.each([
    ['address', { ...capeTown, address: ' ' }],
    ['country', { ...capeTown, country: 'XX' }],
    ['latitude', { ...capeTown, latitude: 91 }],
    ['longitude', { ...capeTown, longitude: 'east' }],
  ])('answers 422 on %s', async (field, location) => {
    const res = await addLocation('primary', location);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it("answers 404 for another organization's location and leaves it in place", async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/client/organization/locations/${otherLocationId}`,
      headers: headersOf('primary'),
    });
    expect(res.statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(organizationLocations)
      .where(eq(organizationLocations.id, otherLocationId));
    expect(rows).toHaveLength(1);
  });
});

describe('GET organizations/{id}', () => {
  it('answers the public fields with the locations, to anyone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/${otherOrganizationId}`,
    });
    expect(Object.keys(ok(res)).sort()).toEqual(
      ['description', 'id', 'industry', 'locations', 'logo', 'name', 'slug', 'website'].sort(),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/organizations/2147483647' })).statusCode,
    ).toBe(404);
  });
});
