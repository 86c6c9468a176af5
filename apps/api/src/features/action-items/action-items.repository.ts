import type { ApplicationFacts } from '@pathways/shared/action-items/action-items.rules';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  financialSurveys,
  opportunities,
  screeningAnswers,
  screeningQuestions,
} from '../../db/schema/index.ts';

/**
 * The candidate's open applications (neither withdrawn nor regretted) with what the to-do list
 * asks of each, in one query: unanswered required screening questions, and whether the
 * application's financial needs survey was submitted (its row in financial_surveys).
 */
export async function openApplicationFacts(
  db: DbOrTx,
  userId: number,
): Promise<ApplicationFacts[]> {
  const a = applications;
  const rows = await db
    .select({
      id: a.id,
      opportunityId: opportunities.id,
      opportunityName: opportunities.name,
      opportunityKind: opportunities.kind,
      unanswered: sql<number>`(
        select count(*) from ${screeningQuestions}
        where ${screeningQuestions.opportunityId} = ${a.opportunityId}
          and ${screeningQuestions.required}
          and not exists (
            select 1 from ${screeningAnswers}
            where ${screeningAnswers.applicationId} = ${a.id}
              and ${screeningAnswers.screeningQuestionId} = ${screeningQuestions.id}
          )
      )`.mapWith(Number),
      surveySubmitted: sql<boolean>`exists (
        select 1 from ${financialSurveys} where ${financialSurveys.applicationId} = ${a.id}
      )`.mapWith(Boolean),
    })
    .from(a)
    .innerJoin(opportunities, eq(opportunities.id, a.opportunityId))
    .where(and(eq(a.candidateId, userId), isNull(a.archivedAt), isNull(a.regrettedAt)))
    .orderBy(asc(a.createdAt), asc(a.id));
  return rows.map((r) => ({
    id: r.id,
    opportunity: { id: r.opportunityId, name: r.opportunityName, kind: r.opportunityKind },
    unansweredRequiredQuestions: r.unanswered,
    financialSurveySubmitted: r.surveySubmitted,
  }));
}
