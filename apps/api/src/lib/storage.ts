import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import { AwsClient } from 'aws4fetch';

import type { Config, S3Config } from '../config/env.ts';

/**
 * Where uploaded bytes live. Keys are made by the server (`newStorageKey`), never taken from a
 * request, and every implementation refuses a key that is not of that form, so no key can
 * reach outside the store.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Writes the object whole, replacing any object of that key. A stream of known `byteSize`
   * (e.g. a document bundle's zip) is passed through as it comes, never held in memory.
   */
  put(
    key: string,
    body: Uint8Array | Readable,
    contentType: string,
    options?: { byteSize?: number },
  ): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes every object whose key starts with `folder/` (e.g. all of one user's files). */
  deleteFolder(folder: string): Promise<void>;
}

// Folders and a random name, with an optional extension: no dots elsewhere, so no `..`.
const KEY_PATTERN = /^[a-z][a-z0-9-]*(?:\/[A-Za-z0-9_-]+)+(?:\.[a-z0-9]{1,8})?$/;

export class InvalidStorageKeyError extends Error {}

export function assertStorageKey(key: string): string {
  if (key.length > 200 || !KEY_PATTERN.test(key)) {
    throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return key;
}

// A key's folder part: the same characters, no extension.
const FOLDER_PATTERN = /^[a-z][a-z0-9-]*(?:\/[A-Za-z0-9_-]+)*$/;

export function assertStorageFolder(folder: string): string {
  if (folder.length > 150 || !FOLDER_PATTERN.test(folder)) {
    throw new InvalidStorageKeyError(
      `Invalid storage folder: ${JSON.stringify(folder.slice(0, 80))}`,
    );
  }
  return folder;
}

export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key);
}

/** A new unguessable key in `folder` (128 random bits), e.g. `users/42/documents/3q2-7wR….pdf`. */
export function newStorageKey(folder: string, extension?: string): string {
  const name = randomBytes(16).toString('base64url');
  return assertStorageKey(`${folder}/${name}${extension ? `.${extension}` : ''}`);
}

/** Files under `root`, one file per key, written to a temporary name and renamed into place. */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);

  function inside(path: string): string {
    // The key patterns already rule traversal out; this is the belt to those braces.
    if (!path.startsWith(base + sep)) throw new InvalidStorageKeyError('Key escapes the store');
    return path;
  }
  const pathOf = (key: string) => inside(join(base, ...assertStorageKey(key).split('/')));

  return {
    kind: 'local',

    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        if (body instanceof Readable) {
          await pipeline(body, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
        } else {
          await writeFile(temporary, body, { flag: 'wx', mode: 0o600 });
        }
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      try {
        // Opened first, so a missing file is a null here and not a later stream error.
        const handle = await open(path, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async deleteFolder(folder) {
      const path = inside(join(base, ...assertStorageFolder(folder).split('/')));
      await rm(path, { recursive: true, force: true });
    },
  };
}

export class StorageError extends Error {}

/**
 * Objects in an S3-compatible bucket, through signed (SigV4) HTTP requests. Bodies are sent
 * with their length, never chunked: uploads (at most a few megabytes) are sent whole, and a
 * stream whose length is known beforehand is streamed, its payload unsigned (TLS protects it).
 */
export function createS3Storage(s3: S3Config, options: { listPageSize?: number } = {}): Storage {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    service: 's3',
    retries: 2,
  });
  const endpoint = new URL(s3.endpoint);
  const base = s3.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${s3.bucket}`
    : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
  const urlOf = (key: string) => `${base}/${assertStorageKey(key)}`;

  async function request(method: string, key: string, init: RequestInit = {}) {
    const response = await client.fetch(urlOf(key), { ...init, method });
    if (response.ok || response.status === 404) return response;
    const detail = (await response.text()).slice(0, 300);
    throw new StorageError(`S3 ${method} ${key} answered ${response.status}: ${detail}`);
  }

  return {
    kind: 's3',

    async put(key, body, contentType, options = {}) {
      if (body instanceof Readable && options.byteSize !== undefined) {
        const response = await request('PUT', key, {
          body: Readable.toWeb(body) as ReadableStream,
          headers: {
            'content-type': contentType,
            'content-length': String(options.byteSize),
            'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
          },
          // A streamed body cannot be sent a second time.
          ...({ duplex: 'half' } as object),
        });
        await response.body?.cancel();
        if (response.status === 404) throw new StorageError(`S3 bucket ${s3.bucket} not found`);
        return;
      }
      // A copy typed as a plain ArrayBuffer view, which fetch takes as a body.
      const bytes = new Uint8Array(
        body instanceof Readable ? Buffer.concat(await body.toArray()) : body,
      );
      const response = await request('PUT', key, {
        body: bytes,
        headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) },
      });
      await response.body?.cancel();
      if (response.status === 404) throw new StorageError(`S3 bucket ${s3.bucket} not found`);
    },

    async get(key) {
      const response = await request('GET', key);
      if (response.status === 404 || !response.body) {
        await response.body?.cancel();
        return null;
      }
      return Readable.fromWeb(response.body as WebReadableStream);
    },

    async delete(key) {
      const response = await request('DELETE', key);
      await response.body?.cancel();
    },

    async exists(key) {
      const response = await request('HEAD', key);
      await response.body?.cancel();
      return response.status !== 404;
    },

    async deleteFolder(folder) {
      const prefix = `${assertStorageFolder(folder)}/`;
      // List the first page (up to 1000 keys), delete it, and list again until the folder is
      // empty: S3 listings are strongly consistent, so no marker or continuation token is
      // needed, and the plain ListObjects every S3-compatible server has will do.
      for (;;) {
        const query = new URLSearchParams({ prefix });
        if (options.listPageSize) query.set('max-keys', String(options.listPageSize));
        const response = await client.fetch(`${base}?${query}`);
        const xml = await response.text();
        if (!response.ok) {
          throw new StorageError(
            `S3 list ${prefix} answered ${response.status}: ${xml.slice(0, 300)}`,
          );
        }
        // Our keys have no characters XML escapes; a key of any other form is not ours.
        const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '');
        if (keys.length === 0) return;
        const foreign = keys.find((key) => !isStorageKey(key));
        if (foreign !== undefined) {
          throw new StorageError(`S3 folder ${prefix} holds a key not made here: ${foreign}`);
        }
        for (const key of keys) await this.delete(key);
      }
    },
  };
}

/** The configured store: S3 when S3_BUCKET is set, else local disk under `${DATA_DIR}/uploads`. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(join(config.dataDir, 'uploads'));
}
