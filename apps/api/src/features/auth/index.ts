export { authRoutes } from './auth.routes.ts';
export {
  createAuthService,
  type Actor,
  type AuthService,
  type RequestMeta,
} from './auth.service.ts';
export { mailLayout } from './auth.mails.ts';
export {
  campaignExists,
  findUserByEmail,
  findUserById,
  revokeUserSessions,
  setUserNames,
  useUpUserTokens,
  type UserRow,
} from './auth.repository.ts';
export { deviceCookieHeader, newDeviceId } from './device-cookie.ts';
