import { z } from 'zod';

import { text } from '../common/text.ts';
import { apiKeyAccesses, apiKeyAreas } from './api-keys.rules.ts';

/** Messages of the API keys section, the same in the browser and from the API. */
export const apiKeyMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  scopesRequired: 'Choose at least one area the key may use',
  expiryInPast: 'The expiry must be in the future',
  expiryTooFar: 'A key may live at most 2 years',
  keysOnly: 'API keys cannot call this operation',
  outOfScope: "This key's scopes do not allow this operation",
  invalidKey: 'This API key is not valid, has expired or was revoked',
} as const;

/** The expiry choices the page offers, in days; null: the key never expires. */
export const apiKeyExpiryChoices = [30, 90, 365, null] as const;

export const apiKeyArea = z.enum(apiKeyAreas);
export const apiKeyAccess = z.enum(apiKeyAccesses);

/** `{applications: 'read', campaigns: 'write'}`: areas left out are closed to the key. */
export const apiKeyScopes = z.partialRecord(apiKeyArea, apiKeyAccess);

const name = text({ error: apiKeyMessages.nameRequired })
  .trim()
  .min(1, { error: apiKeyMessages.nameRequired })
  .max(100, { error: apiKeyMessages.nameTooLong });

const scopes = apiKeyScopes.refine((s) => apiKeyAreas.some((a) => s[a] !== undefined), {
  error: apiKeyMessages.scopesRequired,
});

/** POST client/api_keys: `{apiKey: {name, scopes, expiresAt}}`; `expiresAt: null` never expires. */
export const newApiKey = z.object({
  name,
  scopes,
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type NewApiKey = z.input<typeof newApiKey>;
export const createApiKeyBody = z.object({ apiKey: newApiKey });

/** PATCH client/api_keys/{id}: `{apiKey: {name}}`. */
export const renameApiKeyBody = z.object({ apiKey: z.object({ name }) });

const dateTime = z.iso.datetime({ offset: true });

/** A key as its organization's primary users see it: never its secret. */
export const apiKey = z.object({
  id: z.number().int(),
  name: text(),
  /** `pwk_ab12cd34_…`: recognizes the key in a log without giving it away. */
  prefix: text(),
  scopes: apiKeyScopes,
  status: z.enum(['active', 'expired', 'revoked']),
  createdAt: dateTime,
  createdBy: z.object({ id: z.number().int(), name: text() }).nullable(),
  expiresAt: dateTime.nullable(),
  lastUsedAt: dateTime.nullable(),
  revokedAt: dateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyResponse = z.object({ apiKey });
export const apiKeyList = z.object({ items: z.array(apiKey) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

/** The answer of a creation: the key, and once and never again its full secret. */
export const createdApiKey = z.object({ apiKey, secret: text() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** One call made with a key. */
export const apiKeyRequest = z.object({
  at: dateTime,
  method: text(),
  /** The operation's path as the API document writes it, e.g. `/api/client/applications/{id}`. */
  route: text(),
  status: z.number().int(),
  durationMs: z.number().int(),
});
export type ApiKeyRequest = z.infer<typeof apiKeyRequest>;

export const apiKeyRequestsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(100).default(25),
});

export const apiKeyRequestList = z.object({
  items: z.array(apiKeyRequest),
  page: z.number().int(),
  per: z.number().int(),
  total: z.number().int(),
});
export type ApiKeyRequestList = z.infer<typeof apiKeyRequestList>;

/** How long the calls of a key are kept. */
export const API_KEY_REQUEST_RETENTION_DAYS = 90;
