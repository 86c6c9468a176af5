import { PassThrough, type Readable } from 'node:stream';

import { ZipFile } from 'yazl';

// One zip written as a stream: entries are opened one at a time, only when the zip reaches
// them, and their bytes pass straight through (stored, not deflated: PDFs, JPEGs and PNGs are
// compressed already), so neither the zip nor the files are ever held in memory whole.

export type ZipItem =
  | { type: 'folder'; path: string; mtime: Date }
  | { type: 'file'; path: string; mtime: Date; size: number; open(): Promise<Readable> };

export interface ZipStream {
  /** The zip's bytes; it fails (is destroyed) when an entry cannot be read or is not its size. */
  stream: Readable;
  /** The zip's exact size in bytes, known before the bytes are written. */
  size: Promise<number>;
}

export function zipStream(items: readonly ZipItem[]): ZipStream {
  const zip = new ZipFile();
  const output = new PassThrough();
  const fail = (error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(output);

  for (const item of items) {
    if (item.type === 'folder') {
      zip.addEmptyDirectory(item.path, { mtime: item.mtime });
      continue;
    }
    zip.addReadStreamLazy(
      item.path,
      { mtime: item.mtime, compress: false, size: item.size },
      (callback) => {
        if (output.destroyed) return;
        item.open().then(
          (stream) => {
            stream.on('error', fail);
            callback(null, stream);
          },
          (error: unknown) => callback(error, undefined as never),
        );
      },
    );
  }
  const size = new Promise<number>((resolve) => {
    (zip.end as (options: undefined, sized: (n: number) => void) => void)(undefined, resolve);
  });
  return { stream: output, size };
}
