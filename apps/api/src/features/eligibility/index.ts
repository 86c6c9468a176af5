export { eligibilityRoutes, type EligibilityDeps } from './eligibility.routes.ts';
export { evaluateForCandidate } from './eligibility.service.ts';
export {
  eligibilityJobs,
  eligibilityQueues,
  requestEligibilityRecompute,
  type RecomputeTarget,
} from './eligibility.jobs.ts';
export {
  recomputeCandidate,
  recomputeOpportunity,
  storeAllEligibilities,
} from './eligibility.engine.ts';
export { eligibleOpportunityIdsQuery, markReferred } from './eligibility.repository.ts';
export { loadSnapshots } from './snapshots.repository.ts';
