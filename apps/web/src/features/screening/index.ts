// The screening feature's public API: the requests of a client's actions on applications
// (move, regret, rate, flag), used by the tracker and by one applicant's page.
export {
  flagApplication,
  moveApplications,
  rateApplication,
  regretApplications,
} from './api/screening';
export { trackerKeys } from './api/query-keys';
