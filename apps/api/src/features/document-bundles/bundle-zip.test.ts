import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

import { describe, expect, it } from 'vitest';

import { unzip } from '../../test/unzip.ts';
import { zipStream, type ZipItem } from './bundle-zip.ts';

const mtime = new Date('2026-11-24T10:00:00Z');

/** A file entry whose stream is made when the zip reaches it; `opened` records the order. */
function file(
  path: string,
  bytes: Buffer,
  opened: string[] = [],
  streams: Readable[] = [],
): ZipItem {
  return {
    type: 'file',
    path,
    mtime,
    size: bytes.length,
    async open() {
      opened.push(path);
      // Chunks of 1 kB, so a large file is read over many turns.
      const chunks = Array.from({ length: Math.ceil(bytes.length / 1024) }, (_, i) =>
        bytes.subarray(i * 1024, (i + 1) * 1024),
      );
      const stream = Readable.from(chunks, { objectMode: false });
      streams.push(stream);
      return stream;
    },
  };
}

describe('zipStream', () => {
  it('writes the entries in order, byte for byte, and knows its size beforehand', async () => {
    const a = Buffer.from('first file');
    const b = Buffer.alloc(50_000, 7);
    const zip = zipStream([
      file('One - #1/a.txt', a),
      { type: 'folder', path: 'Two - #2/', mtime },
      file('Three - #3/b.bin', b),
    ]);
    const size = await zip.size;
    const bytes = await buffer(zip.stream);
    expect(bytes.length).toBe(size);
    const entries = await unzip(bytes);
    expect([...entries.keys()]).toEqual(['One - #1/a.txt', 'Two - #2/', 'Three - #3/b.bin']);
    expect(entries.get('One - #1/a.txt')!.equals(a)).toBe(true);
    expect(entries.get('Three - #3/b.bin')!.equals(b)).toBe(true);
  });

  it('opens each file only when the zip reaches it', async () => {
    const opened: string[] = [];
    const zip = zipStream([
      file('a', Buffer.alloc(2_000_000), opened),
      file('b', Buffer.alloc(10), opened),
    ]);
    // The first is reached at once; the second waits until the first has been read.
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened).toEqual(['a']);
    await buffer(zip.stream);
    expect(opened).toEqual(['a', 'b']);
  });

  it('fails when a file cannot be opened, and opens none after it', async () => {
    const opened: string[] = [];
    const zip = zipStream([
      file('a', Buffer.alloc(10), opened),
      { type: 'file', path: 'b', mtime, size: 1, open: () => Promise.reject(new Error('gone')) },
      file('c', Buffer.alloc(10), opened),
    ]);
    await expect(buffer(zip.stream)).rejects.toThrow('gone');
    expect(opened).toEqual(['a']);
  });

  it('fails when a file is not the size it was said to be', async () => {
    const zip = zipStream([{ ...file('a', Buffer.alloc(10)), size: 11 } as ZipItem]);
    await expect(buffer(zip.stream)).rejects.toThrow('unexpected number of bytes');
  });

  it('closes the file being read when its reader goes away', async () => {
    const streams: Readable[] = [];
    const zip = zipStream([file('big', Buffer.alloc(1_000_000), [], streams)]);
    // Read a little, without letting the zip flow, then walk away.
    await new Promise((resolve) => zip.stream.once('readable', resolve));
    expect(zip.stream.read(100)).not.toBeNull();
    // The zip reads on until its buffer is full again, then waits for its reader.
    while (zip.stream.readableLength < zip.stream.readableHighWaterMark) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(streams).toHaveLength(1);
    expect(streams[0]!.readableEnded).toBe(false);
    zip.stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(streams[0]!.destroyed).toBe(true);
  });
});
