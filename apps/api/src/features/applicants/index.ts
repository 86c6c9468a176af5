export { applicantsRoutes } from './applicants.routes.ts';
export { applicantRowsOfOpportunity } from './applicants.service.ts';
// For messages: the conversations a client may see are those of the applications they may see.
export { ofVisibleOpportunities } from './applicants.repository.ts';
