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

// The client's eligibilities: a workspace's eligible candidates (invite, criteria, funnel), and
// the qualified candidates of every workspace for the candidate search page.
export { EligibilitiesPage } from './components/eligibilities-page';
export { QualifiedCandidates } from './components/qualified-candidates';
export { eligibilityKeys } from './api/client-eligibilities';
