import type { Criterion } from '@pathways/shared/eligibility/criteria';
import type {
  EligibilityDetail,
  EligibilitySummary,
  RequirementResponse,
} from '@pathways/shared/eligibility/eligibility.schemas';
import type { EligibilityResult } from '@pathways/shared/eligibility/evaluate';

import type { RequirementRow, StoredEligibility } from './eligibility.repository.ts';

export function toSummary(row: StoredEligibility): EligibilitySummary {
  return {
    id: row.id,
    eligible: row.eligible === true,
    opportunity: row.opportunity,
    checkedAt: (row.checkedAt ?? new Date(0)).toISOString(),
  };
}

export function toDetail(checked: {
  id: number;
  checkedAt: Date;
  opportunity: { id: number; name: string };
  result: EligibilityResult;
}): EligibilityDetail {
  return {
    id: checked.id,
    eligible: checked.result.eligible,
    opportunity: checked.opportunity,
    checkedAt: checked.checkedAt.toISOString(),
    criteria: checked.result.criteria,
  };
}

export function toRequirement(row: RequirementRow, criterion: Criterion): RequirementResponse {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    kind: criterion.kind,
    criterion,
    description: row.description ?? '',
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
