import {
  computeActionItems,
  profileCompletion,
  type ActionItemsSnapshot,
} from '@pathways/shared/action-items/action-items.rules';
import type {
  ActionItemsResponse,
  ProfileCompletion,
} from '@pathways/shared/action-items/action-items.schemas';

import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../auth/index.ts';
import { documentKindsOf } from '../documents/index.ts';
import { profileFactsOf, storeProfileCompletion } from '../profile/index.ts';
import { openFlagSections } from '../screening/index.ts';
import { openApplicationFacts } from './action-items.repository.ts';

export function createActionItemsService(deps: Pick<FeatureDeps, 'db' | 'now'>) {
  const { db, now } = deps;

  /**
   * One snapshot, a fixed number of queries: the user with the profile facts, the
   * qualifications, the document kinds, the open applications and the flagged sections.
   */
  async function snapshotOf(tx: DbOrTx, userId: number) {
    const loaded = await profileFactsOf(tx, userId);
    if (!loaded) throw notFound();
    const snapshot: ActionItemsSnapshot = {
      now: now(),
      avatar: loaded.user.avatar,
      profile: loaded.facts,
      user: loaded.user,
      documentKinds: await documentKindsOf(tx, userId),
      applications: await openApplicationFacts(tx, userId),
      flaggedSections: await openFlagSections(tx, userId),
    };
    // The stored percentage follows the rules (an avatar changes it outside the profile).
    const { percentage } = profileCompletion(snapshot);
    if (loaded.profileId !== null && loaded.completion !== percentage) {
      await storeProfileCompletion(tx, loaded.profileId, percentage);
    }
    return snapshot;
  }

  return {
    async list(actor: Actor): Promise<ActionItemsResponse> {
      return { items: computeActionItems(await snapshotOf(db, actor.userId)) };
    },

    async completion(actor: Actor): Promise<ProfileCompletion> {
      const loaded = await profileFactsOf(db, actor.userId);
      if (!loaded) throw notFound();
      const completion = profileCompletion({ profile: loaded.facts, avatar: loaded.user.avatar });
      if (loaded.profileId !== null && loaded.completion !== completion.percentage) {
        await storeProfileCompletion(db, loaded.profileId, completion.percentage);
      }
      return completion;
    },
  };
}

export type ActionItemsService = ReturnType<typeof createActionItemsService>;
