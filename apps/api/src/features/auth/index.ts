export { authRoutes } from './auth.routes.ts';
export {
  campaignExists,
  createAuthService,
  setUserNames,
  shutOut,
  userByEmail,
  userById,
  type Actor,
  type AuthService,
  type RequestMeta,
  type UserRow,
} from './auth.service.ts';
export { mailLayout } from './auth.mails.ts';
export { deviceCookieHeader, newDeviceId } from './device-cookie.ts';
