import { count, isNotNull } from 'drizzle-orm';

import * as s from '../../db/schema/index.ts';
import { insertAll } from '../insert.ts';
import { createRandom } from '../random.ts';
import { DAY, DEMO_SEED, isoDate, type DemoContext } from './context.ts';

/** How far back the demo's campaign pages have been visited. */
const HISTORY_DAYS = 500;

/**
 * Page views of every campaign, per day, over the demo's history: about a dozen views per
 * person who signed up through the campaign, plus a few from people who did not. Drawn from a
 * stream of its own, so the rest of the demo data does not change with it.
 */
export async function insertCampaignVisits(ctx: DemoContext): Promise<void> {
  const { db, now } = ctx;
  const rng = createRandom(DEMO_SEED ^ 0xc0ffee);
  const campaignRows = await db.select({ id: s.campaigns.id }).from(s.campaigns);
  const signUps = new Map(
    (
      await db
        .select({ id: s.users.signupCampaignId, n: count() })
        .from(s.users)
        .where(isNotNull(s.users.signupCampaignId))
        .groupBy(s.users.signupCampaignId)
    ).map((row) => [row.id, row.n]),
  );
  const rows: (typeof s.campaignVisits.$inferInsert)[] = [];
  for (const { id } of campaignRows) {
    const expected = (signUps.get(id) ?? 0) * 12 + 30;
    const perVisitedDay = expected / (HISTORY_DAYS * 0.35);
    for (let day = HISTORY_DAYS - 1; day >= 0; day -= 1) {
      if (!rng.chance(0.35)) continue;
      rows.push({
        campaignId: id,
        day: isoDate(new Date(now.getTime() - day * DAY)),
        visits: rng.int(1, Math.max(2, Math.round(perVisitedDay * 2))),
      });
    }
  }
  await insertAll(db, s.campaignVisits, rows);
}
