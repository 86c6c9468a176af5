// The eligibility feature's public API: the candidate's check for one opportunity, as a checklist
// (what is met, what is missing and where to fix it) and as data.
export {
  fetchOpportunityEligibility,
  opportunityEligibilityQueryKey,
  useCurrentEligibility,
  useOpportunityEligibility,
} from './api/get-opportunity-eligibility';
export { EligibilityChecklist } from './components/eligibility-checklist';
export type { EligibilityChecklistProps } from './components/eligibility-checklist';
