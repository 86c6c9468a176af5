// The applications feature's public API: the pages' views (apply, one application, the
// dashboard's sections) and what to call after a change elsewhere that affects applications.
export { ApplicationView } from './components/application-view';
export { ApplyView } from './components/apply-view';
export { MyApplications } from './components/my-applications';
export { MyInvites } from './components/my-invites';
export { applicationKeys } from './api/query-keys';
export { invalidateApplications } from './api/invalidate-applications';
