/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a built web app, at the
 * highest levels, so the server sends them as they are instead of compressing on each request.
 * Files too small to gain, and copies that would not be smaller, are left out.
 *
 *   node scripts/precompress.ts apps/web/dist
 */
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export function precompress(dir: string): { files: number; plain: number; brotli: number } {
  const totals = { files: 0, plain: 0, brotli: 0 };
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    for (const old of [`${file}.br`, `${file}.gz`]) {
      try {
        unlinkSync(old);
      } catch {
        // none yet
      }
    }
    if (statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.plain += body.length;
    totals.brotli += Math.min(br.length, body.length);
  }
  return totals;
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/precompress.ts <built web app folder>');
  const { files, plain, brotli } = precompress(dir);
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`precompressed ${files} files: ${kB(plain)} plain, ${kB(brotli)} brotli`);
}
