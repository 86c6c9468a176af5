export { applicantsRoutes } from './applicants.routes.ts';
export { applicantRowsOfOpportunity } from './applicants.service.ts';
