// The client's eligibilities: a workspace's eligible candidates (invite, criteria, funnel), and
// the qualified candidates of every workspace for the candidate search page.
export { EligibilitiesPage } from './components/eligibilities-page';
export { QualifiedCandidates } from './components/qualified-candidates';
export { eligibilityKeys } from './api/eligibilities';
