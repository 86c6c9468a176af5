import {
  asksFinancialSurvey,
  surveyLockedReason,
} from '@pathways/shared/financial-surveys/financial-surveys.rules';
import {
  financialSurveyMessages as m,
  type FinancialSurveyAnswers,
  type FinancialSurveyResponse,
  type IncomeBand,
  type StudyFunder,
} from '@pathways/shared/financial-surveys/financial-surveys.schemas';

import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { refreshApplicationCompletion } from '../applications/index.ts';
import type { Actor } from '../auth/index.ts';
import * as repo from './financial-surveys.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function answersOf(row: repo.SurveyRow): FinancialSurveyAnswers {
  return {
    householdSize: row.householdSize,
    incomeBand: row.incomeBand as IncomeBand,
    dependants: row.dependants,
    studyFunders: row.studyFunders as StudyFunder[],
    otherFunding: row.otherFunding,
    motivation: row.motivation,
  };
}

/**
 * The submitted survey of an application, or null: what an organization reading the
 * application sees. The caller has already decided that the reader may see the application.
 */
export async function readApplicationSurvey(
  db: DbOrTx,
  applicationId: number,
): Promise<(FinancialSurveyAnswers & { submittedAt: string; updatedAt: string }) | null> {
  const row = await repo.findSurvey(db, applicationId);
  if (!row) return null;
  return {
    ...answersOf(row),
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createFinancialSurveysService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db, now } = deps;

  /** The candidate's bursary application, or 404 (another's, missing, or not a bursary). */
  async function surveyApplication(tx: DbOrTx, actor: Actor, id: number, lock = false) {
    const application = await repo.findSurveyApplication(tx, actor.userId, id, { lock });
    if (!application) throw notFound('Application not found');
    if (!asksFinancialSurvey(application.opportunityKind)) throw notFound(m.notBursary);
    return application;
  }

  async function get(actor: Actor, id: number): Promise<FinancialSurveyResponse> {
    const application = await surveyApplication(db, actor, id);
    const own = await repo.findSurvey(db, id);
    // Not submitted yet: the candidate's last survey fills the form, so they only confirm.
    const shown = own ?? (await repo.findLatestSurvey(db, actor.userId));
    const lockedReason = surveyLockedReason(application, now());
    return {
      applicationId: id,
      survey: shown ? answersOf(shown) : null,
      submittedAt: iso(own?.submittedAt ?? null),
      updatedAt: iso(own?.updatedAt ?? null),
      editable: lockedReason === null,
      lockedReason,
      closesAt: iso(application.closesAt),
    };
  }

  return {
    get,

    /**
     * Submits or changes the survey while the application window is open (409 after), and
     * raises the application's completion; the to-do list no longer asks for it.
     */
    async save(
      actor: Actor,
      id: number,
      answers: FinancialSurveyAnswers,
    ): Promise<FinancialSurveyResponse> {
      const at = now();
      await db.transaction(async (tx) => {
        const application = await surveyApplication(tx, actor, id, true);
        const locked = surveyLockedReason(application, at);
        if (locked) throw new AppError('conflict', locked);
        await repo.upsertSurvey(tx, {
          applicationId: id,
          candidateId: actor.userId,
          at,
          ...answers,
        });
        await refreshApplicationCompletion(tx, actor.userId, [id]);
      });
      return get(actor, id);
    },
  };
}

export type FinancialSurveysService = ReturnType<typeof createFinancialSurveysService>;
