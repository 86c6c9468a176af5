// Guest first-load bundle size: the JavaScript a guest's browser downloads to show / .
//
//   npm run build && node bench/guest-bundle.ts
//
// Reads the Vite manifest of apps/web/dist and follows the entry (index.html) through its
// static imports, then adds the lazy chunk of the home route (src/app/routes/home.tsx) and
// its static imports, and the lazy modules the first visit loads at once. Each file is
// reported raw, gzipped with node:zlib (level 6) and as the brotli copy the build wrote beside
// it (what the server sends a browser that accepts it), in kB (1 kB = 1000 bytes). The budget,
// 170 kB of JavaScript as sent, applies to the brotli sizes; going over is reported, never a
// failure (a benchmark is not a test).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const HOME_ROUTE = 'src/app/routes/home.tsx';
/**
 * Lazy modules a first visit of / loads as soon as it runs: the home page's featured list (below
 * the fold, but fetched at once unless the browser asks to save data), and the service worker's
 * registration with workbox-window. Without them this bench read less than the browser fetches.
 */
const FIRST_VISIT_LAZY = [
  'src/features/opportunities/components/featured-opportunities.tsx',
  'src/features/pwa/components/update-prompt.tsx',
  '../../node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
];

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST points at another build (the server reads the same variable).
const dist = process.env.WEB_DIST || join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${manifestPath}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
const homeKey = Object.keys(manifest).find((key) => manifest[key]!.src === HOME_ROUTE);
if (!entryKey || !homeKey) {
  console.error(`The manifest has no ${entryKey ? HOME_ROUTE + ' chunk' : 'entry'}.`);
  process.exit(1);
}

/** Why each file is loaded: the entry, a static import, or the home route's lazy chunk. */
const reasons = new Map<string, string>();
const files: string[] = [];

function visit(key: string, reason: string) {
  const chunk = manifest[key];
  if (!chunk || reasons.has(chunk.file)) return;
  // Chunk files are named by hash alone; the manifest keeps the name of the module behind each.
  reasons.set(chunk.file, `${reason}${chunk.name ? ` (${chunk.name})` : ''}`);
  files.push(chunk.file);
  for (const css of chunk.css ?? []) {
    if (!reasons.has(css)) {
      reasons.set(css, `css of ${chunk.file}`);
      files.push(css);
    }
  }
  for (const imported of chunk.imports ?? []) visit(imported, 'static import');
}

visit(entryKey, 'entry');
visit(homeKey, 'home route (lazy)');
for (const key of FIRST_VISIT_LAZY) {
  if (manifest[key]) visit(key, 'loaded at once (lazy)');
  else console.error(`The manifest has no ${key}: this bench's list of lazy modules is stale.`);
}

const rows = files.map((file) => {
  const bytes = readFileSync(join(dist, file));
  const gzip = gzipSync(bytes, { level: constants.Z_DEFAULT_COMPRESSION }).length;
  // What the server sends a browser: the brotli copy the build wrote beside the file.
  const brPath = join(dist, `${file}.br`);
  const br = existsSync(brPath) ? readFileSync(brPath).length : gzip;
  return { file, reason: reasons.get(file)!, raw: bytes.length, gzip, br };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kB = (n: number) => (n / 1000).toFixed(2);
const width = Math.max(...rows.map((row) => row.file.length), 4);
console.log(`Guest first page (/): ${rows.length} files from ${dist}\n`);
console.log(
  `${'file'.padEnd(width)}  ${'raw kB'.padStart(9)}  ${'gzip kB'.padStart(9)}  ${'br kB'.padStart(9)}  loaded as`,
);
for (const row of rows) {
  console.log(
    `${row.file.padEnd(width)}  ${kB(row.raw).padStart(9)}  ${kB(row.gzip).padStart(9)}  ${kB(row.br).padStart(9)}  ${row.reason}`,
  );
}
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
const totalGzip = rows.reduce((sum, row) => sum + row.gzip, 0);
const jsSent = rows.filter((row) => row.file.endsWith('.js')).reduce((sum, row) => sum + row.br, 0);
const totalBr = rows.reduce((sum, row) => sum + row.br, 0);
console.log(
  `${'total'.padEnd(width)}  ${kB(totalRaw).padStart(9)}  ${kB(totalGzip).padStart(9)}  ${kB(totalBr).padStart(9)}`,
);
console.log(
  `\n${rows.length} files, ${kB(totalBr)} kB as sent (bodies only: bench/over-the-wire.ts adds the page, the headers and the API).`,
);
console.log(
  `\nJavaScript as sent (brotli): ${kB(jsSent)} kB of a ${BUDGET_KB} kB budget: ${
    jsSent <= BUDGET_KB * 1000
      ? `${kB(BUDGET_KB * 1000 - jsSent)} kB to spare`
      : `OVER by ${kB(jsSent - BUDGET_KB * 1000)} kB`
  }.`,
);
