export { eligibilityRoutes } from './eligibility.routes.ts';
