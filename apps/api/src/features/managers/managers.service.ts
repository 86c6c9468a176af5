import {
  managerMessages,
  type ClientMe,
  type ClientUser,
  type clientChanges,
  type newClient,
} from '@pathways/shared/managers/managers.schemas';
import { keepsAPrimary } from '@pathways/shared/managers/managers.rules';
import { authMessages } from '@pathways/shared/auth/auth.schemas';
import type { z } from 'zod';

import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { Actor } from '../../plugins/access.ts';
import { shutOut, type AuthService, type UserRow } from '../auth/index.ts';
import { activeWorkspacesOf, countManagedWorkspaces } from '../workspaces/index.ts';
import { clientScopeOf, requirePrimary, type ClientScope } from '../../access/index.ts';
import { invitationMail } from './managers.mails.ts';
import * as repo from './managers.repository.ts';

export interface ManagersDeps extends FeatureDeps {
  auth: Pick<AuthService, 'invitationLink' | 'ownUser'>;
}

function toClientUser(row: repo.ClientRow): ClientUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    jobTitle: row.jobTitle,
    primary: row.primary,
    active: row.deactivatedAt === null,
    status: row.joined ? 'joined' : 'invited',
    invitedAt: row.invitedAt?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

const fullName = (row: { firstName: string | null; lastName: string | null; email: string }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;

/**
 * The managers of an organization (its client users). Every client user may read the list of
 * their colleagues, so a manager knows whom to ask for feedback or for access; only a primary
 * user adds, invites, changes, deactivates or reactivates them.
 */
export function createManagersService(deps: ManagersDeps) {
  const { db, now } = deps;

  // Mail goes out after the transaction commits; a failed delivery is logged, never a lost write.
  async function deliver(mail: Mail) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.log.error({ err: error, to: mail.to, subject: mail.subject }, 'e-mail delivery failed');
    }
  }

  async function visibleClient(scope: ClientScope, id: number): Promise<repo.ClientRow> {
    const row = await repo.findClient(db, scope.organizationId, id);
    if (!row) throw notFound('User not found');
    return row;
  }

  /** Writes a fresh invitation link (voiding older ones) and returns the mail to send. */
  async function prepareInvitation(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    scope: ClientScope,
    user: UserRow,
  ): Promise<Mail> {
    const inviter = await repo.findUserRow(tx, scope.userId);
    const organization = (await repo.findOrganizationName(tx, scope.organizationId)) ?? '';
    const url = await deps.auth.invitationLink(tx, user);
    return invitationMail(user.email, {
      firstName: user.firstName,
      inviter: inviter ? fullName(inviter) : 'A colleague',
      organization,
      url,
    });
  }

  return {
    async me(actor: Actor): Promise<ClientMe> {
      const scope = await clientScopeOf(db, actor);
      const [organizationName, activeWorkspaces, managedWorkspaceCount] = await Promise.all([
        repo.findOrganizationName(db, scope.organizationId),
        activeWorkspacesOf(db, scope, now()),
        countManagedWorkspaces(db, scope),
      ]);
      return {
        organizationId: scope.organizationId,
        organizationName: organizationName ?? '',
        primary: scope.primary,
        activeWorkspaces,
        managedWorkspaceCount,
      };
    },

    async list(actor: Actor, query: { page: number; per: number }) {
      const scope = await clientScopeOf(db, actor);
      const { rows, total } = await repo.listClients(db, scope.organizationId, {
        limit: query.per,
        offset: (query.page - 1) * query.per,
      });
      return { items: rows.map(toClientUser), page: query.page, per: query.per, total };
    },

    async show(actor: Actor, id: number): Promise<ClientUser> {
      const scope = await clientScopeOf(db, actor);
      return toClientUser(await visibleClient(scope, id));
    },

    /** Adds a colleague without a password and e-mails them a link to choose one. */
    async create(actor: Actor, input: z.output<typeof newClient>): Promise<ClientUser> {
      const scope = await clientScopeOf(db, actor);
      requirePrimary(scope, 'add managers');
      if (await repo.emailTaken(db, input.email)) {
        throw fieldError('email', authMessages.emailTaken);
      }
      let created: { id: number; mail: Mail };
      try {
        created = await db.transaction(async (tx) => {
          const user = await repo.insertInvitedClient(tx, {
            organizationId: scope.organizationId,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            jobTitle: input.jobTitle ?? null,
            invitedById: scope.userId,
            invitedAt: now(),
          });
          return { id: user.id, mail: await prepareInvitation(tx, scope, user) };
        });
      } catch (error) {
        // Two primary users adding the same address at once: the second one hears it is taken.
        if (isUniqueViolation(error)) throw fieldError('email', authMessages.emailTaken);
        throw error;
      }
      await deliver(created.mail);
      return toClientUser(await visibleClient(scope, created.id));
    },

    /**
     * Names, job title, primary and active. The organization always keeps an active primary
     * user; deactivating someone ends their sessions and voids their links at once.
     */
    async update(
      actor: Actor,
      id: number,
      changes: z.output<typeof clientChanges>,
    ): Promise<ClientUser> {
      const scope = await clientScopeOf(db, actor);
      await visibleClient(scope, id);
      requirePrimary(scope, 'change managers');
      await db.transaction(async (tx) => {
        await repo.lockOrganization(tx, scope.organizationId);
        const members = await repo.findMembers(tx, scope.organizationId);
        // The caller's own flag may have been withdrawn while this request waited for the lock.
        const caller = members.find((m) => m.id === scope.userId);
        requirePrimary({ ...scope, primary: caller?.primary === true }, 'change managers');
        if (!keepsAPrimary(members, id, { primary: changes.primary, active: changes.active })) {
          throw new AppError('conflict', managerMessages.lastPrimary);
        }
        const at = now();
        const current = members.find((m) => m.id === id);
        const deactivating = changes.active === false && current?.active === true;
        await repo.updateClient(
          tx,
          id,
          {
            ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
            ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
            ...(changes.primary !== undefined ? { primary: changes.primary } : {}),
          },
          {
            ...(changes.jobTitle !== undefined ? { jobTitle: changes.jobTitle } : {}),
            ...(changes.active === true ? { deactivatedAt: null } : {}),
            ...(deactivating ? { deactivatedAt: at } : {}),
          },
          at,
        );
        if (deactivating) {
          await shutOut(tx, id, at);
        }
      });
      return toClientUser(await visibleClient(scope, id));
    },

    /** A fresh invitation link; the previous one stops working. */
    async invite(actor: Actor, id: number): Promise<{ client: ClientUser; message: string }> {
      const scope = await clientScopeOf(db, actor);
      const row = await visibleClient(scope, id);
      requirePrimary(scope, 'invite managers');
      if (row.deactivatedAt) throw new AppError('conflict', managerMessages.deactivatedNotInvited);
      const mail = await db.transaction(async (tx) => {
        const user = await repo.findUserRow(tx, id);
        if (!user) throw notFound('User not found');
        await repo.updateClient(tx, id, {}, { invitedAt: now(), invitedById: scope.userId }, now());
        return prepareInvitation(tx, scope, user);
      });
      await deliver(mail);
      return {
        client: toClientUser(await visibleClient(scope, id)),
        message: `A new invitation is on its way to ${row.email}.`,
      };
    },
  };
}

export type ManagersService = ReturnType<typeof createManagersService>;
