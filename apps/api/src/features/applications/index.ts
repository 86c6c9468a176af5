export { applicationsRoutes } from './applications.routes.ts';
export { refreshApplicationCompletion } from './applications.completion.ts';
// For document bundles: which of the chosen applications are of the opportunity, and whose.
// For the client's view of one application: every screening question with its answer.
export { applicantsOf, screeningAnswersOf, type ApplicantNameRow } from './applications.service.ts';
