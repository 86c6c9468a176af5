export { authRoutes } from './auth.routes.ts';
export { createAuthService, type Actor, type AuthService } from './auth.service.ts';
