// The auth feature's public API for other features: signing in, out and up. The session itself
// (the token, the current user) is lib/session. Kept free of the zod schemas, so that importing
// it does not put them in a guest's first download.
export { useLogout } from './api/logout';
export { LoginMenu } from './components/login-menu';
export { useSignupDialog } from './hooks/use-signup-dialog';
export { useReturnHere } from './hooks/use-return-here';
