import { z } from 'zod';

import { email } from '../auth/auth.schemas.ts';
import { idParam } from '../applications/applications.schemas.ts';
import { text } from '../common/text.ts';

export { idParam as clientIdParam };

/** Messages of the managers page, the same in the browser and from the API. */
export const managerMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Must be at most 100 characters',
  jobTitleTooLong: 'Job title must be at most 100 characters',
  lastPrimary:
    'Your organization needs at least one active primary user: make someone else primary first',
  deactivatedNotInvited: 'Reactivate this user before sending them a new invitation',
  deactivated:
    'Your account has been deactivated. Ask a primary user of your organization to reactivate it.',
  nothingToChange: 'Nothing to change',
} as const;

const name = (required: string) =>
  text({ error: required })
    .trim()
    .min(1, { error: required })
    .max(100, { error: managerMessages.nameTooLong });

// An empty job title is no job title.
const jobTitle = text()
  .trim()
  .max(100, { error: managerMessages.jobTitleTooLong })
  .transform((value) => value || null)
  .nullable();

/** The fields of the "Add a manager" form. */
export const newClient = z.object({
  firstName: name(managerMessages.firstNameRequired),
  lastName: name(managerMessages.lastNameRequired),
  email,
  jobTitle: jobTitle.optional(),
});
export type NewClient = z.input<typeof newClient>;

/** POST client/clients: `{client: {firstName, lastName, email, jobTitle?}}`. */
export const createClientBody = z.object({ client: newClient });

/**
 * PATCH client/clients/{id}: `{client: {...}}` with at least one of a name, the job title,
 * `primary` (grant or withdraw) and `active` (reactivate or deactivate).
 */
export const clientChanges = z
  .object({
    firstName: name(managerMessages.firstNameRequired).optional(),
    lastName: name(managerMessages.lastNameRequired).optional(),
    jobTitle: jobTitle.optional(),
    primary: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), {
    error: managerMessages.nothingToChange,
  });
export type ClientChanges = z.input<typeof clientChanges>;
export const updateClientBody = z.object({ client: clientChanges });

/** A client user as their colleagues see them. */
export const clientUser = z.object({
  id: z.number().int(),
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  jobTitle: text().nullable(),
  primary: z.boolean(),
  active: z.boolean(),
  /** `invited` until they have chosen a password; `joined` after. */
  status: z.enum(['invited', 'joined']),
  invitedAt: z.iso.datetime().nullable(),
  lastSignInAt: z.iso.datetime().nullable(),
});
export type ClientUser = z.infer<typeof clientUser>;

export const clientUserResponse = z.object({ client: clientUser });

export const clientListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(100),
});

export const clientListResponse = z.object({
  items: z.array(clientUser),
  page: z.number().int(),
  per: z.number().int(),
  total: z.number().int(),
});
export type ClientList = z.infer<typeof clientListResponse>;

export const inviteResponse = z.object({ client: clientUser, message: text() });

/** GET client/me: what the drawer needs about the signed-in client user. */
export const clientMeResponse = z.object({
  organizationId: z.number().int(),
  organizationName: text(),
  primary: z.boolean(),
  /** Active workspaces this user sees, in the order the drawer lists them. */
  activeWorkspaces: z.array(z.object({ id: z.number().int(), name: text() })),
  /** Workspaces (active or not) listing this user as a manager. */
  managedWorkspaceCount: z.number().int(),
});
export type ClientMe = z.infer<typeof clientMeResponse>;
