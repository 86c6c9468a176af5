import { slugMessages } from '@pathways/shared/campaigns/campaign-slug';
import { clientCampaign, clientCampaignList } from '@pathways/shared/campaigns/campaigns.schemas';
import { documentMessages } from '@pathways/shared/documents/documents.schemas';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { campaignAliases, campaigns } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';
import {
  type ClientSideName,
  clientSideNames,
  createPeople,
  type People,
} from '../../test/principals.ts';

// The client's campaigns: who may list, read, create, change and delete them, the slug and
// short-path rules, the opportunity of another organization, the header image, and the public
// page showing an edit at once.

let t: TestApp;
type Who = ClientSideName;
// The shared people: the manager is listed on an opportunity of the primary user's
// organization, the viewer manages nothing, and the other primary user has an organization of
// their own.
const principalOf = clientSideNames;
let p: People;
let organizationId: number;
let otherOrganizationId: number;
let listedOpportunity: number;
let unlistedOpportunity: number;
let otherOpportunity: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  organizationId = p.a.organizationId;
  otherOrganizationId = p.b.organizationId;
  listedOpportunity = p.a.opportunityId;
  otherOpportunity = p.b.opportunityId;
  const [unlisted] = await createOpportunities(t.database, [{ organizationId }]);
  unlistedOpportunity = unlisted!.id;
});

afterAll(async () => {
  await t?.close();
});

const headersOf = (who: Who) => p.byWho[principalOf[who]].headers;

const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: headersOf(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A campaign inserted straight into the database. */
async function insertCampaign(
  values: { organizationId?: number; opportunityId?: number | null; slug?: string } = {},
) {
  counter += 1;
  const opportunityId = values.opportunityId ?? null;
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      slug: values.slug ?? `campaign-${counter}-${Date.now()}`,
      name: `Campaign ${counter}`,
      kind: opportunityId === null ? 'organization' : 'opportunity',
      organizationId: values.organizationId ?? organizationId,
      opportunityId,
    })
    .returning();
  return row!;
}

const pngBytes = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 120, b: 20 } } })
    .png()
    .toBuffer();
const pdfBytes = async () => Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\n%%EOF\n', 'latin1');

/** PUT the image as a browser's FormData sends it. */
async function uploadImage(who: Who, id: number, bytes: Uint8Array, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'poster.png');
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return t.app.inject({
    method: 'PUT',
    url: `/api/client/campaigns/${id}/image`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, ...headersOf(who) },
  });
}

describe('authorization', () => {
  it.each<[Who, number]>([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 200],
    ['viewer', 200],
    ['manager', 200],
    ['primary', 200],
  ])('GET /api/client/campaigns as %s: %i, with only what they may see', async (who, status) => {
    const ofOrganization = await insertCampaign();
    const ofListed = await insertCampaign({ opportunityId: listedOpportunity });
    const ofUnlisted = await insertCampaign({ opportunityId: unlistedOpportunity });
    const elsewhere = await insertCampaign({
      organizationId: otherOrganizationId,
      opportunityId: otherOpportunity,
    });
    const res = await call(who, 'GET', '/api/client/campaigns?per=100');
    expect(res.statusCode, res.body).toBe(status);
    if (status !== 200) return;
    const list = clientCampaignList.parse(res.json());
    const ids = list.items.map((item) => item.id);
    const expected: Record<string, number[]> = {
      otherPrimary: [elsewhere.id],
      viewer: [ofOrganization.id],
      manager: [ofOrganization.id, ofListed.id],
      primary: [ofOrganization.id, ofListed.id, ofUnlisted.id],
    };
    for (const id of [ofOrganization.id, ofListed.id, ofUnlisted.id, elsewhere.id]) {
      expect(ids.includes(id), `campaign ${id}`).toBe(expected[who]!.includes(id));
    }
    expect(list.items.every((item) => item.editable === who.endsWith('rimary'))).toBe(true);
    expect(list.total).toBe(list.items.length);
    // Only a primary user chooses opportunities, and only among the organization's own.
    const choices = list.opportunities.map((o) => o.id).sort((a, b) => a - b);
    expect(choices).toEqual(
      who === 'primary'
        ? [listedOpportunity, unlistedOpportunity].sort((a, b) => a - b)
        : who === 'otherPrimary'
          ? [otherOpportunity]
          : [],
    );
  });

  it.each<[Who, number]>([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 201],
    ['viewer', 403],
    ['manager', 403],
    ['primary', 201],
  ])('POST /api/client/campaigns as %s: %i', async (who, status) => {
    counter += 1;
    const res = await call(who, 'POST', '/api/client/campaigns', {
      campaign: { name: 'Graduates', slug: `graduates-${counter}` },
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403 && who !== 'candidate') {
      expect(res.json().message).toBe(
        'Only a primary user of your organization can manage the campaigns',
      );
    }
    if (status === 201) {
      const [row] = await t.database.db
        .select()
        .from(campaigns)
        .where(eq(campaigns.id, res.json().id));
      expect(row!.organizationId).toBe(who === 'primary' ? organizationId : otherOrganizationId);
    }
  });

  it.each<[Who, number]>([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 404],
    ['manager', 200],
    ['primary', 200],
  ])('GET /api/client/campaigns/{id} as %s: %i', async (who, status) => {
    const row = await insertCampaign({ opportunityId: listedOpportunity });
    const res = await call(who, 'GET', `/api/client/campaigns/${row.id}`);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(clientCampaign.parse(res.json()).slug).toBe(row.slug);
  });

  it.each<[Who, number]>([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 404],
    ['manager', 403],
    ['primary', 200],
  ])('PATCH /api/client/campaigns/{slug} as %s: %i', async (who, status) => {
    const row = await insertCampaign({ opportunityId: listedOpportunity });
    const res = await call(who, 'PATCH', `/api/client/campaigns/${row.slug}`, {
      campaign: { name: 'Renamed' },
    });
    expect(res.statusCode, res.body).toBe(status);
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, row.id));
    expect(after!.name).toBe(status === 200 ? 'Renamed' : row.name);
  });

  it.each<[Who, number]>([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 404],
    ['manager', 403],
    ['primary', 204],
  ])('DELETE /api/client/campaigns/{id} as %s: %i', async (who, status) => {
    const row = await insertCampaign({ opportunityId: listedOpportunity });
    const res = await call(who, 'DELETE', `/api/client/campaigns/${row.id}`);
    expect(res.statusCode, res.body).toBe(status);
    const left = await t.database.db.select().from(campaigns).where(eq(campaigns.id, row.id));
    expect(left.length).toBe(status === 204 ? 0 : 1);
  });

  it.each<[Who, number]>([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 404],
    ['manager', 403],
    ['primary', 200],
  ])('PUT /api/client/campaigns/{id}/image as %s: %i', async (who, status) => {
    const row = await insertCampaign({ opportunityId: listedOpportunity });
    const res = await uploadImage(who, row.id, await pngBytes(40, 20));
    expect(res.statusCode, res.body).toBe(status);
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, row.id));
    expect(after!.image !== null).toBe(status === 200);
  });

  it.each<[Who, number]>([
    ['guest', 401],
    ['candidate', 403],
    ['otherPrimary', 404],
    ['viewer', 404],
    ['manager', 403],
    ['primary', 200],
  ])('DELETE /api/client/campaigns/{id}/image as %s: %i', async (who, status) => {
    const row = await insertCampaign({ opportunityId: listedOpportunity });
    expect((await uploadImage('primary', row.id, await pngBytes(40, 20))).statusCode).toBe(200);
    const res = await call(who, 'DELETE', `/api/client/campaigns/${row.id}/image`);
    expect(res.statusCode, res.body).toBe(status);
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, row.id));
    expect(after!.image === null).toBe(status === 200);
  });
});

describe('creating and changing', () => {
  it('creates an opportunity campaign with its words and short paths', async () => {
    const res = await call('primary', 'POST', '/api/client/campaigns', {
      campaign: {
        name: 'Tech graduates',
        slug: 'tech-grads',
        description: 'Two years in three teams',
        opportunityId: listedOpportunity,
        copy: { headline: 'Build the bank of tomorrow', signupButton: 'Join us' },
        aliases: ['techgrad', 'tg27'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = clientCampaign.parse(res.json());
    expect(created).toMatchObject({
      slug: 'tech-grads',
      kind: 'opportunity',
      opportunity: { id: listedOpportunity },
      copy: { headline: 'Build the bank of tomorrow', signupButton: 'Join us' },
      aliases: ['techgrad', 'tg27'],
      path: '/campaign/tech-grads',
      editable: true,
    });
    // The short path leads to the campaign.
    const alias = await t.app.inject({ method: 'GET', url: '/api/campaign_aliases/tg27' });
    expect(alias.json()).toMatchObject({ campaign: { id: created.id, slug: 'tech-grads' } });
  });

  it('refuses an opportunity of another organization, naming the field', async () => {
    const res = await call('primary', 'POST', '/api/client/campaigns', {
      campaign: { name: 'Theirs', slug: 'theirs-1', opportunityId: otherOpportunity },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      opportunityId: ['must be an opportunity of your organization'],
    });
    const row = await insertCampaign();
    const patch = await call('primary', 'PATCH', `/api/client/campaigns/${row.slug}`, {
      campaign: { opportunityId: otherOpportunity },
    });
    expect(patch.statusCode, patch.body).toBe(422);
    expect(Object.keys(patch.json().errors)).toEqual(['opportunityId']);
  });

  it.each([
    ['a slug of a page of the site', 'login', slugMessages.appPage],
    ['uppercase', 'Grads', slugMessages.characters],
    ['spaces', 'my grads', slugMessages.characters],
    ['a number', '2027', slugMessages.digitsOnly],
    ['a leading hyphen', '-grads', slugMessages.edges],
  ])('refuses %s as the slug', async (_, slug, message) => {
    const res = await call('primary', 'POST', '/api/client/campaigns', {
      campaign: { name: 'Grads', slug },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ slug: [message] });
  });

  it('refuses a slug taken by another organization’s campaign or by a legacy alias', async () => {
    const theirs = await insertCampaign({
      organizationId: otherOrganizationId,
      slug: 'their-slug',
    });
    await t.database.db.insert(campaignAliases).values({ alias: 'OldCode', campaignId: theirs.id });
    for (const slug of ['their-slug', 'oldcode']) {
      const res = await call('primary', 'POST', '/api/client/campaigns', {
        campaign: { name: 'Mine', slug },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ slug: [slugMessages.taken] });
    }
    const mine = await insertCampaign();
    const res = await call('primary', 'PATCH', `/api/client/campaigns/${mine.slug}`, {
      campaign: { aliases: ['their-slug', 'fresh-code', 'api'] },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      aliases: [`“api” ${slugMessages.appPage}`, `“their-slug” ${slugMessages.taken}`],
    });
    const aliases = await t.database.db
      .select()
      .from(campaignAliases)
      .where(eq(campaignAliases.campaignId, mine.id));
    expect(aliases).toEqual([]);
  });

  it('keeps its own slug and old codes on a change, and removes aliases left out', async () => {
    const row = await insertCampaign({ slug: 'keep-me' });
    await t.database.db.insert(campaignAliases).values([
      { alias: 'OLD_CODE', campaignId: row.id },
      { alias: 'gone-code', campaignId: row.id },
    ]);
    const res = await call('primary', 'PATCH', '/api/client/campaigns/keep-me', {
      campaign: { slug: 'keep-me', aliases: ['OLD_CODE', 'new-code'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().aliases).toEqual(['new-code', 'OLD_CODE']);
  });

  it('changes the slug, found by the old one, and merges the copy', async () => {
    const row = await insertCampaign({ slug: 'before' });
    await t.database.db
      .update(campaigns)
      .set({ copy: { headline: 'Old', welcome: 'for the sign-up conversation' } })
      .where(eq(campaigns.id, row.id));
    const res = await call('primary', 'PATCH', '/api/client/campaigns/before', {
      campaign: { slug: 'after', copy: { headline: '', tagline: 'New words' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      slug: 'after',
      path: '/campaign/after',
      copy: { tagline: 'New words', welcome: 'for the sign-up conversation' },
    });
    expect(res.json().copy.headline).toBeUndefined();
    expect(
      (
        await call('primary', 'PATCH', '/api/client/campaigns/before', {
          campaign: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses copy longer than its limit, and an end before the start', async () => {
    const row = await insertCampaign();
    const res = await call('primary', 'PATCH', `/api/client/campaigns/${row.slug}`, {
      campaign: { copy: { signupButton: 'x'.repeat(41) }, startsAt: '2027-03-01T00:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ 'copy.signupButton': ['must be at most 40 characters'] });
    await call('primary', 'PATCH', `/api/client/campaigns/${row.slug}`, {
      campaign: { startsAt: '2027-03-01T00:00:00Z' },
    });
    const end = await call('primary', 'PATCH', `/api/client/campaigns/${row.slug}`, {
      campaign: { endsAt: '2027-02-01T00:00:00Z' },
    });
    expect(end.statusCode, end.body).toBe(422);
    expect(end.json().errors).toEqual({ endsAt: ['must be after the start'] });
  });

  it('the public page shows an edit at once', async () => {
    const row = await insertCampaign({ slug: 'fresh-words' });
    const before = await t.app.inject({ method: 'GET', url: '/api/campaigns/fresh-words' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control'] ?? '').not.toMatch(/max-age=[1-9]|immutable/);
    const patch = await call('primary', 'PATCH', '/api/client/campaigns/fresh-words', {
      campaign: { name: 'Fresh', copy: { headline: 'Brand new headline' } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/campaigns/${row.id}` });
    expect(after.json()).toMatchObject({ name: 'Fresh', copy: { headline: 'Brand new headline' } });
  });
});

describe('the header image', () => {
  it('is resized, stripped of metadata, served publicly and shown on the campaign page', async () => {
    const row = await insertCampaign({ slug: 'with-image' });
    const big = await sharp({
      create: { width: 3200, height: 1200, channels: 3, background: { r: 10, g: 80, b: 160 } },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Someone', Copyright: 'Private' } } })
      .toBuffer();
    const res = await uploadImage('primary', row.id, big, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().image as string;
    expect(image).toMatch(/^\/api\/campaign_images\/\d+-[\w-]{22}\.webp$/);
    const publicPage = await t.app.inject({ method: 'GET', url: '/api/campaigns/with-image' });
    expect(publicPage.json().image).toBe(image);
    const file = await t.app.inject({ method: 'GET', url: image });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(600);
    expect(meta.exif).toBeUndefined();
    // Replacing it removes the old file.
    expect((await uploadImage('primary', row.id, await pngBytes(50, 20))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(404);
  });

  it.each([
    ['a PDF', () => pdfBytes(), documentMessages.avatarType],
    [
      'HTML',
      async () => Buffer.from('<html><script>alert(1)</script></html>'),
      documentMessages.avatarType,
    ],
    [
      'a truncated PNG',
      async () => (await pngBytes(40, 40)).subarray(0, 30),
      documentMessages.avatarType,
    ],
    ['an empty file', async () => Buffer.alloc(0), documentMessages.fileEmpty],
  ])('refuses %s', async (_, bytes, message) => {
    const row = await insertCampaign();
    const res = await uploadImage('primary', row.id, await bytes());
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ file: [message] });
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, row.id));
    expect(after!.image).toBeNull();
  });
});
