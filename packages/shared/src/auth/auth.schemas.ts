import { z } from 'zod';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../common/constants.ts';
import { text } from '../common/text.ts';
import { isTimeZone, timeZoneMessages } from '../common/time-zones.ts';

export const roles = ['candidate', 'client', 'admin'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** Sign-up, login and account messages, worded exactly as users have seen them. */
export const authMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be valid',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  confirmationMismatch: 'Must match password given',
  loginFailed: "You couldn't be logged in. Please check the login details again.",
  blocked: 'Your profile has been blocked. Please contact support.',
  inactivity: 'You have been logged out due to inactivity.',
  registerFailed: "Your account couldn't be created.",
  emailTaken: 'Email has already been taken',
  resetRequested:
    'If an account exists for that e-mail, a link to reset the password is on its way.',
  linkExpired: 'This link has expired',
  linkInvalid: 'This link is not valid',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
} as const;

const requiredString = (message: string) =>
  text({ error: message }).trim().min(1, { error: message });

export const email = requiredString(authMessages.emailRequired)
  .max(254, { error: authMessages.emailInvalid })
  .pipe(z.email({ error: authMessages.emailInvalid }))
  .transform((value) => value.toLowerCase());

/** A new password: required, 8 to 128 characters. */
export const newPassword = text({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong });

// A missing confirmation is an empty one, so it is reported only as not matching.
const passwordConfirmation = text({ error: authMessages.confirmationMismatch }).default('');
const passwordsMatch: [
  (body: { password: string; passwordConfirmation: string }) => boolean,
  { path: string[]; error: string },
] = [
  (body) => body.password === body.passwordConfirmation,
  { path: ['passwordConfirmation'], error: authMessages.confirmationMismatch },
];

export const registerBody = z
  .object({
    email,
    password: newPassword,
    passwordConfirmation,
    campaignId: z.coerce.number().int().positive().optional(),
  })
  .refine(...passwordsMatch);
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: text({ error: authMessages.passwordRequired })
    .min(1, { error: authMessages.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
});
export type LoginBody = z.input<typeof loginBody>;

export const passwordResetRequestBody = z.object({ email });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBody>;

export const passwordResetBody = z
  .object({ token: text().min(1).max(200), password: newPassword, passwordConfirmation })
  .refine(...passwordsMatch);
export type PasswordResetBody = z.input<typeof passwordResetBody>;

export const tokenQuery = z.object({ token: text().min(1).max(200) });
export const resendConfirmationBody = z.object({ token: text().min(1).max(200) });

export const roleParam = z.object({ role: z.enum(['candidate', 'client']) });

/** The signed-in user as every endpoint returns it. */
export const user = z.object({
  id: z.number().int(),
  email: text(),
  unconfirmedEmail: text().nullable(),
  confirmationSentAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  termsAcceptedAt: z.iso.datetime().nullable(),
  isSuspended: z.boolean(),
  avatar: text().nullable(),
  primary: z.boolean(),
  role,
  firstName: text().nullable(),
  lastName: text().nullable(),
  organizationId: z.number().int().nullable(),
  /** The IANA time zone the user reads times in; null for the default (Africa/Johannesburg). */
  timeZone: text().nullable(),
});
export type User = z.infer<typeof user>;

/** A time zone field: an IANA name the runtime knows, or "Choose a time zone from the list". */
export const timeZone = text({ error: timeZoneMessages.invalid }).refine(isTimeZone, {
  error: timeZoneMessages.invalid,
});

/** PUT {role}/time_zone: the zone the user reads times in, or null for the default. */
export const updateTimeZoneBody = z.object({ timeZone: timeZone.nullable() });
export type UpdateTimeZoneBody = z.input<typeof updateTimeZoneBody>;

export const messageBody = z.object({ message: text() });
export type MessageBody = z.infer<typeof messageBody>;

/** A confirmation link followed again, or of an address already confirmed: no personal data. */
export const alreadyConfirmedBody = z.object({ confirmed: z.literal(true), message: text() });
export type AlreadyConfirmedBody = z.infer<typeof alreadyConfirmedBody>;

/**
 * What following a confirmation link answers: the user, once, to the request that confirms the
 * address; afterwards only that it is confirmed.
 */
export const emailConfirmationResponse = z.union([user, alreadyConfirmedBody]);
export type EmailConfirmationResponse = z.infer<typeof emailConfirmationResponse>;

export const acceptTermsResponse = z.object({ termsAcceptedAt: z.iso.datetime() });

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: text(),
});

/**
 * Claims of the access token: the user (`sub`), the role, `primary` for client users, the session
 * (`sid`) and the expiry.
 */
export const tokenClaims = z.object({
  sub: text(),
  role,
  primary: z.boolean().optional(),
  sid: text(),
  exp: z.number(),
  iat: z.number().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;

export const accountMessages = {
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordRequired: 'Please enter your current password',
  sameEmail: 'This is already your e-mail address',
  emailChangeSent:
    'Check your new inbox: the change takes effect once you confirm the new address.',
  passwordChanged: 'Your password has been changed. Other devices have been logged out.',
} as const;

const currentPassword = text({ error: accountMessages.currentPasswordRequired })
  .min(1, { error: accountMessages.currentPasswordRequired })
  .max(PASSWORD_MAX_LENGTH);

/**
 * PATCH candidate/candidate: a new e-mail (confirmed again) or, after social sign-in, the campaign.
 * An account with a password proves an e-mail change with it (the server answers "Please enter
 * your current password" when it is missing); an account made through a social provider has no
 * password, and its signed-in session is the proof. Either way the new address is used only once
 * its confirmation link is followed.
 */
export const updateCandidateBody = z.object({
  candidate: z.object({
    email: email.optional(),
    currentPassword: text().max(PASSWORD_MAX_LENGTH).optional(),
    campaignId: z.coerce.number().int().positive().optional(),
  }),
});
export type UpdateCandidateBody = z.input<typeof updateCandidateBody>;

export const changePasswordBody = z
  .object({ currentPassword, password: newPassword, passwordConfirmation })
  .refine(...passwordsMatch);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/**
 * DELETE candidate/candidate: an account with a password confirms with it ("Please enter your
 * current password" when missing); one made through a social provider has none to give.
 */
export const deleteAccountBody = z.object({
  currentPassword: text().max(PASSWORD_MAX_LENGTH).optional(),
});
/** The password field of the forms that confirm a change with it. */
export const currentPasswordField = currentPassword;
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;
