export { applicationsRoutes } from './applications.routes.ts';
export { refreshApplicationCompletion } from './applications.completion.ts';
