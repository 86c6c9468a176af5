export { screeningRoutes } from './screening.routes.ts';
export {
  openFlagSections,
  phaseEventsOf,
  reportedCandidateIds,
  resolveCorrectedFlags,
  type ScreeningDeps,
} from './screening.service.ts';
export {
  requestMoveMails,
  requestRegretMails,
  screeningJobs,
  screeningQueues,
} from './screening.jobs.ts';
export { isReportedSql } from './screening.sql.ts';
