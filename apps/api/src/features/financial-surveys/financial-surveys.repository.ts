import type { FinancialSurveyAnswers } from '@pathways/shared/financial-surveys/financial-surveys.schemas';
import { and, desc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { applications, financialSurveys, opportunities } from '../../db/schema/index.ts';

// Every query of the financial needs survey. The application is always looked up with its
// candidate, so another candidate's application is simply not found.

export type SurveyRow = typeof financialSurveys.$inferSelect;

/** The application a survey belongs to, with what decides whether it may still change. */
export async function findSurveyApplication(
  db: DbOrTx,
  candidateId: number,
  applicationId: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      id: applications.id,
      archivedAt: applications.archivedAt,
      regrettedAt: applications.regrettedAt,
      opportunityKind: opportunities.kind,
      closesAt: opportunities.closesAt,
    })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(and(eq(applications.id, applicationId), eq(applications.candidateId, candidateId)));
  const [row] = await (options.lock ? query.for('update', { of: applications }) : query);
  return row;
}

export async function findSurvey(
  db: DbOrTx,
  applicationId: number,
): Promise<SurveyRow | undefined> {
  const [row] = await db
    .select()
    .from(financialSurveys)
    .where(eq(financialSurveys.applicationId, applicationId));
  return row;
}

/** The candidate's most recently changed survey, whichever application it belongs to. */
export async function findLatestSurvey(
  db: DbOrTx,
  candidateId: number,
): Promise<SurveyRow | undefined> {
  const [row] = await db
    .select()
    .from(financialSurveys)
    .where(eq(financialSurveys.candidateId, candidateId))
    .orderBy(desc(financialSurveys.updatedAt), desc(financialSurveys.id))
    .limit(1);
  return row;
}

/** Saves an application's survey: the first save submits it, later ones change the answers. */
export async function upsertSurvey(
  tx: DbOrTx,
  values: { applicationId: number; candidateId: number; at: Date } & FinancialSurveyAnswers,
): Promise<void> {
  const { at, ...rest } = values;
  const answers = {
    householdSize: rest.householdSize,
    incomeBand: rest.incomeBand,
    dependants: rest.dependants,
    studyFunders: rest.studyFunders,
    otherFunding: rest.otherFunding,
    motivation: rest.motivation,
  };
  await tx
    .insert(financialSurveys)
    .values({
      applicationId: rest.applicationId,
      candidateId: rest.candidateId,
      ...answers,
      submittedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: financialSurveys.applicationId,
      set: { ...answers, updatedAt: at },
    });
}
