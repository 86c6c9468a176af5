import { z } from 'zod';

import { currencyCodes } from '../reference/currencies.ts';
import { employmentTypeMessage, employmentTypes } from '../opportunities/employment.ts';
import { opportunityKinds } from '../opportunities/opportunities.schemas.ts';
import { text } from '../common/text.ts';
import { windowErrors } from './window.ts';

// The client's workspaces: the opportunities of their organization they manage, with their
// details, places and managers.
//
//   GET    client/opportunities?all=true        active ones (all of them with all=true)
//   POST   client/opportunities                 {opportunity}: a new draft (primary users)
//   GET    client/opportunities/{id}            the workspace
//   PATCH  client/opportunities/{id}            {opportunity} with the version it was based on
//   GET    client/opportunities/{id}/counts     applicants per phase, regretted and withdrawn
//   POST   client/opportunities/{id}/locations  {location}
//   PATCH, DELETE client/opportunities/{id}/locations/{locId}
//   GET, PUT client/opportunities/{id}/managers {userIds} (PUT: primary users)

const MAX_ID = 2_147_483_647;
const id = z.coerce.number().int().positive().max(MAX_ID);
const isoDateTime = z.iso.datetime({ offset: true });

export const workspaceMessages = {
  name: 'You must give the opportunity a name',
  kind: `must be one of ${opportunityKinds.join(', ')}`,
  date: 'must be a date',
  positions: 'must be a whole number of at least 1',
  value: 'must be a whole number of at least 0',
  currency: 'must be a supported currency',
  logo: 'must be a web address (https://…)',
  address: 'You must give an address',
  latitude: 'must be a latitude between -90 and 90',
  longitude: 'must be a longitude between -180 and 180',
  country: 'must be a two-letter country code',
  version: 'must be the version the change is based on',
  userIds: 'must be a list of user ids',
  flag: 'must be true or false',
  stale: 'This opportunity was changed by someone else since you opened it',
  locationInUse:
    'Applicants chose this place, so it cannot be deleted. Change its address instead.',
} as const;

export const workspaceIdParam = z.object({ id });
export const workspaceLocationParam = z.object({ id, locId: id });

/** `?all=true` lists drafts and past opportunities too; otherwise only the active ones. */
export const workspaceListQuery = z.object({
  all: z
    .enum(['true', 'false', '1', '0'], { error: workspaceMessages.flag })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** Filters of the counts; none are defined yet, so an empty object (or none) is accepted. */
export const workspaceCountsQuery = z.object({}).strip();

const nullableText = (max: number) =>
  z
    .union([text().trim().max(max), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v));

const nullableDate = z
  .union(
    [z.iso.datetime({ offset: true, error: workspaceMessages.date }), z.literal(''), z.null()],
    {
      error: workspaceMessages.date,
    },
  )
  .optional()
  .transform((v) => (v === '' ? null : v));

const nullableCount = (min: number, message: string) =>
  z
    .union([z.number({ error: message }).int(message).min(min, message).max(MAX_ID), z.null()], {
      error: message,
    })
    .optional();

/** Every field of an opportunity a client edits; each optional so a PATCH may send a few. */
const opportunityFields = z.object({
  name: text({ error: workspaceMessages.name }).trim().min(1, workspaceMessages.name).max(200),
  kind: z.enum(opportunityKinds, { error: workspaceMessages.kind }),
  summary: nullableText(500),
  description: nullableText(20_000),
  logo: z
    .union(
      [
        z.url({ protocol: /^https?$/, error: workspaceMessages.logo }).max(2000),
        z.literal(''),
        z.null(),
      ],
      {
        error: workspaceMessages.logo,
      },
    )
    .optional()
    .transform((v) => (v === '' ? null : v)),
  opensAt: nullableDate,
  closesAt: nullableDate,
  commencesAt: nullableDate,
  positions: nullableCount(1, workspaceMessages.positions),
  valueMin: nullableCount(0, workspaceMessages.value),
  valueMax: nullableCount(0, workspaceMessages.value),
  currency: z.enum(currencyCodes, { error: workspaceMessages.currency }),
  /** The terms of a job; empty or null when not stated. */
  employmentType: z
    .union([z.enum(employmentTypes), z.literal(''), z.null()], { error: employmentTypeMessage })
    .optional()
    .transform((v) => (v === '' ? null : v)),
  /** Published (visible to candidates from now on) or a draft. */
  published: z.boolean({ error: workspaceMessages.flag }),
});

/** Adds the window rules' messages to the fields they concern. */
function checkWindow(
  value: z.infer<ReturnType<typeof opportunityFields.partial>>,
  ctx: z.RefinementCtx,
) {
  for (const [field, messages] of Object.entries(
    windowErrors({
      opensAt: value.opensAt,
      closesAt: value.closesAt,
      commencesAt: value.commencesAt,
      valueMin: value.valueMin,
      valueMax: value.valueMax,
    }),
  )) {
    for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** The form: every field, the window rules checked. */
export const opportunityForm = opportunityFields.superRefine(checkWindow);
export type OpportunityFormInput = z.input<typeof opportunityForm>;
export type OpportunityFormValues = z.output<typeof opportunityForm>;

/** POST: a new opportunity, always created as a draft; `published` is ignored if sent. */
export const createWorkspaceBody = z.object({
  opportunity: opportunityFields
    .partial()
    .required({ name: true, kind: true })
    .superRefine(checkWindow),
});

/**
 * PATCH: the fields that change, and the `version` of the opportunity they were based on. A
 * change based on an older version is refused with 409 and the current opportunity.
 */
export const updateWorkspaceBody = z.object({
  opportunity: opportunityFields
    .partial()
    .extend({
      version: z.number({ error: workspaceMessages.version }).int().positive().max(MAX_ID),
    })
    .superRefine(checkWindow),
});
export type UpdateWorkspaceInput = z.input<typeof updateWorkspaceBody>['opportunity'];

const countryCode = text({ error: workspaceMessages.country })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, workspaceMessages.country);

const locationFields = z.object({
  address: text({ error: workspaceMessages.address })
    .trim()
    .min(1, workspaceMessages.address)
    .max(300),
  city: nullableText(120),
  province: nullableText(120),
  country: countryCode,
  latitude: z
    .number({ error: workspaceMessages.latitude })
    .min(-90, workspaceMessages.latitude)
    .max(90, workspaceMessages.latitude),
  longitude: z
    .number({ error: workspaceMessages.longitude })
    .min(-180, workspaceMessages.longitude)
    .max(180, workspaceMessages.longitude),
  /** The gazetteer place it was picked from, when picked from the place search. */
  locationId: z.union([id, z.null()]).optional(),
});

export const createLocationBody = z.object({
  location: locationFields.extend({ country: countryCode.default('ZA') }),
});
export const updateLocationBody = z.object({ location: locationFields.partial() });
export type WorkspaceLocationInput = z.input<typeof createLocationBody>['location'];

export const setManagersBody = z.object({
  userIds: z.array(id, { error: workspaceMessages.userIds }).max(500),
});

// ---------------------------------------------------------------- responses

export const phaseCount = z.object({
  id: z.number().int(),
  name: text(),
  /** 1 for the initial phase, then along the chain of next phases. */
  order: z.number().int(),
  count: z.number().int(),
});
export type PhaseCount = z.infer<typeof phaseCount>;

export const workspaceCounts = z.object({
  phases: z.array(phaseCount),
  /** Applicants the organization regretted (in no phase count). */
  regretted: z.number().int(),
  /** Applicants who withdrew (in no phase count). */
  withdrawn: z.number().int(),
});
export type WorkspaceCounts = z.infer<typeof workspaceCounts>;

export const workspaceListItem = z.object({
  id: z.number().int(),
  name: text(),
  kind: z.enum(opportunityKinds),
  publishedAt: isoDateTime.nullable(),
  opensAt: isoDateTime.nullable(),
  closesAt: isoDateTime.nullable(),
  commencesAt: isoDateTime.nullable(),
  isActive: z.boolean(),
  /** Applicants in each phase: neither regretted nor withdrawn. */
  phases: z.array(phaseCount),
  /** Applicants the organization regretted (in no phase count). */
  regretted: z.number().int(),
  /** Applicants who withdrew (in no phase count). */
  withdrawn: z.number().int(),
});
export type WorkspaceListItem = z.infer<typeof workspaceListItem>;

export const workspaceList = z.object({
  items: z.array(workspaceListItem),
  /** Whether drafts and past opportunities are included. */
  all: z.boolean(),
});
export type WorkspaceList = z.infer<typeof workspaceList>;

export const workspaceLocation = z.object({
  id: z.number().int(),
  address: text(),
  city: text().nullable(),
  province: text().nullable(),
  country: text(),
  latitude: z.number(),
  longitude: z.number(),
  locationId: z.number().int().nullable(),
  /** Applicants chose this place: it can be changed but not deleted. */
  inUse: z.boolean(),
});
export type WorkspaceLocation = z.infer<typeof workspaceLocation>;

/** A phase of the opportunity's pipeline, in chain order. */
export const workspacePhase = z.object({
  id: z.number().int(),
  name: text(),
  description: text().nullable(),
  /** 1 for the initial phase, then along the chain of next phases. */
  order: z.number().int(),
  initial: z.boolean(),
  /** The id of the phase that follows; null for the last. */
  next: z.number().int().nullable(),
});
export type WorkspacePhase = z.infer<typeof workspacePhase>;

/** A client user listed among the opportunity's managers (primary users manage it anyway). */
export const workspaceListedManager = z.object({
  id: z.number().int(),
  firstName: text().nullable(),
  lastName: text().nullable(),
});

export const workspaceOrganization = z.object({
  id: z.number().int(),
  name: text(),
  logo: text().nullable(),
});

export const workspaceOpportunity = z.object({
  id: z.number().int(),
  name: text(),
  kind: z.enum(opportunityKinds),
  summary: text().nullable(),
  description: text().nullable(),
  logo: text().nullable(),
  publishedAt: isoDateTime.nullable(),
  opensAt: isoDateTime.nullable(),
  closesAt: isoDateTime.nullable(),
  commencesAt: isoDateTime.nullable(),
  positions: z.number().int().nullable(),
  valueMin: z.number().int().nullable(),
  valueMax: z.number().int().nullable(),
  currency: z.enum(currencyCodes),
  employmentType: z.enum(employmentTypes).nullable(),
  isActive: z.boolean(),
  /** Incremented by every change; a PATCH sends the version it was based on. */
  version: z.number().int(),
  updatedAt: isoDateTime,
  locations: z.array(workspaceLocation),
  organization: workspaceOrganization,
  /** The pipeline: the initial phase first, then each next phase. */
  phases: z.array(workspacePhase),
  /** The users listed as its managers, by name. */
  managers: z.array(workspaceListedManager),
});
export type WorkspaceOpportunity = z.infer<typeof workspaceOpportunity>;

export const workspaceResponse = z.object({ opportunity: workspaceOpportunity });

/** The 409 of a stale change: the message and the opportunity as it is now. */
export const staleWorkspaceBody = z.object({
  code: z.literal('conflict'),
  message: text(),
  current: workspaceOpportunity,
});

export const workspaceLocationResponse = z.object({ location: workspaceLocation });

export const workspaceManager = z.object({
  id: z.number().int(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  email: text(),
  /** A primary user manages every opportunity of the organization anyway. */
  primary: z.boolean(),
  /** Listed among this opportunity's managers. */
  manager: z.boolean(),
});
export type WorkspaceManager = z.infer<typeof workspaceManager>;

/** Every client user of the organization, those managing this opportunity marked. */
export const workspaceManagers = z.object({ items: z.array(workspaceManager) });
export type WorkspaceManagers = z.infer<typeof workspaceManagers>;
