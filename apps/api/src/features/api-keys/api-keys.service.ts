import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

import {
  API_KEY_ID_LENGTH,
  apiKeyDisplayPrefix,
  apiKeyStatus,
  expiryProblem,
  formatApiKey,
  parseApiKey,
} from '@pathways/shared/api-keys/api-keys.rules';
import {
  API_KEY_REQUEST_RETENTION_DAYS,
  apiKeyMessages,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyRequestList,
  type CreatedApiKey,
  type newApiKey,
} from '@pathways/shared/api-keys/api-keys.schemas';
import { authMessages } from '@pathways/shared/auth/auth.schemas';
import type { z } from 'zod';

import { clientScopeOf, requirePrimary, type ClientScope } from '../../access/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/access.ts';
import * as repo from './api-keys.repository.ts';

export type ApiKeysDeps = Pick<FeatureDeps, 'db' | 'now' | 'log'>;

const idAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

function newPublicId(): string {
  return Array.from({ length: API_KEY_ID_LENGTH }, () => idAlphabet[randomInt(36)]).join('');
}

/** A key's secret is 256 random bits: SHA-256 of it is as good as a slow hash, and fast. */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const fullName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

function toDto(row: repo.ApiKeyRow, at: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: apiKeyDisplayPrefix(row.publicId),
    scopes: row.scopes,
    status: apiKeyStatus(row, at),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.creator ? { id: row.creator.id, name: fullName(row.creator) } : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const invalidKey = () => new AppError('unauthenticated', apiKeyMessages.invalidKey);

/**
 * An organization's API keys: primary users create, name, revoke them and read their calls;
 * `authenticate` turns a key into the actor that calls with it. Every call reads the key afresh,
 * so a revocation or an expiry holds from the very next call.
 */
export function createApiKeysService(deps: ApiKeysDeps) {
  const { db, now } = deps;

  async function primaryScope(actor: Actor): Promise<ClientScope> {
    const scope = await clientScopeOf(db, actor);
    requirePrimary(scope, 'manage API keys');
    return scope;
  }

  async function keyOf(scope: ClientScope, id: number): Promise<repo.ApiKeyRow> {
    const row = await repo.findKey(db, scope.organizationId, id);
    if (!row) throw notFound('API key not found');
    return row;
  }

  return {
    async authenticate(token: string): Promise<Actor> {
      const parts = parseApiKey(token);
      if (!parts) throw invalidKey();
      const row = await repo.findKeyByPublicId(db, parts.publicId);
      if (!row || !sameHash(row.secretHash, hashSecret(parts.secret))) throw invalidKey();
      if (apiKeyStatus(row, now()) !== 'active') throw invalidKey();
      if (row.isBlocked) {
        throw new AppError('blocked', authMessages.blocked, { extra: { isBlocked: true } });
      }
      return {
        userId: row.userId,
        role: 'client',
        primary: true,
        sessionId: `api-key:${row.id}`,
        sessionExpiresAt: row.expiresAt ?? new Date(8.64e15),
        apiKey: { id: row.id, organizationId: row.organizationId, scopes: row.scopes },
      };
    },

    async list(actor: Actor): Promise<ApiKeyList> {
      const scope = await primaryScope(actor);
      const at = now();
      return { items: (await repo.listKeys(db, scope.organizationId)).map((r) => toDto(r, at)) };
    },

    async create(actor: Actor, input: z.output<typeof newApiKey>): Promise<CreatedApiKey> {
      const scope = await primaryScope(actor);
      const at = now();
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      const problem = expiryProblem(expiresAt, at);
      if (problem === 'past') throw fieldError('expiresAt', apiKeyMessages.expiryInPast);
      if (problem === 'tooFar') throw fieldError('expiresAt', apiKeyMessages.expiryTooFar);
      const secret = randomBytes(32).toString('base64url');
      // A public id is 36^8 wide: a clash is rare, and one more try settles it.
      for (let attempt = 0; ; attempt++) {
        const publicId = newPublicId();
        try {
          const id = await repo.insertKey(db, {
            organizationId: scope.organizationId,
            publicId,
            secretHash: hashSecret(secret),
            name: input.name,
            scopes: input.scopes,
            createdByUserId: scope.userId,
            createdAt: at,
            expiresAt,
          });
          return {
            apiKey: toDto(await keyOf(scope, id), at),
            secret: formatApiKey(publicId, secret),
          };
        } catch (error) {
          if (attempt < 2 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    async rename(actor: Actor, id: number, name: string): Promise<{ apiKey: ApiKey }> {
      const scope = await primaryScope(actor);
      if (!(await repo.renameKey(db, scope.organizationId, id, name))) {
        throw notFound('API key not found');
      }
      return { apiKey: toDto(await keyOf(scope, id), now()) };
    },

    async revoke(actor: Actor, id: number): Promise<{ apiKey: ApiKey }> {
      const scope = await primaryScope(actor);
      const at = now();
      if (!(await repo.revokeKey(db, scope.organizationId, id, at))) {
        throw notFound('API key not found');
      }
      return { apiKey: toDto(await keyOf(scope, id), at) };
    },

    async requests(
      actor: Actor,
      id: number,
      page: number,
      per: number,
    ): Promise<ApiKeyRequestList> {
      const scope = await primaryScope(actor);
      await keyOf(scope, id);
      const { items, total } = await repo.listRequests(db, id, page, per);
      return {
        items: items.map((r) => ({ ...r, at: r.at.toISOString() })),
        page,
        per,
        total,
      };
    },

    /** Deletes the calls older than the retention period, a batch at a time; how many went. */
    async purgeOldRequests(): Promise<number> {
      const before = new Date(now().getTime() - API_KEY_REQUEST_RETENTION_DAYS * 86_400_000);
      let deleted = 0;
      for (;;) {
        const n = await repo.deleteRequestsBefore(db, before, 5000);
        deleted += n;
        if (n < 5000) return deleted;
      }
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
