export { eligibilityRoutes, type EligibilityDeps } from './eligibility.routes.ts';
export { clientEligibilitiesRoutes } from './client-eligibilities.routes.ts';
// For analytics: the criterion funnel of an opportunity.
export { createClientEligibilitiesService } from './client-eligibilities.service.ts';
export {
  evaluateForCandidate,
  markReferred,
  prefilteredCandidateIds,
  snapshotsOf,
} from './eligibility.service.ts';
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
// What a client's requirements need: the words of a criterion, the response shape, and the
// set-based evaluation (SQL prefilter, then the pure function) to preview a proposed set.
export { describe as describeRequirement, referenceNamesOf } from './requirements.service.ts';
export { toRequirement } from './eligibility.mapper.ts';
export { evaluateRules, loadRules, SNAPSHOT_BATCH } from './eligibility.engine.ts';
export { prefilter } from './prefilter.ts';
