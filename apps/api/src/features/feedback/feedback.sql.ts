// SQL twins of the shared feedback rules: each is held equal to its TypeScript rule by a test.
import { sql, type SQL } from 'drizzle-orm';

import { feedbackRequests as fr, feedbackResponses as fres } from '../../db/schema/index.ts';

/**
 * The rating the tracker shows for an application, as an SQL expression: the twin of the shared
 * `trackerRating` (a property test holds them equal). The manager's own rating, else the
 * average of the organization's colleagues' ratings to one decimal, in whole stars; each
 * rounding half up, as JavaScript's Math.round does (floor(x + 0.5)), in float8 as it computes.
 */
export const trackerRatingSql = (
  ownRating: SQL,
  applicationId: SQL,
  organizationId: number,
): SQL => sql`coalesce(${ownRating}::float8, (
    select floor(floor(sum(${fres.rating})::float8 / nullif(count(${fres.rating}), 0) * 10 + 0.5) / 10 + 0.5)
    from ${fres} inner join ${fr} on ${fr.id} = ${fres.feedbackRequestId}
    where ${fres.applicationId} = ${applicationId} and ${fr.organizationId} = ${organizationId}
  ))`;
