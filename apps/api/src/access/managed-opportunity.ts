import type { DbOrTx } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import * as repo from './access.repository.ts';
import type { ClientScope } from './client-scope.ts';

/**
 * A client user manages an opportunity (a workspace) when they are a primary user of its
 * organization, or when the opportunity lists them among its managers. Any other opportunity,
 * of this organization or another, answers 404: a client never learns what they do not manage.
 * Returns the opportunity id, so callers write `const id = await managedOpportunity(...)`.
 */
export async function managedOpportunity(
  db: DbOrTx,
  scope: ClientScope,
  opportunityId: number,
): Promise<number> {
  const id = await repo.findManagedOpportunityId(db, scope, opportunityId);
  if (id === undefined) throw notFound('Opportunity not found');
  return id;
}
