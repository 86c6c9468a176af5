import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

// A zip reader for tests (yauzl, a reader independent of the writer): every entry's name and
// bytes, in the order the zip lists them; folders end with "/" and have no bytes.

export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(
      zip,
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true },
      (error, file) => (error ? reject(error) : resolve(file)),
    ),
  );
  const entries = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve(entries));
    archive.on('entry', (entry: Entry) => {
      if (entry.fileName.endsWith('/')) {
        entries.set(entry.fileName, Buffer.alloc(0));
        archive.readEntry();
        return;
      }
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
}
