import {
  applicationStatus,
  applicationStatusLabels,
} from '@pathways/shared/applications/applications.rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../../test/db.ts';
import { statusSql } from './applications.repository.ts';

// Filtering and counting applications by status runs in SQL; what a candidate reads is the
// shared applicationStatus(). Every combination of withdrawn, regretted and phase must give the
// same status from both.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const at = new Date('2026-11-22T10:00:00.000Z');
const archived = [null, at];
const regretted = [null, new Date(at.getTime() - 3_600_000)];
// No phase (an opportunity without a pipeline), ordinary names, a name with a quote, and names
// that are themselves one of the status labels.
const phaseNames = [
  null,
  'Interview',
  "Director's panel",
  applicationStatusLabels.submitted,
  applicationStatusLabels.withdrawn,
];
const cases = archived.flatMap((archivedAt) =>
  regretted.flatMap((regrettedAt) =>
    phaseNames.map((phaseName) => ({ archivedAt, regrettedAt, phaseName })),
  ),
);

describe('the application status in SQL', () => {
  it('agrees with the shared applicationStatus() on every combination', async () => {
    const applicationRows = sql.join(
      cases.map(
        (c, i) =>
          sql`(${i}::int, ${c.archivedAt?.toISOString() ?? null}::timestamptz, ${c.regrettedAt?.toISOString() ?? null}::timestamptz, ${c.phaseName === null ? null : i}::int)`,
      ),
      sql`, `,
    );
    const phaseRows = sql.join(
      cases.flatMap((c, i) =>
        c.phaseName === null ? [] : [sql`(${i}::int, ${c.phaseName}::text)`],
      ),
      sql`, `,
    );
    // The same column names the repository's query reads, from rows made up for each case.
    const result = (await database.db.execute(sql`
      select applications.i, ${statusSql} as status
      from (values ${applicationRows}) as applications(i, archived_at, regretted_at, phase_id)
      left join (values ${phaseRows}) as phases(id, name) on phases.id = applications.phase_id
      order by applications.i`)) as unknown as { rows: { i: number; status: string }[] };
    expect(result.rows).toHaveLength(cases.length);
    const disagreements = result.rows
      .map((row) => ({
        ...cases[row.i]!,
        sql: row.status,
        shared: applicationStatus(cases[row.i]!),
      }))
      .filter((c) => c.sql !== c.shared);
    expect(disagreements).toEqual([]);
  });
});
