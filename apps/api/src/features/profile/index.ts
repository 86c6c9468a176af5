export { profileRoutes } from './profile.routes.ts';
export {
  listPsychometricsOf as psychometricsOf,
  loadProfileFacts,
  setCompletion,
  type ProfileFactsRow,
} from './profile.repository.ts';
export { loadFullProfile, loadProfileIfAny } from './profile.service.ts';
