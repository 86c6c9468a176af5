import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Everything Pathways keeps about one candidate, for the "download my data" export. The
 * account feature reads across tables here on purpose: an export must miss nothing.
 */
export async function loadEverythingAbout(db: DbOrTx, userId: number) {
  return db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { passwordHash: false },
    with: {
      profile: {
        with: {
          experiences: true,
          profileQualifications: { with: { components: true, disciplines: true } },
          achievements: true,
          affiliations: true,
          languageProficiencies: true,
          studyRights: true,
          workRights: true,
          assessmentResults: true,
        },
      },
      applications: {
        with: {
          opportunity: { columns: { id: true, name: true, kind: true } },
          phase: { columns: { id: true, name: true } },
          locations: true,
          phaseEvents: true,
          screeningAnswers: true,
          chats: { with: { messages: true } },
        },
      },
      eligibilities: true,
      documents: { columns: { storageKey: false } },
      notifications: true,
    },
  });
}

export async function deleteUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
