import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import {
  avatarResponse,
  documentMessages,
  MAX_UPLOAD_BYTES,
} from '@pathways/shared/documents/documents.schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { deleteUserFiles } from './index.ts';
import {
  gifBytes,
  multipart,
  pdfBytes,
  pngBytes,
  webpBytes,
  type Part,
} from '../../test/uploads.ts';

let t: TestApp;
let candidate: Awaited<ReturnType<typeof createUser>>;
let token: string;
let clientToken: string;

beforeAll(async () => {
  t = await createTestApp();
  candidate = await createUser(t.database, { role: 'candidate' });
  const client = await createUser(t.database, { role: 'client' });
  token = await loginAs(t.app, candidate.email, candidate.password);
  clientToken = await loginAs(t.app, client.email, client.password);
});
afterAll(async () => {
  await t?.close();
});

const storedAvatars = () => {
  try {
    return readdirSync(join(t.config.dataDir, 'uploads', 'users', String(candidate.id), 'avatars'));
  } catch {
    return [];
  }
};

async function putAvatar(parts: Part[], as = token) {
  const { payload, headers } = await multipart(parts);
  return t.app.inject({
    method: 'PUT',
    url: '/api/candidate/avatar',
    payload,
    headers: { ...headers, ...bearer(as) },
  });
}
const file = (value: Uint8Array, fileName = 'me.jpg', type = 'image/jpeg'): Part => ({
  name: 'file',
  value,
  fileName,
  type,
});

async function setAvatar(bytes: Uint8Array, name = 'me.jpg'): Promise<string> {
  const res = await putAvatar([file(bytes, name, 'application/octet-stream')]);
  expect(res.statusCode, res.body).toBe(200);
  return avatarResponse.parse(res.json()).avatar;
}

const ownAvatar = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/candidate/candidate', headers: bearer(token) })
  ).json().avatar as string | null;

/** A camera-like JPEG: large, with EXIF (camera, owner, GPS position) and XMP. */
async function cameraJpeg(width: number, height: number, orientation?: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Camera 9', Artist: 'Thandi Secret' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 30/1', GPSLongitudeRef: 'E' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Thandi Secret"/></rdf:RDF></x:xmpmeta>',
    )
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
}

describe('avatar upload', () => {
  it('resizes to 400×400 WebP and strips every piece of metadata', async () => {
    const input = await cameraJpeg(1200, 800);
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(input.includes('Thandi Secret')).toBe(true);

    const avatar = await setAvatar(input);
    expect(avatar).toMatch(new RegExp(`^/api/avatars/${candidate.id}-[A-Za-z0-9_-]{22}\\.webp$`));
    expect(await ownAvatar()).toBe(avatar);

    const res = await t.app.inject({ method: 'GET', url: avatar }); // public: no token
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const out = await sharp(res.rawPayload).metadata();
    expect(out).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(out.exif).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(out.icc).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    for (const secret of ['Thandi Secret', 'Secret Camera', 'PhoneMaker', 'Exif', 'GPS']) {
      expect(res.rawPayload.includes(secret)).toBe(false);
    }
  });

  it('never enlarges a small picture, only crops it square, and turns it upright', async () => {
    const small = await sharp(await setAvatarBytes(await pngBytes(100, 50), 'a.png')).metadata();
    expect(small).toMatchObject({ width: 50, height: 50 });
    // 600×300 stored sideways (EXIF orientation 6): upright it is 300×600, so 300×300.
    const turned = await sharp(await setAvatarBytes(await cameraJpeg(600, 300, 6))).metadata();
    expect(turned).toMatchObject({ width: 300, height: 300 });
    const webp = await sharp(await setAvatarBytes(await webpBytes(500, 900), 'a.webp')).metadata();
    expect(webp).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('replaces the previous picture and deletes it', async () => {
    const first = await setAvatar(await pngBytes(10, 10));
    const second = await setAvatar(await pngBytes(20, 20));
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(storedAvatars()).toHaveLength(1);
  });

  it('removes the picture', async () => {
    const avatar = await setAvatar(await pngBytes(10, 10));
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/avatar',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(204);
    expect(await ownAvatar()).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    expect(storedAvatars()).toHaveLength(0);
    // Removing no picture is fine too.
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/avatar',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(204);
  });

  it('refuses what is not a JPEG, PNG or WebP image, by content', async () => {
    const cases: [Uint8Array, string, string][] = [
      [pdfBytes(), 'me.jpg', 'image/jpeg'],
      [await gifBytes(), 'me.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.png', 'image/png'],
      [Buffer.from('MZ\x90\x00'), 'me.jpg', 'image/jpeg'],
      [
        Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(40, 1)]),
        'x.png',
        'image/png',
      ],
      [(await pngBytes(50, 50)).subarray(0, 40), 'cut.png', 'image/png'],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await putAvatar([file(bytes, name, type)]);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors).toEqual({ file: [documentMessages.avatarType] });
    }
    const empty = await putAvatar([file(new Uint8Array())]);
    expect(empty.json().errors).toEqual({ file: [documentMessages.fileEmpty] });
    const missing = await putAvatar([{ name: 'note', value: 'x' }]);
    expect(missing.json().errors).toEqual({ file: [documentMessages.fileRequired] });
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/avatar',
      payload: { file: 'x' },
      headers: bearer(token),
    });
    expect(json.statusCode).toBe(422);
  });

  it('refuses a picture over 10 MiB with 413', async () => {
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await putAvatar([file(big, 'big.png', 'image/png')]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ file: [documentMessages.fileTooLarge] });
  });

  it('refuses a decompression bomb without trying to decode it', async () => {
    // 7 100 × 7 100 pixels (over 50 megapixels) of one colour: a 160 kB file that would
    // decode to 150 MB.
    const bomb = await sharp({
      create: { width: 7100, height: 7100, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const res = await putAvatar([file(bomb, 'bomb.png', 'image/png')]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [documentMessages.imageTooLarge] });
  });
});

describe('avatar files', () => {
  it('answers 404 for unknown and malformed names', async () => {
    for (const url of [
      '/api/avatars/1-AAAAAAAAAAAAAAAAAAAAAA.webp',
      '/api/avatars/AAAAAAAAAAAAAAAAAAAAAA.webp',
      `/api/avatars/${candidate.id}-AAAAAAAAAAAAAAAAAAAAAA.webp`,
      '/api/avatars/nope.webp',
      '/api/avatars/..%2F..%2Fjwt-secret',
      '/api/avatars/%2E%2E%2Fdocuments%2Fx.pdf',
      '/api/avatars/1-AAAAAAAAAAAAAAAAAAAAAA.png',
      '/api/avatars/1-..%2F..%2F..%2Fjwt-secret.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('lets only candidates change an avatar', async () => {
    const asClient = await putAvatar([file(await pngBytes())], clientToken);
    expect(asClient.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/candidate/avatar',
      headers: bearer(clientToken),
    });
    expect(del.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'DELETE', url: '/api/candidate/avatar' });
    expect(guest.statusCode).toBe(401);
  });

  it('is removed with the rest of the user’s files', async () => {
    const avatar = await setAvatar(await pngBytes(10, 10));
    await deleteUserFiles(t, candidate.id);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
  });
});

async function setAvatarBytes(bytes: Uint8Array, name = 'me.jpg'): Promise<Buffer> {
  const avatar = await setAvatar(bytes, name);
  return (await t.app.inject({ method: 'GET', url: avatar })).rawPayload;
}
