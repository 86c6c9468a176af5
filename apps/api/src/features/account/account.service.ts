import type { Actor, AuthService } from '../auth/index.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './account.repository.ts';

export interface AccountDeps extends FeatureDeps {
  auth: Pick<AuthService, 'requirePasswordIfSet' | 'setTimeZone'>;
  /** Removes every stored file of the user (documents, avatar). */
  deleteUserFiles: (userId: number) => Promise<void>;
}

export function createAccountService(deps: AccountDeps) {
  return {
    async exportData(actor: Actor) {
      const everything = await repo.loadEverythingAbout(deps.db, actor.userId);
      if (!everything) throw notFound();
      return { exportedAt: deps.now().toISOString(), account: everything };
    },

    /**
     * The time zone the user reads times in: on screen, and in the e-mails sent to them about
     * interviews. Null returns to the default.
     */
    setTimeZone(actor: Actor, timeZone: string | null) {
      return deps.auth.setTimeZone(actor, timeZone);
    },

    /**
     * Confirmed with the password where the account has one. Deleting an account removes the user row (personal data cascades with it) in one
     * transaction, then the stored files. A file left behind by a failed delete is logged.
     */
    async deleteAccount(actor: Actor, currentPassword: string | undefined): Promise<void> {
      await deps.auth.requirePasswordIfSet(actor, currentPassword);
      await deps.db.transaction((tx) => repo.deleteUser(tx, actor.userId));
      try {
        await deps.deleteUserFiles(actor.userId);
      } catch (error) {
        deps.log.error({ err: error, userId: actor.userId }, 'files of a deleted account remain');
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
