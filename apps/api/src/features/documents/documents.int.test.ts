import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import {
  documentItem,
  documentList,
  documentMessages,
  MAX_OTHER_DOCUMENTS,
  MAX_UPLOAD_BYTES,
  type DocumentItem,
} from '@pathways/shared/documents/documents.schemas';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createPeople } from '../../test/principals.ts';
import { deleteUserFiles, documentKindsOf, listDocumentsOf } from './index.ts';
import {
  blackPng,
  gifBytes,
  jpegBytes,
  multipart,
  pdfBytes,
  pngBytes,
  webpBytes,
  type Part,
} from '../../test/uploads.ts';

let t: TestApp;
let token: string;
let otherToken: string;
let clientToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t);
  token = p.byWho.candidate.token!;
  otherToken = p.byWho.otherCandidate.token!;
  clientToken = p.byWho.primary.token!;
});
afterAll(async () => {
  await t?.close();
});

/** Every stored document file (relative paths), whoever it belongs to. */
const storedFiles = () => {
  try {
    return readdirSync(join(t.config.dataDir, 'uploads'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.parentPath.endsWith('documents'))
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
};

/** A candidate of the test's own, signed in, with no documents yet. */
async function newCandidate() {
  const user = await createUser(t.database, { role: 'candidate' });
  return { user, token: await loginAs(t.app, user.email, user.password) };
}

async function upload(parts: Part[], as = token) {
  const { payload, headers } = await multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/candidate/documents',
    payload,
    headers: { ...headers, ...bearer(as) },
  });
}

const file = (value: Uint8Array, fileName: string, type = 'application/octet-stream'): Part => ({
  name: 'file',
  value,
  fileName,
  type,
});
const kind = (value: string): Part => ({ name: 'kind', value });

async function uploaded(parts: Part[], as = token): Promise<DocumentItem> {
  const res = await upload(parts, as);
  expect(res.statusCode, res.body).toBe(201);
  return documentItem.parse(res.json());
}

const list = async (as = token) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/candidate/documents',
    headers: bearer(as),
  });
  expect(res.statusCode).toBe(200);
  return documentList.parse(res.json()).items;
};

const get = (url: string, as = token, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(as), ...headers } });
const del = (url: string, as = token) =>
  t.app.inject({ method: 'DELETE', url, headers: bearer(as) });

function expectFieldError(
  res: LightMyRequestResponse,
  status: number,
  field: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().errors[field]).toEqual([message]);
}

describe('uploading, listing and downloading documents', () => {
  it('accepts a PDF, a JPEG and a PNG, recognised by their bytes', async () => {
    const pdf = pdfBytes();
    const jpeg = await jpegBytes();
    const png = await pngBytes();
    const { user: candidate, token } = await newCandidate();
    const stored = storedFiles();
    // Declared types and names say nothing useful: the server goes by the content.
    const a = await uploaded([kind('identity_document'), file(pdf, 'id.pdf')], token);
    const b = await uploaded(
      [file(jpeg, 'transcript scan', 'text/plain'), kind('transcript')],
      token,
    );
    const c = await uploaded([kind('other'), file(png, 'photo.txt', 'application/pdf')], token);

    expect(a).toMatchObject({
      kind: 'identity_document',
      originalName: 'id.pdf',
      contentType: 'application/pdf',
      byteSize: pdf.length,
      downloadUrl: `/api/candidate/documents/${a.id}`,
    });
    expect(b).toMatchObject({
      kind: 'transcript',
      originalName: 'transcript scan.jpg',
      contentType: 'image/jpeg',
      byteSize: jpeg.length,
    });
    expect(c).toMatchObject({ originalName: 'photo.txt.png', contentType: 'image/png' });
    expect(Date.parse(a.createdAt)).not.toBeNaN();

    const items = await list(token);
    expect(items.map((i) => i.id)).toEqual([a.id, b.id, c.id]);
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['byteSize', 'contentType', 'createdAt', 'downloadUrl', 'id', 'kind', 'originalName'].sort(),
    );

    // The stored blobs are named by the server, not after the upload, in the user's folder.
    const names = storedFiles().filter((name) => !stored.includes(name));
    expect(names).toHaveLength(3);
    for (const name of names) {
      expect(name).toMatch(
        new RegExp(`/uploads/users/${candidate.id}/documents/[A-Za-z0-9_-]{22}\\.(pdf|jpg|png)$`),
      );
    }

    expect(await documentKindsOf(t.database.db, candidate.id)).toEqual(
      new Set(['identity_document', 'transcript', 'other']),
    );
    expect(await listDocumentsOf(t.database.db, candidate.id)).toEqual(items);
  });

  it('serves a document to its owner as an attachment with its stored type', async () => {
    const pdf = pdfBytes('download me');
    const doc = await uploaded([kind('proof_of_registration'), file(pdf, 'Proof «2026».pdf')]);
    const res = await get(doc.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Proof _2026_.pdf"; filename*=UTF-8''Proof%20%C2%AB2026%C2%BB.pdf`,
    );
    const sha = createHash('sha256').update(pdf).digest('hex');
    expect(res.headers.etag).toBe(`"${sha}"`);

    // A client that has it already downloads nothing again.
    const again = await get(doc.downloadUrl, token, { 'if-none-match': `"${sha}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('replaces the previous file of a kind, keeping every file of kind other', async () => {
    const first = await uploaded([kind('high_school_certificate'), file(pdfBytes('one'), 'a.pdf')]);
    const before = storedFiles().length;
    const second = await uploaded([
      kind('high_school_certificate'),
      file(await pngBytes(8, 8), 'b.png'),
    ]);
    expect(second.id).not.toBe(first.id);
    const certificates = (await list()).filter((i) => i.kind === 'high_school_certificate');
    expect(certificates.map((i) => i.id)).toEqual([second.id]);
    expect((await get(first.downloadUrl)).statusCode).toBe(404);
    expect(storedFiles()).toHaveLength(before); // the old blob went with its row

    const others = (await list()).filter((i) => i.kind === 'other').length;
    await uploaded([kind('other'), file(pdfBytes('x'), 'x.pdf')]);
    await uploaded([kind('other'), file(pdfBytes('y'), 'y.pdf')]);
    expect((await list()).filter((i) => i.kind === 'other')).toHaveLength(others + 2);
  });

  it('deletes a document and its stored file', async () => {
    const doc = await uploaded([kind('other'), file(pdfBytes('bye'), 'bye.pdf')]);
    const before = storedFiles().length;
    const res = await del(doc.downloadUrl);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(storedFiles()).toHaveLength(before - 1);
    expect((await list()).some((i) => i.id === doc.id)).toBe(false);
    expect((await get(doc.downloadUrl)).statusCode).toBe(404);
    expect((await del(doc.downloadUrl)).statusCode).toBe(404);
  });

  it('keeps only the last path segment of a name and drops invisible characters', async () => {
    const doc = await uploaded([
      kind('other'),
      file(pdfBytes(), '../../etc/\u202Efdp.exe\u0000.pdf'),
    ]);
    expect(doc.originalName).toBe('fdp.exe.pdf');
    const bad = await uploaded([kind('other'), file(pdfBytes(), 'C:\\Users\\me\\..\\cv.PDF')]);
    expect(bad.originalName).toBe('cv.PDF');
    await del(doc.downloadUrl);
    await del(bad.downloadUrl);
  });
});

describe('bad uploads are answered 4xx with a message for the field, never 5xx', () => {
  it('refuses a file over 10 MiB with 413 and stores nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    pdfBytes().copy(big);
    const res = await upload([kind('other'), file(big, 'big.pdf')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'payload_too_large',
      message: 'The file is larger than 10 MB',
      errors: { file: ['The file is larger than 10 MB'] },
    });
    // Far larger bodies are refused on their declared length.
    const huge = await upload([kind('other'), file(Buffer.alloc(12 * 1024 * 1024), 'huge.pdf')]);
    expectFieldError(huge, 413, 'file', documentMessages.fileTooLarge);
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses an image over 50 megapixels by its header, and takes a normal one', async () => {
    const { token } = await newCandidate();
    const before = storedFiles().length;
    // 16 000 × 16 000 pixels in some 30 kB: it would decode to a quarter of a gigapixel.
    const huge = blackPng(16_000, 16_000);
    expect(huge.length).toBeLessThan(100_000);
    const res = await upload([kind('other'), file(huge, 'scan.png', 'image/png')], token);
    expectFieldError(res, 422, 'file', documentMessages.imageTooLarge);
    expect(res.json()).toMatchObject({
      code: 'validation',
      message: 'This image is too large: at most 50 megapixels.',
    });
    expect(storedFiles()).toHaveLength(before);
    expect(await list(token)).toEqual([]);

    const normal = await uploaded(
      [kind('other'), file(blackPng(2_000, 1_500), 'scan.png', 'image/png')],
      token,
    );
    expect(normal).toMatchObject({ contentType: 'image/png', originalName: 'scan.png' });
  });

  it('accepts a file of exactly 10 MiB', async () => {
    const { token } = await newCandidate();
    const pdf = pdfBytes();
    const exact = Buffer.alloc(MAX_UPLOAD_BYTES, 0x20);
    pdf.copy(exact);
    pdf.copy(exact, MAX_UPLOAD_BYTES - pdf.length); // ends with %%EOF
    const doc = await uploaded([kind('other'), file(exact, 'exact.pdf')], token);
    expect(doc.byteSize).toBe(MAX_UPLOAD_BYTES);
    await del(doc.downloadUrl, token);
  });

  const disguised: [string, () => Promise<Uint8Array> | Uint8Array, string, string][] = [
    [
      'a text file named .pdf',
      () => Buffer.from('Just some notes\n'),
      'notes.pdf',
      'application/pdf',
    ],
    [
      'an executable named .pdf',
      () => Buffer.from('MZ\x90\x00\x03\x00\x00\x00PE\0\0'),
      'cv.pdf',
      'application/pdf',
    ],
    [
      'HTML named .png',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      'x.png',
      'image/png',
    ],
    ['a cut-off PDF', () => pdfBytes().subarray(0, 60), 'short.pdf', 'application/pdf'],
    [
      'JPEG magic and garbage',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]),
      'x.jpg',
      'image/jpeg',
    ],
    [
      'PNG magic and garbage',
      () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]),
      'x.png',
      'image/png',
    ],
    ['a WebP image', () => webpBytes(), 'x.webp', 'image/webp'],
    ['a GIF image', () => gifBytes(), 'x.gif', 'image/gif'],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.pdf',
      'application/pdf',
    ],
  ];
  for (const [what, bytes, name, type] of disguised) {
    it(`refuses ${what} with 422`, async () => {
      const res = await upload([kind('other'), file(await bytes(), name, type)]);
      expectFieldError(res, 422, 'file', 'must be a PDF, JPEG or PNG file');
      expect(res.json()).toMatchObject({ code: 'validation', message: documentMessages.fileType });
    });
  }

  it('names each missing or wrong field', async () => {
    expectFieldError(
      await upload([kind('transcript')]),
      422,
      'file',
      documentMessages.fileRequired,
    );
    expectFieldError(
      await upload([file(pdfBytes(), 'a.pdf')]),
      422,
      'kind',
      documentMessages.kindRequired,
    );
    expectFieldError(
      await upload([kind('  '), file(pdfBytes(), 'a.pdf')]),
      422,
      'kind',
      documentMessages.kindRequired,
    );
    expectFieldError(
      await upload([kind('passport'), file(pdfBytes(), 'a.pdf')]),
      422,
      'kind',
      documentMessages.kindInvalid,
    );
    expectFieldError(
      await upload([kind('other'), file(new Uint8Array(), 'empty.pdf')]),
      422,
      'file',
      documentMessages.fileEmpty,
    );
    // A file under another field name is no file.
    const misnamed = await upload([
      kind('other'),
      { name: 'document', value: pdfBytes(), fileName: 'a.pdf' },
    ]);
    expectFieldError(misnamed, 422, 'file', documentMessages.fileRequired);

    const both = await upload([{ name: 'note', value: 'hello' }]);
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({
      file: [documentMessages.fileRequired],
      kind: [documentMessages.kindRequired],
    });
    const wrongBoth = await upload([kind('cv'), file(Buffer.from('text'), 'a.pdf')]);
    expect(wrongBoth.json().errors).toEqual({
      file: [documentMessages.fileType],
      kind: [documentMessages.kindInvalid],
    });
  });

  it('refuses two files in one request', async () => {
    const res = await upload([
      kind('other'),
      file(pdfBytes(), 'a.pdf'),
      { name: 'file2', value: pdfBytes(), fileName: 'b.pdf' },
    ]);
    expectFieldError(res, 422, 'file', documentMessages.oneFile);
  });

  it('answers 4xx to bodies that are not (readable) multipart', async () => {
    const post = (payload: string | Buffer | undefined, contentType?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/candidate/documents',
        payload,
        headers: { ...bearer(token), ...(contentType ? { 'content-type': contentType } : {}) },
      });
    const json = await post(
      JSON.stringify({ kind: 'other', file: 'JVBERi0=' }),
      'application/json',
    );
    expectFieldError(json, 422, 'file', documentMessages.fileRequired);
    expectFieldError(await post(undefined), 422, 'file', documentMessages.fileRequired);
    expectFieldError(
      await post('kind=other', 'text/plain'),
      422,
      'file',
      documentMessages.fileRequired,
    );

    const noBoundary = await post('whatever', 'multipart/form-data');
    expectFieldError(noBoundary, 422, 'file', documentMessages.unreadable);

    const { payload, headers } = await multipart([kind('other'), file(pdfBytes(), 'a.pdf')]);
    const cut = await post(payload.subarray(0, payload.length - 60), headers['content-type']);
    expectFieldError(cut, 422, 'file', documentMessages.unreadable);

    const garbage = await post(
      '--x\r\nnot a header\r\n\r\nz\r\n--x--',
      'multipart/form-data; boundary=x',
    );
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);

    const proto = await upload([{ name: '__proto__', value: 'x' }, file(pdfBytes(), 'a.pdf')]);
    expect(proto.statusCode).toBe(422);

    const other = await post('x', 'application/octet-stream');
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
  });

  it(`keeps at most ${MAX_OTHER_DOCUMENTS} documents of kind other`, async () => {
    const { token } = await newCandidate();
    const existing = (await list(token)).filter((i) => i.kind === 'other').length;
    for (let i = existing; i < MAX_OTHER_DOCUMENTS; i++) {
      await uploaded([kind('other'), file(pdfBytes(`n${i}`), `n${i}.pdf`)], token);
    }
    const before = storedFiles().length;
    const res = await upload([kind('other'), file(pdfBytes(), 'one-too-many.pdf')], token);
    expectFieldError(res, 422, 'file', documentMessages.tooManyOther);
    expect(storedFiles()).toHaveLength(before);
    // Kinds with one file each still replace.
    await uploaded([kind('transcript'), file(pdfBytes(), 't.pdf')], token);
  });
});

describe('who may see what', () => {
  it("answers 404 for another candidate's document and never lists it", async () => {
    const mine = await uploaded([kind('transcript'), file(pdfBytes('mine'), 'mine.pdf')]);
    expect((await get(mine.downloadUrl, otherToken)).statusCode).toBe(404);
    expect((await del(mine.downloadUrl, otherToken)).statusCode).toBe(404);
    expect(await list(otherToken)).toEqual([]);
    expect((await get(mine.downloadUrl)).statusCode).toBe(200); // still there for its owner
    expect((await get('/api/candidate/documents/999999')).statusCode).toBe(404);
    expect((await get('/api/candidate/documents/abc')).statusCode).toBe(422);
  });

  it('refuses clients (403) and guests (401)', async () => {
    const { payload, headers } = await multipart([kind('other'), file(pdfBytes(), 'a.pdf')]);
    const requests = [
      { method: 'GET' as const, url: '/api/candidate/documents' },
      { method: 'POST' as const, url: '/api/candidate/documents', payload, headers },
      { method: 'GET' as const, url: '/api/candidate/documents/1' },
      { method: 'DELETE' as const, url: '/api/candidate/documents/1' },
    ];
    for (const r of requests) {
      const asClient = await t.app.inject({
        ...r,
        headers: { ...r.headers, ...bearer(clientToken) },
      });
      expect(asClient.statusCode, `${r.method} ${r.url}`).toBe(403);
      const asGuest = await t.app.inject(r);
      expect(asGuest.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });
});

describe('the API description', () => {
  it('lists the documents endpoints, and HEAD of a download sends no body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/candidate/documents',
        '/api/candidate/documents/{id}',
        '/api/candidate/avatar',
        '/api/avatars/{file}',
      ]),
    );
    const doc = await uploaded([kind('identity_document'), file(pdfBytes('head'), 'head.pdf')]);
    const head = await t.app.inject({
      method: 'HEAD',
      url: doc.downloadUrl,
      headers: bearer(token),
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload).toHaveLength(0);
    expect(head.headers['content-length']).toBe(String(doc.byteSize));
    await del(doc.downloadUrl);
  });
});

describe('deleteUserFiles', () => {
  it("removes every stored file of the user and nobody else's", async () => {
    const [candidate, other] = [await newCandidate(), await newCandidate()];
    const before = storedFiles().length;
    await uploaded([kind('transcript'), file(pdfBytes('mine'), 'm.pdf')], candidate.token);
    await uploaded([kind('other'), file(await pngBytes(), 'm.png')], candidate.token);
    const theirs = await uploaded([kind('other'), file(pdfBytes('theirs'), 't.pdf')], other.token);
    expect(storedFiles().length).toBeGreaterThan(before + 1);
    await deleteUserFiles(t, candidate.user.id);
    // Only theirs is left of the files the two of them stored.
    expect(storedFiles()).toHaveLength(before + 1);
    expect((await get(theirs.downloadUrl, other.token)).statusCode).toBe(200);
    // Rows stay until the account goes; their files are simply gone.
    const [row] = await listDocumentsOf(t.database.db, candidate.user.id);
    expect((await get(row!.downloadUrl, candidate.token)).statusCode).toBe(404);
  });
});

describe('account deletion', () => {
  it('leaves no file behind when the user row is deleted first', async () => {
    const leaving = await createUser(t.database, { role: 'candidate' });
    const leavingToken = await loginAs(t.app, leaving.email, leaving.password);
    await uploaded([kind('transcript'), file(pdfBytes('t'), 't.pdf')], leavingToken);
    await uploaded([kind('other'), file(await pngBytes(), 'o.png')], leavingToken);
    const { payload, headers } = await multipart([file(await pngBytes(20, 20), 'me.png')]);
    const avatar = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/avatar',
      payload,
      headers: { ...headers, ...bearer(leavingToken) },
    });
    expect(avatar.statusCode).toBe(200);
    const folder = join(t.config.dataDir, 'uploads', 'users', String(leaving.id));
    expect(readdirSync(folder, { recursive: true }).length).toBeGreaterThan(2);

    // As the account feature does it: rows go in one transaction, the files after it.
    await t.database.db.delete(users).where(eq(users.id, leaving.id));
    await deleteUserFiles(t, leaving.id);
    expect(() => readdirSync(folder)).toThrow(/ENOENT/);
    expect((await t.app.inject({ method: 'GET', url: avatar.json().avatar })).statusCode).toBe(404);
  });
});

describe('upload rate limit', () => {
  it('answers 429 past the limit per user', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_UPLOADS_PER_USER: '2/15m' } });
    try {
      const user = await createUser(limited.database, { role: 'candidate' });
      const userToken = await loginAs(limited.app, user.email, user.password);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { payload, headers } = await multipart([kind('other'), file(pdfBytes(), 'a.pdf')]);
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/candidate/documents',
          payload,
          headers: { ...headers, ...bearer(userToken) },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
