export { profileRoutes } from './profile.routes.ts';
export {
  guestProfileOfCandidate,
  loadFullProfile,
  loadProfileIfAny,
  profileFactsOf,
  psychometricsOf,
  storeProfileCompletion,
  type ProfileFactsRow,
} from './profile.service.ts';
