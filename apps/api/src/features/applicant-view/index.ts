export { applicantViewRoutes } from './applicant-view.routes.ts';
