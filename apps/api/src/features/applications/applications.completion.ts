import { profileCompletion } from '@pathways/shared/action-items/action-items.rules';
import { applicationCompletion } from '@pathways/shared/applications/applications.rules';
import { asksFinancialSurvey } from '@pathways/shared/financial-surveys/financial-surveys.rules';

import type { DbOrTx } from '../../db/client.ts';
import { profileFactsOf } from '../profile/index.ts';
import * as repo from './applications.repository.ts';

/**
 * Stores the completion of the candidate's open applications (all, or the given ones): the
 * profile's completion with the required screening questions answered and, for a bursary, the
 * financial needs survey submitted (shared rules). Clients
 * filter and sort on the stored value, so the profile feature calls this when a profile changes.
 */
export async function refreshApplicationCompletion(
  db: DbOrTx,
  candidateId: number,
  applicationIds?: number[],
): Promise<void> {
  const progress = await repo.screeningProgress(db, candidateId, applicationIds);
  if (progress.length === 0) return;
  const loaded = await profileFactsOf(db, candidateId);
  const profilePercentage = loaded
    ? profileCompletion({ profile: loaded.facts, avatar: loaded.user.avatar }).percentage
    : 0;
  for (const p of progress) {
    const next = applicationCompletion({
      profilePercentage,
      requiredQuestions: p.required,
      answeredRequiredQuestions: p.answered,
      surveyRequired: asksFinancialSurvey(p.kind),
      surveySubmitted: p.surveySubmitted,
    });
    if (next.completion !== p.completion || next.complete !== p.complete) {
      await repo.updateApplication(db, p.id, next);
    }
  }
}
