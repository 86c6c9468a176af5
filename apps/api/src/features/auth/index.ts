export { authRoutes } from './auth.routes.ts';
export { createAuthService, type Actor, type AuthService } from './auth.service.ts';
export { mailLayout } from './auth.mails.ts';
export {
  findUserById,
  revokeUserSessions,
  useUpUserTokens,
  type UserRow,
} from './auth.repository.ts';
