import type { Readable } from 'node:stream';

import {
  LOGO_MAX_PX,
  organizationMessages,
  type ClientOrganization,
  type OrganizationLocation,
  type OrganizationLocationInput,
  type OrganizationLogoResponse,
  type OrganizationPatch,
  type PublicOrganization,
} from '@pathways/shared/organizations/organizations.schemas';

import { paths } from '@pathways/shared/navigation/paths';
import { nameSlug } from '@pathways/shared/opportunities/job-posting';

import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { createStorage, type Storage } from '../../lib/storage.ts';
import type { Actor } from '../../plugins/access.ts';
import { makeLogo, storedPictures, type ReceivedUpload } from '../documents/index.ts';

import { logoKeys } from './logo-keys.ts';
import * as map from './organizations.mapper.ts';
import * as repo from './organizations.repository.ts';
import { type ClientScope, clientScopeOf, requirePrimary } from '../../access/index.ts';

export interface OrganizationsDeps extends Pick<FeatureDeps, 'db' | 'now' | 'log'> {
  storage: Storage;
}

export function organizationsDepsOf(deps: FeatureDeps): OrganizationsDeps {
  return { db: deps.db, now: deps.now, log: deps.log, storage: createStorage(deps.config) };
}

const CHANGE = 'change the organization';

/** Route ids are positive 32-bit integers. */
const MAX_ID = 2_147_483_647;

/**
 * Where an organization's page lives when `path` names it otherwise: `/organizations/{id}`
 * without its name, or with a name it no longer has, leads to `/organizations/{id}/{name}`.
 * Undefined for the canonical address itself, for any other path and for an organization that
 * does not exist (its page answers not found). The server answers with a permanent redirect.
 */
export async function canonicalOrganizationPath(
  deps: Pick<FeatureDeps, 'db'>,
  path: string,
): Promise<string | undefined> {
  const match = /^\/organizations\/([1-9]\d{0,9})(?:\/([^/]+))?$/.exec(path);
  if (!match) return undefined;
  const id = Number(match[1]);
  if (id > MAX_ID) return undefined;
  const row = await repo.findOrganization(deps.db, id);
  if (!row) return undefined;
  const slug = nameSlug(row.name);
  const canonical = slug ? `${paths.organization(id)}/${slug}` : paths.organization(id);
  return canonical === path ? undefined : canonical;
}

/**
 * An organization's first address (the first of its locations), for what describes one of its
 * opportunities that has no place of its own; undefined when it has none or does not exist.
 */
export async function organizationAddress(
  deps: Pick<FeatureDeps, 'db'>,
  id: number,
): Promise<OrganizationLocation | undefined> {
  const row = await repo.findFirstLocation(deps.db, id);
  return row && map.toLocationDto(row);
}

export function createOrganizationsService(deps: OrganizationsDeps) {
  const { db, now } = deps;
  const logos = storedPictures(
    deps,
    logoKeys,
    (bytes) => makeLogo(bytes, LOGO_MAX_PX),
    organizationMessages.logoNotFound,
  );

  async function publicView(id: number): Promise<PublicOrganization | undefined> {
    const row = await repo.findOrganization(db, id);
    if (!row) return undefined;
    return map.toOrganizationDto(row, await repo.listLocations(db, id));
  }

  async function ownView(scope: ClientScope): Promise<ClientOrganization> {
    const view = await publicView(scope.organizationId);
    // A client user's organization exists while they do (rows cascade with it).
    if (!view) throw notFound('Organization not found');
    return { ...view, canEdit: scope.primary };
  }

  return {
    /** The public profile of any organization, with its locations. */
    async publicOrganization(id: number): Promise<PublicOrganization> {
      const view = await publicView(id);
      if (!view) throw notFound('Organization not found');
      return view;
    },

    /**
     * The name of any organization, and nothing else: what a page or a feed about it needs when
     * it lists none of its locations. Every organization is public; an unknown id is not found.
     */
    async publicName(id: number): Promise<string> {
      const name = await repo.findOrganizationName(db, id);
      if (name === undefined) throw notFound('Organization not found');
      return name;
    },

    /** The caller's own organization: any of its client users may read it. */
    async own(actor: Actor): Promise<ClientOrganization> {
      return ownView(await clientScopeOf(db, actor));
    },

    /** Changes the given fields; only a primary user may. */
    async update(actor: Actor, changes: OrganizationPatch): Promise<ClientOrganization> {
      const scope = await clientScopeOf(db, actor);
      requirePrimary(scope, CHANGE);
      await repo.updateOrganization(db, scope.organizationId, changes, now());
      return ownView(scope);
    },

    /** Resizes and strips the picture, stores it, and makes it the organization's logo. */
    async setLogo(actor: Actor, upload: ReceivedUpload): Promise<OrganizationLogoResponse> {
      const scope = await clientScopeOf(db, actor);
      requirePrimary(scope, CHANGE);
      const logo = await logos.replace(scope.organizationId, upload, (url) =>
        db.transaction(async (tx) => {
          const before = await repo.lockOrganization(tx, scope.organizationId);
          await repo.updateOrganization(tx, scope.organizationId, { logo: url }, now());
          return before.logo;
        }),
      );
      return { logo };
    },

    async removeLogo(actor: Actor): Promise<void> {
      const scope = await clientScopeOf(db, actor);
      requirePrimary(scope, CHANGE);
      await logos.remove(() =>
        db.transaction(async (tx) => {
          const before = await repo.lockOrganization(tx, scope.organizationId);
          if (before.logo !== null) {
            await repo.updateOrganization(tx, scope.organizationId, { logo: null }, now());
          }
          return before.logo;
        }),
      );
    },

    /** The stored WebP behind `/api/organization_logos/<file>`; other names are not found. */
    logoFile(file: string): Promise<Readable> {
      return logos.file(file);
    },

    async addLocation(
      actor: Actor,
      input: OrganizationLocationInput,
    ): Promise<OrganizationLocation> {
      const scope = await clientScopeOf(db, actor);
      requirePrimary(scope, CHANGE);
      const row = await repo.insertLocation(db, scope.organizationId, {
        address: input.address,
        name: input.name ?? null,
        city: input.city ?? null,
        province: input.province ?? null,
        country: input.country,
        latitude: input.latitude,
        longitude: input.longitude,
      });
      return map.toLocationDto(row);
    },

    /** Another organization's location, or one that does not exist, is not found. */
    async removeLocation(actor: Actor, id: number): Promise<void> {
      const scope = await clientScopeOf(db, actor);
      requirePrimary(scope, CHANGE);
      const deleted = await repo.deleteLocation(db, scope.organizationId, id);
      if (!deleted) throw notFound(organizationMessages.locationNotFound);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
