export { interviewsRoutes } from './interviews.routes.ts';
export { interviewsJobs } from './interviews.jobs.ts';
export { interviewStatesOf } from './interviews.service.ts';
