export { feedbackRoutes } from './feedback.routes.ts';
export { applicationFeedbackOf } from './feedback.service.ts';
