import type { AccountRole } from '../api/password-reset';

/** The role segment of /{role}/password_reset/{token} and /{role}/confirm_email/{token}. */
export const accountRoleFromPath = (pathname: string): AccountRole =>
  pathname.startsWith('/client/') ? 'client' : 'candidate';
