import { rmSync } from 'node:fs';
import { join } from 'node:path';

import {
  documentBundleList,
  documentBundleMessages,
  MAX_BUNDLE_APPLICATIONS,
} from '@pathways/shared/document-bundles/document-bundles.schemas';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, documentBundles, documents, users } from '../../db/schema/index.ts';
import { createStorage } from '../../lib/storage.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities } from '../../test/factories.ts';
import { createPeople } from '../../test/principals.ts';
import { unzip } from '../../test/unzip.ts';
import { jpegBytes, multipart, pdfBytes, pngBytes } from '../../test/uploads.ts';
import { createDocumentBundlesService } from './document-bundles.service.ts';

// Document bundles end to end: who may ask, what is refused, the zip the job writes, the
// e-mailed link that downloads it without signing in, and the links that no longer work.

const DAY = 86_400_000;
const URL_PATTERN =
  /http:\/\/pathways\.test(\/api\/client\/document_bundles\/\d+\/download\?token=[\w.%-]+)/;

let t: TestApp;
type Who = 'primary' | 'managing' | 'nonManaging' | 'otherPrimary' | 'candidate';
// The shared people: the managing colleague is listed on the opportunity, the non-managing one
// is not, and the other primary user has an organization of their own.
const principalOf = {
  primary: 'primary',
  managing: 'manager',
  nonManaging: 'bystander',
  otherPrimary: 'otherClient',
  candidate: 'candidate',
} as const satisfies Record<Who, string>;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, number>;
let opportunityId: number;
let otherOpportunityId: number;
let foreignApplicationId: number;
/** The applicants, in the order the zip lists them, with the files they uploaded. */
const applicants: {
  applicationId: number;
  folder: string;
  files: { name: string; kind: string; bytes: Buffer }[];
}[] = [];

const post = (as: string | undefined, bundle: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client/document_bundles',
    headers: as ? bearer(as) : {},
    payload: { bundle },
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function candidateWith(
  firstName: string,
  lastName: string,
  uploads: { kind: string; name: string; bytes: Buffer }[],
) {
  const user = await createUser(t.database, { role: 'candidate' });
  await t.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
  const token = await loginAs(t.app, user.email, user.password);
  for (const file of uploads) {
    const { payload, headers } = await multipart([
      { name: 'kind', value: file.kind },
      { name: 'file', value: file.bytes, fileName: file.name, type: 'application/octet-stream' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/candidate/documents',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return user;
}

async function mailedLinks(): Promise<string[]> {
  return (await t.mails()).flatMap((m) => {
    const match = URL_PATTERN.exec(m.text);
    return match ? [match[1]!] : [];
  });
}

async function bundleRow(id: number) {
  const [row] = await t.database.db
    .select()
    .from(documentBundles)
    .where(eq(documentBundles.id, id));
  return row!;
}

async function applyTo(candidateId: number, to: number): Promise<number> {
  const [row] = await t.database.db
    .insert(applications)
    .values({ candidateId, opportunityId: to })
    .returning();
  return row!.id;
}

const bundleCount = async () => (await t.database.db.select().from(documentBundles)).length;

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t, { a: { name: 'Graduate Programme' } });
  for (const who of Object.keys(principalOf) as Who[]) {
    tokens[who] = p.byWho[principalOf[who]].token!;
    userIds[who] = p.users[principalOf[who]].id;
  }
  opportunityId = p.a.opportunityId;
  // A second opportunity of the organization, which the managing colleague is not listed on.
  const [other] = await createOpportunities(t.database, [{ organizationId: p.a.organizationId }]);
  otherOpportunityId = other!.id;

  const idBytes = pdfBytes('Identity of Zanele');
  const transcript = await pngBytes(8, 8);
  const otherFirst = pdfBytes('Reference one');
  const otherSecond = pdfBytes('Reference two');
  const photo = await jpegBytes(6, 6);
  // Uploaded out of order, to see the zip sort applicants by name.
  const zanele = await candidateWith('Zanele', 'Zulu', [
    { kind: 'identity_document', name: 'my id.pdf', bytes: idBytes },
    { kind: 'transcript', name: 'marks.png', bytes: transcript },
    { kind: 'other', name: 'reference.pdf', bytes: otherFirst },
    { kind: 'other', name: 'Reference.pdf', bytes: otherSecond },
  ]);
  const adam = await candidateWith('Adam', 'Abrahams/../x', [
    { kind: 'other', name: 'photo.jpg', bytes: photo },
  ]);
  const nobody = await candidateWith('Nomsa', 'Mokoena', []);
  const outsider = await candidateWith('Other', 'Applicant', [
    { kind: 'other', name: 'x.pdf', bytes: pdfBytes('not wanted') },
  ]);
  const apply = (candidateId: number, on = opportunityId) => applyTo(candidateId, on);
  const zaneleApp = await apply(zanele.id);
  const adamApp = await apply(adam.id);
  const nobodyApp = await apply(nobody.id);
  foreignApplicationId = await apply(outsider.id, otherOpportunityId);
  applicants.push(
    {
      applicationId: adamApp,
      folder: `Abrahams_.._x Adam - #${adamApp}/`,
      files: [{ name: 'Other - photo.jpg', kind: 'other', bytes: photo }],
    },
    { applicationId: nobodyApp, folder: `Mokoena Nomsa - #${nobodyApp}/`, files: [] },
    {
      applicationId: zaneleApp,
      folder: `Zulu Zanele - #${zaneleApp}/`,
      files: [
        { name: 'Identity document - my id.pdf', kind: 'identity_document', bytes: idBytes },
        { name: 'Transcript - marks.png', kind: 'transcript', bytes: transcript },
        { name: 'Other - reference.pdf', kind: 'other', bytes: otherFirst },
        { name: 'Other - Reference (2).pdf', kind: 'other', bytes: otherSecond },
      ],
    },
  );
});

afterAll(() => t?.close());

const allIds = () => applicants.map((a) => a.applicationId);
const every = [
  'identity_document',
  'transcript',
  'high_school_certificate',
  'proof_of_registration',
  'other',
];

describe('POST client/document_bundles: who may ask', () => {
  it.each([
    ['primary', 202],
    ['managing', 202],
    ['nonManaging', 404],
    ['otherPrimary', 404],
    ['candidate', 403],
  ] as const)('%s answers %i', async (who, status) => {
    const before = await bundleCount();
    const res = await post(tokens[who], {
      opportunityId,
      applicationIds: allIds(),
      documentKinds: ['transcript'],
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(await bundleCount()).toBe(before + (status === 202 ? 1 : 0));
    if (status === 202) expect(res.json()).toEqual({ id: expect.any(Number), status: 'queued' });
    if (status === 404) expect(res.json().message).toBe('Opportunity not found');
  });

  it('answers a guest 401 and queues nothing', async () => {
    const before = await bundleCount();
    const res = await post(undefined, {
      opportunityId,
      applicationIds: allIds(),
      documentKinds: every,
    });
    expect(res.statusCode).toBe(401);
    expect(await bundleCount()).toBe(before);
  });

  it('answers 404 for an opportunity that does not exist', async () => {
    const res = await post(tokens.primary, {
      opportunityId: 2_000_000_000,
      applicationIds: allIds(),
      documentKinds: every,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST client/document_bundles: what is refused', () => {
  it('refuses applications of another opportunity or none, naming them, and queues nothing', async () => {
    const before = await bundleCount();
    const mailsBefore = (await t.mails()).length;
    const res = await post(tokens.primary, {
      opportunityId,
      applicationIds: [...allIds(), foreignApplicationId, 2_000_000_000],
      documentKinds: every,
    });
    expect(res.statusCode).toBe(422);
    const message = documentBundleMessages.foreignApplications([
      foreignApplicationId,
      2_000_000_000,
    ]);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { applicationIds: [message] } });
    expect(await bundleCount()).toBe(before);
    expect((await t.mails()).length).toBe(mailsBefore);
  });

  it('refuses the applications of a workspace to a user who manages only the other', async () => {
    const res = await post(tokens.primary, {
      opportunityId: otherOpportunityId,
      applicationIds: allIds(),
      documentKinds: every,
    });
    expect(res.statusCode).toBe(422);
  });

  it(`refuses more than ${MAX_BUNDLE_APPLICATIONS} applications, no kinds, and ids that are not ids`, async () => {
    const many = Array.from({ length: MAX_BUNDLE_APPLICATIONS + 1 }, (_, i) => i + 1);
    const cases: [unknown, string, string][] = [
      [
        { opportunityId, applicationIds: many, documentKinds: every },
        'applicationIds',
        documentBundleMessages.tooManyApplications,
      ],
      [
        { opportunityId, applicationIds: allIds(), documentKinds: [] },
        'documentKinds',
        documentBundleMessages.kindsRequired,
      ],
      [
        { opportunityId, applicationIds: ['1'], documentKinds: every },
        'applicationIds',
        documentBundleMessages.applicationsInvalid,
      ],
      [
        { opportunityId, applicationIds: allIds(), documentKinds: ['cv'] },
        'documentKinds',
        documentBundleMessages.kindInvalid,
      ],
      [
        { applicationIds: allIds(), documentKinds: every },
        'opportunityId',
        documentBundleMessages.opportunityRequired,
      ],
    ];
    const before = await bundleCount();
    for (const [bundle, field, message] of cases) {
      const res = await post(tokens.primary, bundle);
      expect(res.statusCode, JSON.stringify(bundle).slice(0, 80)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect(await bundleCount()).toBe(before);
  });
});

describe('what a bundle would hold, before it is asked for', () => {
  const contents = (as: string, bundle: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/document_bundles/contents',
      headers: bearer(as),
      payload: { bundle },
    });

  it('names each applicant in the zip’s order with how many documents of the kinds it takes', async () => {
    const [adam, nomsa, zanele] = applicants;
    const res = await contents(tokens.managing, {
      opportunityId,
      applicationIds: allIds(),
      documentKinds: ['identity_document', 'other'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      applicants: [
        { applicationId: adam!.applicationId, name: 'Adam Abrahams/../x', documentCount: 1 },
        { applicationId: nomsa!.applicationId, name: 'Nomsa Mokoena', documentCount: 0 },
        { applicationId: zanele!.applicationId, name: 'Zanele Zulu', documentCount: 3 },
      ],
    });
  });

  it('refuses applications of another opportunity, and another organization’s user', async () => {
    const foreign = await contents(tokens.primary, {
      opportunityId,
      applicationIds: [...allIds(), foreignApplicationId],
      documentKinds: every,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.applicationIds).toEqual([
      documentBundleMessages.foreignApplications([foreignApplicationId]),
    ]);
    const other = await contents(tokens.otherPrimary, {
      opportunityId,
      applicationIds: allIds(),
      documentKinds: every,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('a bundle that would hold nothing', () => {
  it('is refused with the reason, and nothing is queued or mailed', async () => {
    const before = await bundleCount();
    const mailsBefore = (await t.mails()).length;
    for (const bundle of [
      // The applicant without any document.
      { opportunityId, applicationIds: [applicants[1]!.applicationId], documentKinds: every },
      // A kind nobody has uploaded.
      { opportunityId, applicationIds: allIds(), documentKinds: ['proof_of_registration'] },
    ]) {
      const res = await post(tokens.primary, bundle);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({
        documentKinds: [documentBundleMessages.nothingToBundle],
      });
    }
    expect(await bundleCount()).toBe(before);
    expect((await t.mails()).length).toBe(mailsBefore);
  });
});

// The steps of one bundle, in order: made once above, then read, listed and downloaded; the
// link's expiry (the clock moved on 7 days) and the zip's removal come last.
describe('the bundle', { shuffle: false }, () => {
  let bundleId: number;
  let link: string;
  let downloaded: LightMyRequestResponse;

  beforeAll(async () => {
    const linksBefore = (await mailedLinks()).length;
    const res = await post(tokens.managing, {
      opportunityId,
      applicationIds: [...allIds(), allIds()[0]!],
      documentKinds: ['other', 'identity_document', 'transcript'],
    });
    expect(res.statusCode, res.body).toBe(202);
    bundleId = res.json().id;
    const links = await mailedLinks();
    expect(links).toHaveLength(linksBefore + 1);
    link = links.at(-1)!;
    downloaded = await get(link);
  });

  it('is built: ready, with its size, and mailed to the requester', async () => {
    const row = await bundleRow(bundleId);
    expect(row).toMatchObject({ status: 'ready', error: null, requestedById: userIds.managing });
    expect(row.startedAt).not.toBeNull();
    expect(row.completedAt).not.toBeNull();
    expect(row.byteSize).toBe(downloaded.rawPayload.length);
    const mail = (await t.mails()).at(-1)!;
    const [managing] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, userIds.managing));
    expect(mail.to).toBe(managing!.email);
    expect(mail.subject).toBe('Your document bundle for Graduate Programme is ready');
    // What it holds, and who had nothing of the kinds asked for.
    expect(mail.text).toContain('5 documents from 2 of 3 applicants');
    expect(mail.text).toContain('No documents of the chosen kinds from Nomsa Mokoena.');
    expect(mail.text).toContain('The link works for 7 days');
  });

  it('downloads from the e-mailed link without signing in, as an attachment', () => {
    expect(downloaded.statusCode, downloaded.body.slice(0, 200)).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/zip');
    expect(downloaded.headers['content-disposition']).toBe(
      `attachment; filename="Graduate Programme - documents ${bundleId}.zip"; filename*=UTF-8''Graduate%20Programme%20-%20documents%20${bundleId}.zip`,
    );
    expect(downloaded.headers['cache-control']).toBe('private, no-store');
  });

  it('holds a folder per applicant in name order, with the chosen documents, byte for byte', async () => {
    const entries = await unzip(downloaded.rawPayload);
    const expected = new Map<string, Buffer>([['Contents.txt', entries.get('Contents.txt')!]]);
    for (const applicant of applicants) {
      if (applicant.files.length === 0) expected.set(applicant.folder, Buffer.alloc(0));
      for (const file of applicant.files) expected.set(applicant.folder + file.name, file.bytes);
    }
    expect([...entries.keys()]).toEqual([...expected.keys()]);
    for (const [name, bytes] of expected) expect(entries.get(name)!.equals(bytes), name).toBe(true);
  });

  it('opens with a list of what it holds: each applicant’s files, and who had none', async () => {
    const list = (await unzip(downloaded.rawPayload)).get('Contents.txt')!.toString('utf8');
    const [adam, nomsa, zanele] = applicants;
    expect(list.split('\r\n')).toEqual([
      'Documents of applicants for Graduate Programme',
      expect.stringMatching(
        /^Requested \d{4}-\d\d-\d\d; kinds: Identity document, Transcript, Other\.$/,
      ),
      '5 documents from 2 of 3 applicants.',
      'No documents of the chosen kinds from Nomsa Mokoena.',
      '',
      `Adam Abrahams/../x: ${adam!.folder}`,
      '  Other - photo.jpg',
      '',
      `Nomsa Mokoena: ${nomsa!.folder}`,
      '  (no documents of the chosen kinds)',
      '',
      `Zanele Zulu: ${zanele!.folder}`,
      ...zanele!.files.map((f) => `  ${f.name}`),
      '',
    ]);
  });

  it('leaves out the kinds not chosen', async () => {
    const res = await post(tokens.primary, {
      opportunityId,
      applicationIds: allIds(),
      documentKinds: ['transcript'],
    });
    const row = await bundleRow(res.json().id);
    expect(row.documentKinds).toEqual(['transcript']);
    const zip = await get((await mailedLinks()).at(-1)!);
    const zulu = applicants[2]!;
    expect([...(await unzip(zip.rawPayload)).keys()]).toEqual([
      'Contents.txt',
      applicants[0]!.folder,
      applicants[1]!.folder,
      `${zulu.folder}Transcript - marks.png`,
    ]);
  });

  it('is listed among the requester’s recent bundles, and only theirs', async () => {
    const res = await get('/api/client/document_bundles', bearer(tokens.managing));
    expect(res.statusCode).toBe(200);
    const list = documentBundleList.parse(res.json());
    expect(list.items.map((b) => b.id)).toContain(bundleId);
    expect(list.items.find((b) => b.id === bundleId)).toMatchObject({
      opportunityId,
      opportunityName: 'Graduate Programme',
      status: 'ready',
      applicationCount: 3,
      documentKinds: ['identity_document', 'transcript', 'other'],
      byteSize: downloaded.rawPayload.length,
      error: null,
    });
    const others = await get('/api/client/document_bundles', bearer(tokens.otherPrimary));
    expect(others.json()).toEqual({ items: [] });
    expect((await get('/api/client/document_bundles', bearer(tokens.candidate))).statusCode).toBe(
      403,
    );
    expect((await get('/api/client/document_bundles')).statusCode).toBe(401);
  });

  it('refuses a changed token, a token of another bundle and no token', async () => {
    const [path, token] = link.split('?token=') as [string, string];
    const decoded = decodeURIComponent(token);
    const [id, expiry, signature] = decoded.split('.') as [string, string, string];
    const flipped = signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    // The address of another bundle (the next id: the one before may not exist, or be 0).
    const otherPath = path.replace(`/${bundleId}/`, `/${bundleId + 1}/`);
    for (const url of [
      `${path}?token=${id}.${expiry}.${flipped}`,
      `${path}?token=${id}.${Number(expiry) + 30 * 86_400}.${signature}`,
      `${otherPath}?token=${token}`,
      path,
      `${path}?token=`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'token_invalid',
        message: documentBundleMessages.linkInvalid,
      });
    }
  });

  it('shows a browser a page that says why', async () => {
    const [path] = link.split('?token=') as [string];
    const res = await get(`${path}?token=1.2.3`, { accept: 'text/html,application/xhtml+xml' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(documentBundleMessages.linkInvalid);
  });

  it('works for 7 days and then says the link has expired', async () => {
    const start = t.clock.now;
    try {
      t.clock.advance(7 * DAY - 60_000);
      expect((await get(link)).statusCode).toBe(200);
      t.clock.advance(60_000);
      const res = await get(link);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'token_expired',
        message: documentBundleMessages.linkExpired,
      });
      const page = await get(link, { accept: 'text/html' });
      expect(page.body).toContain(documentBundleMessages.linkExpired);
    } finally {
      t.clock.now = start;
    }
  });

  it('has its zip removed once the link has expired', async () => {
    const row = await bundleRow(bundleId);
    const storage = createStorage(t.config);
    expect(await storage.exists(row.storageKey!)).toBe(true);
    const service = (at: Date) =>
      createDocumentBundlesService({
        db: t.database.db,
        config: t.config,
        mailer: { kind: 'outbox', send: async () => {}, close() {} },
        now: () => at,
        log: { error() {}, info() {} } as never,
        storage,
        jobs: { enqueue: async () => {} },
      });
    expect(
      await service(new Date(row.completedAt!.getTime() + 7 * DAY - 1000)).removeExpired(),
    ).toBe(0);
    expect(
      await service(new Date(row.completedAt!.getTime() + 7 * DAY + 1000)).removeExpired(),
    ).toBeGreaterThan(0);
    expect(await storage.exists(row.storageKey!)).toBe(false);
    expect((await bundleRow(bundleId)).storageKey).toBeNull();
  });
});

describe('a bundle that cannot be built', () => {
  it('fails with the reason and tells the requester', async () => {
    const broken = await candidateWith('Broken', 'File', [
      { kind: 'other', name: 'gone.pdf', bytes: pdfBytes('gone') },
    ]);
    const [document] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.userId, broken.id));
    rmSync(join(t.config.dataDir, 'uploads', ...document!.storageKey.split('/')));
    const applicationId = await applyTo(broken.id, opportunityId);
    const res = await post(tokens.primary, {
      opportunityId,
      applicationIds: [applicationId, ...allIds()],
      documentKinds: ['other'],
    });
    expect(res.statusCode).toBe(202);
    const row = await bundleRow(res.json().id);
    expect(row.status).toBe('failed');
    expect(row.error).toBe(`The stored file of document ${document!.id} is missing`);
    expect(row.storageKey).toBeNull();
    const mail = (await t.mails()).at(-1)!;
    expect(mail.subject).toBe('Your document bundle for Graduate Programme could not be made');
  });
});
