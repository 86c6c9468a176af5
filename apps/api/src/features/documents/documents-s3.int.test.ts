import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { avatarResponse, documentItem } from '@pathways/shared/documents/documents.schemas';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStorage } from '../../lib/storage.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import * as repo from './documents.repository.ts';
import { deleteUserFiles } from './index.ts';
import { jpegBytes, multipart, pdfBytes } from '../../test/uploads.ts';

// The same endpoints with the files in an S3-compatible bucket (s3rver, in process).
let s3: S3rver;
let s3Dir: string;
let t: TestApp;
let token: string;
let userId: number;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'pathways-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'uploads', configs: [] }],
  });
  const { address, port } = await s3.run();
  t = await createTestApp({
    env: {
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: `http://${address}:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  const user = await createUser(t.database, { role: 'candidate' });
  userId = user.id;
  token = await loginAs(t.app, user.email, user.password);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

async function send(
  method: 'POST' | 'PUT',
  url: string,
  parts: Parameters<typeof multipart>[0],
  as = token,
) {
  const { payload, headers } = await multipart(parts);
  return t.app.inject({ method, url, payload, headers: { ...headers, ...bearer(as) } });
}

describe('documents and avatars in S3', () => {
  it('uploads, downloads, replaces and deletes through the bucket', async () => {
    const storage = createStorage(t.config);
    expect(storage.kind).toBe('s3');
    const pdf = pdfBytes('in the bucket');
    const res = await send('POST', '/api/candidate/documents', [
      { name: 'kind', value: 'transcript' },
      { name: 'file', value: pdf, fileName: 'transcript.pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const doc = documentItem.parse(res.json());
    const [row] = await repo.listByUser(t.database.db, userId);
    expect(await storage.exists(row!.storageKey)).toBe(true);
    expect(existsSync(join(t.config.dataDir, 'uploads'))).toBe(false);

    const download = await t.app.inject({
      method: 'GET',
      url: doc.downloadUrl,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const replaced = await send('POST', '/api/candidate/documents', [
      { name: 'kind', value: 'transcript' },
      { name: 'file', value: pdfBytes('newer'), fileName: 'transcript.pdf' },
    ]);
    expect(replaced.statusCode).toBe(201);
    expect(await storage.exists(row!.storageKey)).toBe(false);

    const { id } = documentItem.parse(replaced.json());
    const [newer] = await repo.listByUser(t.database.db, userId);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/candidate/documents/${id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storage.exists(newer!.storageKey)).toBe(false);
  });

  it('stores and serves the avatar, and deleteUserFiles empties the bucket of the user', async () => {
    // A candidate of its own, whose only document is the one stored here.
    const user = await createUser(t.database, { role: 'candidate' });
    const own = await loginAs(t.app, user.email, user.password);
    const res = await send(
      'PUT',
      '/api/candidate/avatar',
      [{ name: 'file', value: await jpegBytes(900, 600), fileName: 'me.jpg' }],
      own,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { avatar } = avatarResponse.parse(res.json());
    const image = await t.app.inject({ method: 'GET', url: avatar });
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });

    await send(
      'POST',
      '/api/candidate/documents',
      [
        { name: 'kind', value: 'other' },
        { name: 'file', value: pdfBytes(), fileName: 'x.pdf' },
      ],
      own,
    );
    const [row] = await repo.listByUser(t.database.db, user.id);
    await deleteUserFiles(t, user.id);
    expect(await createStorage(t.config).exists(row!.storageKey)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
  });
});
