export { interviewsRoutes } from './interviews.routes.ts';
export { interviewsJobs } from './interviews.jobs.ts';
