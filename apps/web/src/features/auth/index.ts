// The auth feature's public API for other features. Kept free of the zod schemas, so that
// importing it does not put them in a guest's first download.
export { useUser, userQueryKey } from './api/get-user';
export { useLogout } from './api/logout';
export { LoginMenu } from './components/login-menu';
export { useSignupDialog } from './hooks/use-signup-dialog';
export { useReturnHere } from './hooks/use-return-here';
