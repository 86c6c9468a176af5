import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  assertStorageKey,
  createLocalStorage,
  createS3Storage,
  createStorage,
  InvalidStorageKeyError,
  newStorageKey,
  type Storage,
} from './storage.ts';

const read = async (stream: Readable | null) =>
  stream ? Buffer.concat(await stream.toArray()) : null;

let dir: string;
let s3: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pathways-storage-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'pathways-test', configs: [] }],
  });
  const { address, port } = await s3.run();
  s3Endpoint = `http://${address}:${port}`;
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const s3Config = () => ({
  bucket: 'pathways-test',
  endpoint: s3Endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

describe('storage keys', () => {
  it('are made by the server: a folder and 128 random bits', () => {
    const a = newStorageKey('documents', 'pdf');
    expect(a).toMatch(/^documents\/[A-Za-z0-9_-]{22}\.pdf$/);
    expect(newStorageKey('documents', 'pdf')).not.toBe(a);
    expect(newStorageKey('avatars')).toMatch(/^avatars\/[A-Za-z0-9_-]{22}$/);
  });

  it.each([
    '../secret',
    'documents/../../etc/passwd',
    'documents/..',
    '/etc/passwd',
    'documents//x',
    'documents/x/',
    'documents\\x',
    'documents/x.tar.gz',
    'documents/%2e%2e',
    'Documents/x',
    'documents',
    '',
    `documents/${'a'.repeat(300)}`,
  ])('refuse %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow(InvalidStorageKeyError);
  });
});

const contract = (name: string, make: () => Storage) =>
  describe(`${name} storage`, () => {
    it('puts, gets, checks and deletes objects', async () => {
      const storage = make();
      const key = newStorageKey('documents', 'pdf');
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await storage.put(key, Buffer.from('%PDF-1 bytes'), 'application/pdf');
      expect(await storage.exists(key)).toBe(true);
      expect((await read(await storage.get(key)))?.toString()).toBe('%PDF-1 bytes');
      await storage.put(key, Buffer.from('replaced'), 'application/pdf');
      expect((await read(await storage.get(key)))?.toString()).toBe('replaced');
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key); // deleting what is gone is fine
    });

    it('takes a stream and keeps binary content exact', async () => {
      const storage = make();
      const key = newStorageKey('avatars', 'webp');
      const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
      await storage.put(
        key,
        Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
        'image/webp',
      );
      expect((await read(await storage.get(key)))?.equals(bytes)).toBe(true);
      await storage.delete(key);
    });

    it('deletes a folder, and nothing outside it', async () => {
      const storage = make();
      const mine = [
        newStorageKey('users/7/documents', 'pdf'),
        newStorageKey('users/7/avatars', 'webp'),
      ];
      const theirs = newStorageKey('users/70/documents', 'pdf');
      for (const key of [...mine, theirs]) await storage.put(key, Buffer.from(key), 'text/plain');
      await storage.deleteFolder('users/7');
      for (const key of mine) expect(await storage.exists(key)).toBe(false);
      expect(await storage.exists(theirs)).toBe(true);
      await storage.deleteFolder('users/7'); // an empty or missing folder is fine
      await storage.deleteFolder('users/70');
      expect(await storage.exists(theirs)).toBe(false);
    });

    it('deletes folders of more than one listing page', async () => {
      const storage = make();
      const keys = Array.from({ length: 5 }, () => newStorageKey('users/8/documents', 'pdf'));
      for (const key of keys) await storage.put(key, Buffer.from('x'), 'application/pdf');
      await storage.deleteFolder('users/8');
      for (const key of keys) expect(await storage.exists(key)).toBe(false);
    });

    it('refuses keys it did not make', async () => {
      const storage = make();
      await expect(storage.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(
        InvalidStorageKeyError,
      );
      await expect(storage.get('documents/../../x')).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete('/etc/passwd')).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.exists('..')).rejects.toThrow(InvalidStorageKeyError);
      for (const folder of ['', '..', '../x', 'users/', 'users/../..', '/users', 'users/7/x.pdf']) {
        await expect(storage.deleteFolder(folder), folder).rejects.toThrow(InvalidStorageKeyError);
      }
    });
  });

contract('local', () => createLocalStorage(join(dir, 'local')));
// A listing page of two keys, so deleting a folder has to follow continuation tokens.
contract('S3', () => createS3Storage(s3Config(), { listPageSize: 2 }));

describe('local storage on disk', () => {
  it('writes under DATA_DIR/uploads, leaving no temporary files', async () => {
    const storage = createStorage({ dataDir: join(dir, 'data') });
    expect(storage.kind).toBe('local');
    const key = newStorageKey('documents', 'png');
    await storage.put(key, Buffer.from('png'), 'image/png');
    expect(readdirSync(join(dir, 'data', 'uploads', 'documents'))).toEqual([key.split('/')[1]]);
  });

  it('removes the partial file when a stream fails', async () => {
    const storage = createLocalStorage(join(dir, 'failing'));
    const key = newStorageKey('documents', 'pdf');
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put(key, failing, 'application/pdf')).rejects.toThrow('connection lost');
    expect(readdirSync(join(dir, 'failing', 'documents'))).toEqual([]);
  });
});

describe('S3 storage', () => {
  it('is chosen when S3 is configured', () => {
    expect(createStorage({ dataDir: dir, s3: s3Config() }).kind).toBe('s3');
  });

  it('reports a missing bucket as an error, not as a missing object', async () => {
    const storage = createS3Storage({ ...s3Config(), bucket: 'no-such-bucket' });
    await expect(
      storage.put(newStorageKey('documents', 'pdf'), Buffer.from('x'), 'application/pdf'),
    ).rejects.toThrow(/not found|NoSuchBucket/);
  });
});
