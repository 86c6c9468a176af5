// The plans of the analytics questions at national size: each statement a question runs, with
// EXPLAIN (ANALYZE, BUFFERS) as PostgreSQL's auto_explain reports it, for finding where the time
// of a slow question goes.
//
//   SCALE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a copy of your own> \
//     ONLY='timeInPhase × city' npm run bench:analytics-explain
//
// MIN_MS (default 0): only statements that took at least this long. The questions are those of
// bench/analytics-questions.ts; ONLY picks them by a part of their name, as there.
import type pg from 'pg';

import type { Actor } from '../apps/api/src/plugins/access.ts';
import { createAnalyticsService } from '../apps/api/src/features/analytics/analytics.service.ts';
import { createTestApp } from '../apps/api/src/test/build-app.ts';
import { analyticsQuestions } from './analytics-questions.ts';
import { connect, notable, SCALE_DATABASE_URL } from './scale/database.ts';

const minMs = Number(process.env.MIN_MS ?? 0);
// Every connection loads auto_explain as it opens, and reports each plan to the client.
const settings = [
  'session_preload_libraries=auto_explain',
  `auto_explain.log_min_duration=${minMs}`,
  'auto_explain.log_analyze=on',
  'auto_explain.log_buffers=on',
  'auto_explain.log_level=notice',
]
  .map((s) => `-c ${s}`)
  .join(' ');
const url = new URL(SCALE_DATABASE_URL);
url.searchParams.set('options', settings);
const database = await connect({ max: 4, url: url.toString() });
await database.migrate();
const ids = await notable(database);
let printing = false;
const report = (client: pg.ClientBase) =>
  client.on('notice', (n) => {
    if (printing && n.message?.includes('duration')) console.log(`\n${n.message}\n`);
  });
// The connections opened so far (migrating, finding the ids), and every one opened later.
for (const client of (database.pool as unknown as { _clients: pg.ClientBase[] })._clients) {
  report(client);
}
database.pool!.on('connect', report);

const t = await createTestApp({ database: { ...database, drop: () => database.close() } });
try {
  const service = createAnalyticsService({
    db: database.db,
    now: () => new Date(),
    mailer: undefined as never,
    log: t.app.log,
    config: t.config,
  });
  const actor: Actor = {
    userId: ids.bigOrganizationClient.id,
    role: 'client',
    primary: true,
    sessionId: 'explain',
    sessionExpiresAt: new Date(Date.now() + 86_400_000),
  };
  const only = process.env.ONLY ?? '';
  for (const q of analyticsQuestions(ids.bigWorkspaceOpportunityId, new Date())) {
    if (!q.name.includes(only)) continue;
    await q.ask(service, actor); // warm
    console.log(`\n=== ${q.name}`);
    printing = true;
    const start = performance.now();
    await q.ask(service, actor);
    printing = false;
    console.log(`=== ${q.name}: ${(performance.now() - start).toFixed(0)} ms`);
  }
} finally {
  await t.close();
}
