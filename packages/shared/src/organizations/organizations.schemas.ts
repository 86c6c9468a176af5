import { z } from 'zod';

import { text } from '../common/text.ts';
import { countryCode, fieldMessages, optionalText, requiredText } from '../profile/fields.ts';
import { organization } from '../reference/reference.schemas.ts';

/** Every message the organization endpoints answer with, so the web app says the same. */
export const organizationMessages = {
  nameRequired: "can't be blank",
  websiteInvalid: 'must be a web address starting with http:// or https://',
  addressRequired: "can't be blank",
  coordinate: 'must be picked from the place search',
  locationNotFound: 'Location not found',
  logoNotFound: 'Logo not found',
} as const;

export const ORGANIZATION_NAME_MAX = 120;
export const ORGANIZATION_DESCRIPTION_MAX = 5000;
export const ORGANIZATION_INDUSTRY_MAX = 100;
export const ORGANIZATION_WEBSITE_MAX = 300;
/** A logo is stored as a WebP of at most this many pixels on its longer side. */
export const LOGO_MAX_PX = 400;

/** True for an absolute http or https address with a host. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** One of an organization's own places (offices, campuses), as the public page lists them. */
export const organizationLocation = z.object({
  id: z.number().int(),
  name: text().nullable(),
  address: text(),
  city: text().nullable(),
  province: text().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: text(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type OrganizationLocation = z.infer<typeof organizationLocation>;

/** `GET /api/organizations/{id}`: the public profile with the organization's locations. */
export const publicOrganization = organization.extend({
  locations: z.array(organizationLocation),
});
export type PublicOrganization = z.infer<typeof publicOrganization>;

/**
 * `GET /api/client/organization`: the caller's own organization. `canEdit` is true for its
 * primary users, the only ones who may change it.
 */
export const clientOrganization = publicOrganization.extend({ canEdit: z.boolean() });
export type ClientOrganization = z.infer<typeof clientOrganization>;

const website = text({ error: organizationMessages.websiteInvalid })
  .trim()
  .max(ORGANIZATION_WEBSITE_MAX, { error: fieldMessages.tooLong(ORGANIZATION_WEBSITE_MAX) })
  .refine((v) => v === '' || isWebAddress(v), { error: organizationMessages.websiteInvalid })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** The fields a primary user edits; blank optional text is stored as null. */
export const organizationFields = z.object({
  name: requiredText(ORGANIZATION_NAME_MAX, organizationMessages.nameRequired),
  description: optionalText(ORGANIZATION_DESCRIPTION_MAX),
  website,
  industry: optionalText(ORGANIZATION_INDUSTRY_MAX),
});
export type OrganizationFieldsInput = z.input<typeof organizationFields>;
export type OrganizationFields = z.output<typeof organizationFields>;

/** `PATCH /api/client/organization` carries `{organization: {...}}` with any subset of the fields. */
export const organizationPatch = organizationFields.partial();
export type OrganizationPatch = z.infer<typeof organizationPatch>;
export const organizationPatchBody = z.object({ organization: organizationPatch });

const coordinate = (min: number, max: number) =>
  z
    .number({ error: organizationMessages.coordinate })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });

/** `POST /api/client/organization/locations` carries `{location: {...}}`, a place picked by search. */
export const organizationLocationInput = z.object({
  address: requiredText(300, organizationMessages.addressRequired),
  name: optionalText(120),
  city: optionalText(120),
  province: optionalText(120),
  country: countryCode,
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
});
export type OrganizationLocationInput = z.infer<typeof organizationLocationInput>;
export const organizationLocationBody = z.object({ location: organizationLocationInput });

/** Answer of `PUT /api/client/organization/logo`: the new logo's address. */
export const organizationLogoResponse = z.object({ logo: text() });
export type OrganizationLogoResponse = z.infer<typeof organizationLogoResponse>;

/** `GET /api/organization_logos/:file`: a random name and `.webp`; anything else is not found. */
export const logoFileParam = z.object({ file: text().max(100) });
