// The tracker's public API: a workspace's applicants phase by phase, and every application the
// user may see across their workspaces.
export { OpportunityTracker } from './components/opportunity-tracker';
export { AllApplications } from './components/all-applications';
