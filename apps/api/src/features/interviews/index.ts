export { interviewsRoutes } from './interviews.routes.ts';
export { interviewsJobs } from './interviews.jobs.ts';
export { blindReviewOf, interviewStatesOf } from './interviews.service.ts';
