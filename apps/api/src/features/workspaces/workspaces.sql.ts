// SQL twins of the shared workspace rules: each is held equal to its TypeScript rule by a test.
import { REGRETTED, WITHDRAWN } from '@pathways/shared/pipeline/standing';
import { sql, type SQL } from 'drizzle-orm';

import { opportunities, phases } from '../../db/schema/index.ts';

/**
 * Active, in SQL, on the `opportunities` table (or any row source aliased so): published before
 * `at`, and no commencement date or one after `at`. Always true or false, never null, so it can
 * be selected as well as filtered on. The pure twin is `isActiveWorkspace` of the shared
 * workspaces rules; a test holds the two equal.
 */
export const isActiveWorkspaceSql = (at: SQL): SQL =>
  sql`(${opportunities.publishedAt} is not null and ${opportunities.publishedAt} < ${at}
    and (${opportunities.commencesAt} is null or ${opportunities.commencesAt} > ${at}))`;

/**
 * Where an application stands, the SQL twin of the shared `standingOf()`: 'withdrawn' when the
 * candidate withdrew it, else 'regretted' when the organization regretted it, else its phase's
 * id as text, an application in no phase yet counting in its opportunity's initial phase. For a
 * query of `applications` itself (unaliased); its columns are qualified by hand, since a query
 * of one table names them bare, which inside the subquery would name the subquery's table.
 */
export const standingOfSql = sql<string | null>`case
  when "applications"."archived_at" is not null then ${sql.raw(`'${WITHDRAWN}'`)}
  when "applications"."regretted_at" is not null then ${sql.raw(`'${REGRETTED}'`)}
  else coalesce("applications"."phase_id", (
    select initial_phase.id from ${phases} initial_phase
    where initial_phase.opportunity_id = "applications"."opportunity_id" and initial_phase.initial
  ))::text
end`;
