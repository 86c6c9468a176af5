// Analytics at national size: every question the analytics pages ask of the national data set's
// big organization (114 000 applications over 40 opportunities, 100 000 of them in its first
// opportunity, the big workspace), asked by its primary client user.
//
//   SCALE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a copy of your own> \
//     npm run bench:analytics-scale
//   BEFORE_DIR=/tmp/analytics-before ... npm run bench:analytics-scale   # and an older version
//
// The database is the scale data set (bench/scale/database.ts; `npm run bench:scale:data` fills
// it), migrated by this version first: run it on a copy of your own, never on a shared one. An
// older version reads the same tables. The one-opportunity questions choose the big workspace.
// What is asked and how it is timed: bench/analytics-questions.ts (ONLY, RUNS (7), HTTP=0).
import { cpus, loadavg } from 'node:os';

import { createTestApp, loginAs } from '../apps/api/src/test/build-app.ts';
import {
  analyticsQuestions,
  serviceBefore,
  timeQuestions,
  type AnalyticsService,
} from './analytics-questions.ts';
import { createAnalyticsService } from '../apps/api/src/features/analytics/analytics.service.ts';
import type { Actor } from '../apps/api/src/plugins/access.ts';
import { connect, notable, SCALE_DATABASE_URL } from './scale/database.ts';

const RUNS = Number(process.env.RUNS ?? 7);

async function main() {
  const database = await connect();
  await database.migrate();
  const ids = await notable(database);
  // The app runs on the scale database and leaves it as it is when it closes.
  const t = await createTestApp({ database: { ...database, drop: () => database.close() } });
  try {
    const client = ids.bigOrganizationClient;
    const token = await loginAs(t.app, client.email, client.password);
    const { rows } = await database.pool!.query<{ applications: number; opportunities: number }>(
      `select count(*)::int as applications, count(distinct a.opportunity_id)::int as opportunities
       from applications a join opportunities o on o.id = a.opportunity_id
       where o.organization_id = $1`,
      [ids.bigOrganizationId],
    );
    console.log(
      `${SCALE_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}: the big organization, ${rows[0]!.applications} applications over ${rows[0]!.opportunities} opportunities`,
    );
    console.log(
      `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const deps = {
      db: database.db,
      now: () => new Date(),
      mailer: undefined as never,
      log: t.app.log,
      config: t.config,
    };
    const after: AnalyticsService = createAnalyticsService(deps);
    const actor: Actor = {
      userId: client.id,
      role: 'client',
      primary: true,
      sessionId: 'bench',
      sessionExpiresAt: new Date(Date.now() + 86_400_000),
    };
    await timeQuestions({
      questions: analyticsQuestions(ids.bigWorkspaceOpportunityId, new Date()),
      actor,
      after,
      before: await serviceBefore(deps),
      app: t.app,
      token,
      runs: RUNS,
    });
  } finally {
    await t.close();
  }
}

await main();
