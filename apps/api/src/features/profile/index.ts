export { profileRoutes } from './profile.routes.ts';
export { loadProfileFacts, setCompletion, type ProfileFactsRow } from './profile.repository.ts';
export { loadFullProfile, loadProfileIfAny } from './profile.service.ts';
