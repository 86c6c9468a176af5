export { profileRoutes } from './profile.routes.ts';
export { loadProfileFacts, setCompletion, type ProfileFactsRow } from './profile.repository.ts';
