import type { Readable } from 'node:stream';

import { slugMessages, slugProblem } from '@pathways/shared/campaigns/campaign-slug';
import {
  campaignKey,
  type CampaignAlias,
  type CampaignCopyInput,
  type CampaignPatch,
  type CampaignValues,
  type ClientCampaign,
  type ClientCampaignList,
  type PublicCampaign,
} from '@pathways/shared/campaigns/campaigns.schemas';
import type { FieldErrors } from '@pathways/shared/common/errors';
import { avatarContentTypes, documentMessages } from '@pathways/shared/documents/documents.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import type { SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createStorage } from '../../lib/storage.ts';
import type { Actor } from '../../plugins/access.ts';
import {
  deleteBlobs,
  makeBannerImage,
  sniffContentType,
  type ReceivedUpload,
} from '../documents/index.ts';

import {
  CAMPAIGN_IMAGE_MAX_HEIGHT,
  CAMPAIGN_IMAGE_MAX_WIDTH,
  campaignImageKeyOf,
  campaignImageKeyOfFile,
  campaignImageUrlOf,
  newCampaignImageKey,
} from './campaign-images.ts';
import * as repo from './campaigns.repository.ts';
import { type ClientScope, clientScopeOf, requirePrimary } from '../../access/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toPublicCampaign(row: repo.CampaignRow): PublicCampaign {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    description: row.description,
    image: row.image,
    copy: row.copy,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    organization: row.organization,
    opportunity:
      row.opportunityId !== null && row.opportunityName !== null
        ? { id: row.opportunityId, name: row.opportunityName }
        : null,
  };
}

export function createCampaignsService(deps: Pick<FeatureDeps, 'db'>) {
  const { db } = deps;
  return {
    /**
     * GET campaigns/{id}: `id` is the numeric id, the slug (the page is /campaign/{slug}) or a
     * legacy alias, tried in that order, so /campaign/{old code} works as well as the redirect.
     */
    async campaign(key: string): Promise<PublicCampaign> {
      const row = await repo.findCampaignByKey(db, key);
      if (!row) throw notFound('Campaign not found');
      return toPublicCampaign(row);
    },

    /** GET campaign_aliases/{alias}: where a legacy short path leads. */
    async alias(alias: string): Promise<CampaignAlias> {
      const row = await repo.findAlias(db, alias);
      if (!row) throw notFound('No campaign has this code');
      return {
        alias: row.alias,
        campaign: { id: row.campaignId, slug: row.slug },
        path: paths.campaign(row.alias),
      };
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;

/**
 * Where a legacy short path (`/{alias}`, one path segment) leads: `/campaign/{the same code}`
 * (the old programme codes of banks, law firms and the like; the campaign page takes an alias as
 * well as the slug), or
 * undefined when the segment is no campaign alias. The server answers such paths with a 301.
 */
export async function legacyCampaignPath(
  deps: Pick<FeatureDeps, 'db'>,
  segment: string,
): Promise<string | undefined> {
  const alias = campaignKey.safeParse(segment);
  if (!alias.success) return undefined;
  const row = await repo.findAlias(deps.db, alias.data);
  return row ? paths.campaign(row.alias) : undefined;
}

// ---------------------------------------------------------------------------------------------
// The client's campaigns. A client user sees the campaigns of their own organization only:
// a primary user all of them; any other user the organization's own campaigns and those of
// the opportunities they manage, read-only. Only primary users create, change or delete.

const PRIMARY_ACTION = 'manage the campaigns';

const invalid = (errors: FieldErrors) =>
  new AppError('validation', 'The campaign could not be saved', { errors });

function toClientCampaign(row: repo.ClientCampaignRow, scope: ClientScope): ClientCampaign {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    description: row.description,
    image: row.image,
    copy: row.copy,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    opportunity:
      row.opportunityId !== null && row.opportunityName !== null
        ? { id: row.opportunityId, name: row.opportunityName }
        : null,
    aliases: row.aliases,
    path: paths.campaign(row.slug),
    editable: scope.primary,
  };
}

/** Known copy keys set or cleared (an empty string clears); other stored keys are kept. */
function mergeCopy(
  stored: Record<string, string>,
  input: CampaignCopyInput,
): Record<string, string> {
  const copy = { ...stored };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (value === '') delete copy[key];
    else copy[key] = value;
  }
  return copy;
}

export function createClientCampaignsService(deps: FeatureDeps) {
  const { db } = deps;
  const storage = createStorage(deps.config);

  async function visible(scope: ClientScope, where: SQL) {
    const row = await repo.findVisibleCampaign(db, scope, where);
    if (!row) throw notFound('Campaign not found');
    return row;
  }

  /**
   * The checks that need the database: the slug and new aliases free (one namespace with every
   * other campaign's slug and aliases, in any organization), new aliases by the slug rules, and
   * the opportunity one of the organization's own. All problems at once, by field.
   */
  async function check(
    tx: DbOrTx,
    scope: ClientScope,
    campaignId: number | null,
    input: { slug?: string; aliases?: string[]; opportunityId?: number | null },
  ) {
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const existing = campaignId === null ? [] : await repo.aliasesOf(tx, campaignId);
    const kept = new Set(existing.map((alias) => alias.toLowerCase()));
    const newAliases = (input.aliases ?? []).filter((alias) => !kept.has(alias.toLowerCase()));
    const seen = new Set<string>();
    for (const alias of input.aliases ?? []) {
      const lower = alias.toLowerCase();
      if (seen.has(lower)) add('aliases', `“${alias}” is listed twice`);
      seen.add(lower);
      if (input.slug !== undefined && lower === input.slug.toLowerCase()) {
        add('aliases', `“${alias}” is the campaign's own slug`);
      }
    }
    for (const alias of newAliases) {
      const problem = slugProblem(alias);
      if (problem) add('aliases', `“${alias}” ${problem}`);
    }
    const taken = await repo.keysTakenElsewhere(
      tx,
      [...(input.slug !== undefined ? [input.slug] : []), ...newAliases],
      campaignId,
    );
    if (input.slug !== undefined && taken.has(input.slug.toLowerCase())) {
      add('slug', slugMessages.taken);
    }
    for (const alias of newAliases) {
      if (taken.has(alias.toLowerCase())) add('aliases', `“${alias}” ${slugMessages.taken}`);
    }
    if (
      input.opportunityId !== undefined &&
      input.opportunityId !== null &&
      !(await repo.opportunityOfOrganization(tx, scope.organizationId, input.opportunityId))
    ) {
      add('opportunityId', 'must be an opportunity of your organization');
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
  }

  /** A unique violation that slipped past the check (two saves at once) is still a 422. */
  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw invalid({ slug: [slugMessages.taken], aliases: ['one of these is already taken'] });
      }
      throw error;
    }
  }

  return {
    async list(actor: Actor, query: { page: number; per: number }): Promise<ClientCampaignList> {
      const scope = await clientScopeOf(db, actor);
      const { rows, total } = await repo.listVisibleCampaigns(db, scope, query);
      return {
        items: rows.map((row) => toClientCampaign(row, scope)),
        page: query.page,
        per: query.per,
        total,
        opportunities: scope.primary
          ? await repo.opportunitiesOfOrganization(db, scope.organizationId)
          : [],
      };
    },

    async get(actor: Actor, id: number): Promise<ClientCampaign> {
      const scope = await clientScopeOf(db, actor);
      return toClientCampaign(await visible(scope, repo.byId(id)), scope);
    },

    async create(actor: Actor, input: CampaignValues): Promise<ClientCampaign> {
      const scope = await clientScopeOf(db, actor);
      requirePrimary(scope, PRIMARY_ACTION);
      const id = await saving(() =>
        db.transaction(async (tx) => {
          await check(tx, scope, null, input);
          const id = await repo.insertCampaign(tx, {
            slug: input.slug,
            name: input.name,
            kind: input.opportunityId === null ? 'organization' : 'opportunity',
            organizationId: scope.organizationId,
            opportunityId: input.opportunityId,
            description: input.description,
            copy: mergeCopy({}, input.copy),
            startsAt: input.startsAt ? new Date(input.startsAt) : null,
            endsAt: input.endsAt ? new Date(input.endsAt) : null,
            createdById: scope.userId,
          });
          await repo.replaceAliases(tx, id, input.aliases);
          return id;
        }),
      );
      return toClientCampaign(await visible(scope, repo.byId(id)), scope);
    },

    /** PATCH by slug: the campaign's current slug (or numeric id) within the organization. */
    async update(actor: Actor, slug: string, input: CampaignPatch): Promise<ClientCampaign> {
      const scope = await clientScopeOf(db, actor);
      const found = await visible(
        scope,
        /^\d+$/.test(slug) ? repo.byId(Number(slug)) : repo.bySlug(slug),
      );
      requirePrimary(scope, PRIMARY_ACTION);
      await saving(() =>
        db.transaction(async (tx) => {
          const current = await repo.lockCampaign(tx, found.id);
          if (!current) throw notFound('Campaign not found');
          await check(tx, scope, found.id, input);
          const startsAt =
            input.startsAt === undefined
              ? current.startsAt
              : input.startsAt === null
                ? null
                : new Date(input.startsAt);
          const endsAt =
            input.endsAt === undefined
              ? current.endsAt
              : input.endsAt === null
                ? null
                : new Date(input.endsAt);
          if (startsAt && endsAt && endsAt <= startsAt) {
            throw invalid({ endsAt: ['must be after the start'] });
          }
          await repo.updateCampaign(tx, found.id, {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.slug !== undefined && { slug: input.slug }),
            ...(input.description !== undefined && { description: input.description }),
            ...(input.opportunityId !== undefined && {
              opportunityId: input.opportunityId,
              kind: input.opportunityId === null ? 'organization' : 'opportunity',
            }),
            startsAt,
            endsAt,
            ...(input.copy !== undefined && { copy: mergeCopy(current.copy, input.copy) }),
          });
          if (input.aliases !== undefined) await repo.replaceAliases(tx, found.id, input.aliases);
        }),
      );
      return toClientCampaign(await visible(scope, repo.byId(found.id)), scope);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const scope = await clientScopeOf(db, actor);
      await visible(scope, repo.byId(id));
      requirePrimary(scope, PRIMARY_ACTION);
      const deleted = await db.transaction((tx) => repo.deleteCampaign(tx, id));
      const key = campaignImageKeyOf(deleted?.image);
      if (key) await deleteBlobs({ storage, log: deps.log }, [key]);
    },

    /** Content-checked, resized and stripped of metadata, then shown on the campaign page. */
    async setImage(actor: Actor, id: number, upload: ReceivedUpload): Promise<ClientCampaign> {
      const scope = await clientScopeOf(db, actor);
      await visible(scope, repo.byId(id));
      requirePrimary(scope, PRIMARY_ACTION);
      const file = upload.file;
      const refuse = (message: string) => invalid({ file: [message] });
      if (!file) throw refuse(documentMessages.fileRequired);
      if (file.bytes.length === 0) throw refuse(documentMessages.fileEmpty);
      const sniffed = sniffContentType(file.bytes);
      if (!sniffed || !(avatarContentTypes as readonly string[]).includes(sniffed)) {
        throw refuse(documentMessages.avatarType);
      }
      let webp: Buffer;
      try {
        webp = await makeBannerImage(
          file.bytes,
          CAMPAIGN_IMAGE_MAX_WIDTH,
          CAMPAIGN_IMAGE_MAX_HEIGHT,
        );
      } catch {
        throw refuse(documentMessages.avatarType);
      }
      const key = newCampaignImageKey(id);
      await storage.put(key, webp, 'image/webp');
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const current = await repo.lockCampaign(tx, id);
          if (!current) throw notFound('Campaign not found');
          await repo.updateCampaign(tx, id, { image: campaignImageUrlOf(key) });
          return current.image;
        });
      } catch (error) {
        await deleteBlobs({ storage, log: deps.log }, [key]);
        throw error;
      }
      const previousKey = campaignImageKeyOf(previous);
      if (previousKey) await deleteBlobs({ storage, log: deps.log }, [previousKey]);
      return toClientCampaign(await visible(scope, repo.byId(id)), scope);
    },

    async removeImage(actor: Actor, id: number): Promise<ClientCampaign> {
      const scope = await clientScopeOf(db, actor);
      await visible(scope, repo.byId(id));
      requirePrimary(scope, PRIMARY_ACTION);
      const previous = await db.transaction(async (tx) => {
        const current = await repo.lockCampaign(tx, id);
        if (!current) throw notFound('Campaign not found');
        await repo.updateCampaign(tx, id, { image: null });
        return current.image;
      });
      const previousKey = campaignImageKeyOf(previous);
      if (previousKey) await deleteBlobs({ storage, log: deps.log }, [previousKey]);
      return toClientCampaign(await visible(scope, repo.byId(id)), scope);
    },

    /** The stored WebP behind `/api/campaign_images/<file>`; unknown names are not found. */
    async imageFile(file: string): Promise<Readable> {
      const key = campaignImageKeyOfFile(file);
      const body = key ? await storage.get(key) : null;
      if (!body) throw notFound('Image not found');
      return body;
    },
  };
}

// What other features read of campaigns.

/**
 * A campaign by its key: the numeric id, the slug (case-insensitive) or a legacy alias, tried
 * in that order.
 */
export function campaignByKey(db: DbOrTx, key: string) {
  return repo.findCampaignByKey(db, key);
}

/**
 * The campaign an application to `opportunityId` came through: the candidate's sign-up
 * campaign when it covers the opportunity (a campaign of that opportunity, or of its
 * organization as a whole); null otherwise.
 */
export function campaignCovering(db: DbOrTx, candidateId: number, opportunityId: number) {
  return repo.campaignCovering(db, candidateId, opportunityId);
}
