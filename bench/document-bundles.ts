// A document bundle of 500 applicants, each with a ~200 kB document: time and memory.
//
//   node --expose-gc bench/document-bundles.ts       # embedded PostgreSQL (PGlite)
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     node --expose-gc bench/document-bundles.ts     # a PostgreSQL server (a scratch database)
//
// The bundle is requested over HTTP (POST client/document_bundles) with jobs run inline, so
// the request returns when the zip is in storage (local disk) and the link is mailed. While it
// runs, the process's resident set size (RSS) and V8 heap are sampled every 10 ms; the growth
// over the level before the request is compared with the zip's size, which is what holding
// the zip in memory would cost at least (the baseline). Repeated RUNS times.
// A benchmark is not a test: it reports, it never fails on a time or a size.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { eq } from 'drizzle-orm';

import * as s from '../apps/api/src/db/schema/index.ts';
import { createStorage } from '../apps/api/src/lib/storage.ts';
import { bearer, createTestApp, createUser, loginAs } from '../apps/api/src/test/build-app.ts';
import { createOpportunities } from '../apps/api/src/test/factories.ts';
import { testDbTarget } from '../apps/api/src/test/db.ts';
import { median } from './stats.ts';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 500);
const DOCUMENT_BYTES = 200 * 1024;
const RUNS = 5;
const MB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;

const fmt = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function main() {
  if (!gc) console.warn('Run with --expose-gc for a steady starting level.');
  const t = await createTestApp();
  const db = t.database.db;
  const storage = createStorage(t.config);
  try {
    const primary = await createUser(t.database, { role: 'client', primary: true });
    const [opportunity] = await createOpportunities(t.database, [
      { organizationId: primary.organizationId!, name: 'Bench Programme' },
    ]);
    const token = await loginAs(t.app, primary.email, primary.password);

    // 500 candidates, each with one document (random bytes, so the sizes are real) and an
    // application; written straight to the database and the store.
    const setup = performance.now();
    const candidates = await db
      .insert(s.users)
      .values(
        Array.from({ length: APPLICANTS }, (_, i) => ({
          email: `bench-candidate-${i}-${Date.now()}@example.test`,
          role: 'candidate' as const,
          firstName: `First${i}`,
          lastName: `Last${String(i).padStart(3, '0')}`,
          confirmedAt: new Date(),
        })),
      )
      .returning({ id: s.users.id });
    let stored = 0;
    for (const [i, candidate] of candidates.entries()) {
      const key = `users/${candidate.id}/documents/${randomBytes(16).toString('base64url')}.pdf`;
      await storage.put(key, randomBytes(DOCUMENT_BYTES), 'application/pdf');
      stored += DOCUMENT_BYTES;
      await db.insert(s.documents).values({
        userId: candidate.id,
        kind: 'transcript',
        storageKey: key,
        originalName: `transcript ${i}.pdf`,
        contentType: 'application/pdf',
        byteSize: DOCUMENT_BYTES,
        sha256: '0'.repeat(64),
      });
    }
    const applications = await db
      .insert(s.applications)
      .values(candidates.map((c) => ({ candidateId: c.id, opportunityId: opportunity!.id })))
      .returning({ id: s.applications.id });
    console.log(
      `database ${testDbTarget}; ${APPLICANTS} applicants, ${fmt(stored)} of documents ` +
        `(set up in ${((performance.now() - setup) / 1000).toFixed(1)} s)`,
    );

    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/document_bundles',
        headers: bearer(token),
        payload: {
          bundle: {
            opportunityId: opportunity!.id,
            applicationIds: applications.map((a) => a.id),
            documentKinds: ['transcript'],
          },
        },
      });
    /** Requests a bundle, checks it is ready, removes its zip; returns the zip's size. */
    const bundleOnce = async () => {
      const res = await request();
      if (res.statusCode !== 202) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
      const [bundle] = await db
        .select()
        .from(s.documentBundles)
        .where(eq(s.documentBundles.id, res.json().id));
      if (bundle?.status !== 'ready') throw new Error(`bundle ${bundle?.status}: ${bundle?.error}`);
      await storage.delete(bundle.storageKey!);
      return bundle.byteSize!;
    };

    const rows: { ms: number; zip: number; rss: number; heap: number; buffers: number }[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      let peakBuffers = before.arrayBuffers;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
      }, 10);
      const started = performance.now();
      const zip = await bundleOnce();
      const ms = performance.now() - started;
      clearInterval(sampler);
      const row = {
        ms,
        zip,
        rss: peakRss - before.rss,
        heap: peakHeap - before.heapUsed,
        buffers: peakBuffers - before.arrayBuffers,
      };
      rows.push(row);
      console.log(
        `run ${run}: ${(ms / 1000).toFixed(2)} s, zip ${fmt(row.zip)}, ` +
          `RSS +${fmt(row.rss)} (from ${fmt(before.rss)}), heap +${fmt(row.heap)}, ` +
          `buffers +${fmt(row.buffers)}`,
      );
    }

    // What is really retained while the zip is written, as opposed to garbage not yet
    // collected: one more run, collecting every 50 ms and sampling right after.
    if (gc) {
      gc();
      const before = process.memoryUsage();
      let retainedHeap = 0;
      let retainedBuffers = 0;
      const sampler = setInterval(() => {
        gc();
        const now = process.memoryUsage();
        retainedHeap = Math.max(retainedHeap, now.heapUsed - before.heapUsed);
        retainedBuffers = Math.max(retainedBuffers, now.arrayBuffers - before.arrayBuffers);
      }, 50);
      await bundleOnce();
      clearInterval(sampler);
      console.log(
        `retained while writing (collected every 50 ms): heap +${fmt(retainedHeap)}, ` +
          `buffers +${fmt(retainedBuffers)}`,
      );
    }
    const zip = rows[0]!.zip;
    const rss = rows.map((r) => r.rss);
    console.log(
      `\nmedian ${(median(rows.map((r) => r.ms)) / 1000).toFixed(2)} s; ` +
        `RSS growth median ${fmt(median(rss))}, max ${fmt(Math.max(...rss))}; ` +
        `zip ${fmt(zip)} (the baseline): max growth is ${((Math.max(...rss) / zip) * 100).toFixed(1)} % of it`,
    );
  } finally {
    await t.close();
  }
}

await main();
