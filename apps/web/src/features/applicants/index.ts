// The tracker's public API: a workspace's applicants phase by phase, and every application the
// user may see across their workspaces.
export { OpportunityTracker } from './components/opportunity-tracker';
export { AllApplications } from './components/all-applications';
// The filters' controls, for other pages that filter applicants the same way, are exported by
// `./filters` (its own entry, so such a page does not load the tracker with them).
