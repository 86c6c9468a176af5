export { financialSurveysRoutes } from './financial-surveys.routes.ts';
export { readApplicationSurvey } from './financial-surveys.service.ts';
