import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applications, documentBundles, users } from '../../db/schema/index.ts';
import { createStorage } from '../../lib/storage.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createPeople } from '../../test/principals.ts';
import { unzip } from '../../test/unzip.ts';
import { multipart, pdfBytes, pngBytes } from '../../test/uploads.ts';

// A bundle with the files in an S3-compatible bucket (s3rver, in process): the documents are
// read from the bucket and the zip is streamed into it as one PUT of known length.
let s3: S3rver;
let s3Dir: string;
let t: TestApp;

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
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('document bundles in S3', () => {
  it('zips the documents from the bucket into the bucket, and the link downloads it', async () => {
    const p = await createPeople(t);
    const opportunityId = p.a.opportunityId;
    const candidate = p.users.candidate;
    await t.database.db
      .update(users)
      .set({ firstName: 'Lindiwe', lastName: 'Sisulu' })
      .where(eq(users.id, candidate.id));
    const pdf = pdfBytes('from the bucket');
    const png = await pngBytes(5, 5);
    for (const [kind, name, bytes] of [
      ['transcript', 'marks.pdf', pdf],
      ['identity_document', 'id.png', png],
    ] as const) {
      const { payload, headers } = await multipart([
        { name: 'kind', value: kind },
        { name: 'file', value: bytes, fileName: name },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/candidate/documents',
        payload,
        headers: { ...headers, ...p.byWho.candidate.headers },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [application] = await t.database.db
      .insert(applications)
      .values({ candidateId: candidate.id, opportunityId })
      .returning();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/document_bundles',
      headers: p.byWho.primary.headers,
      payload: {
        bundle: {
          opportunityId,
          applicationIds: [application!.id],
          documentKinds: ['identity_document', 'transcript'],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await t.database.db
      .select()
      .from(documentBundles)
      .where(eq(documentBundles.id, res.json().id));
    expect(row!.status).toBe('ready');
    expect(await createStorage(t.config).exists(row!.storageKey!)).toBe(true);
    expect(existsSync(join(t.config.dataDir, 'uploads'))).toBe(false);

    const link = /http:\/\/pathways\.test(\/api\/client\/document_bundles\/\S+)/.exec(
      (await t.mails()).at(-1)!.text,
    )![1]!;
    const zip = await t.app.inject({ method: 'GET', url: link });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.length).toBe(row!.byteSize);
    const entries = await unzip(zip.rawPayload);
    const folder = `Sisulu Lindiwe - #${application!.id}`;
    expect([...entries.keys()]).toEqual([
      'Contents.txt',
      `${folder}/Identity document - id.png`,
      `${folder}/Transcript - marks.pdf`,
    ]);
    expect(entries.get(`${folder}/Identity document - id.png`)!.equals(png)).toBe(true);
    expect(entries.get(`${folder}/Transcript - marks.pdf`)!.equals(pdf)).toBe(true);
  });
});
