export { feedbackRoutes } from './feedback.routes.ts';
export { applicationFeedbackOf, shownRatingsOf } from './feedback.service.ts';
export { trackerRatingSql } from './feedback.sql.ts';
