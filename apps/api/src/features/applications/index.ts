export { applicationsRoutes } from './applications.routes.ts';
export { refreshApplicationCompletion } from './applications.completion.ts';
// For document bundles: which of the chosen applications are of the opportunity, and whose.
export {
  listApplicantsOf as applicantsOf,
  type ApplicantNameRow,
} from './applications.repository.ts';
// For the client's view of one application: every screening question with this application's answer.
export { listScreeningAnswersOf as screeningAnswersOf } from './applications.repository.ts';
