export { applicationsRoutes } from './applications.routes.ts';
export { refreshApplicationCompletion } from './applications.completion.ts';
// For document bundles: which of the chosen applications are of the opportunity, and whose.
export {
  listApplicantsOf as applicantsOf,
  type ApplicantNameRow,
} from './applications.repository.ts';
