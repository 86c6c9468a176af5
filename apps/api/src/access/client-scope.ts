import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { Actor } from '../plugins/access.ts';
import * as repo from './access.repository.ts';

/**
 * What a signed-in client user may reach: their one organization, and whether they are one of
 * its primary users. A primary user manages everything in the organization; any other client
 * user manages only the opportunities that list them as a manager.
 *
 * Every client route starts here. Objects of another organization answer 404 (never 403), so a
 * client cannot learn what exists elsewhere.
 */
export interface ClientScope {
  userId: number;
  organizationId: number;
  primary: boolean;
}

/**
 * The scope of the calling client user, read from the database on every call (not from the
 * token), so a primary flag withdrawn a moment ago no longer counts. An API key's scope is its
 * organization's, as a primary user's.
 */
export async function clientScopeOf(db: Db, actor: Actor): Promise<ClientScope> {
  if (actor.role !== 'client') throw new AppError('forbidden', 'This is for client users');
  // An organization's API key acts as a primary user of its organization (within its scopes,
  // which the access plugin has checked), whatever became of the person who created it.
  if (actor.apiKey) {
    return { userId: actor.userId, organizationId: actor.apiKey.organizationId, primary: true };
  }
  const membership = await repo.findMembership(db, actor.userId);
  if (!membership) {
    throw new AppError('forbidden', 'Your account does not belong to an organization');
  }
  return { userId: actor.userId, ...membership };
}

/**
 * Refuses a non-primary client user with a 403 that says why: `action` completes the sentence
 * "Only a primary user of your organization can …" (e.g. "change the organization").
 */
export function requirePrimary(scope: ClientScope, action: string): void {
  if (!scope.primary) {
    throw new AppError('forbidden', `Only a primary user of your organization can ${action}`);
  }
}
