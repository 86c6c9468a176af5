import { eq, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import { campaignAliases, campaigns, opportunities, organizations } from '../../db/schema/index.ts';

export interface CampaignRow {
  id: number;
  slug: string;
  name: string;
  kind: 'organization' | 'opportunity';
  description: string | null;
  image: string | null;
  copy: Record<string, string>;
  startsAt: Date | null;
  endsAt: Date | null;
  organization: { id: number; name: string; logo: string | null };
  opportunityId: number | null;
  opportunityName: string | null;
}

async function findCampaign(db: DbOrTx, where: SQL): Promise<CampaignRow | undefined> {
  const c = campaigns;
  const [row] = await db
    .select({
      id: c.id,
      slug: c.slug,
      name: c.name,
      kind: c.kind,
      description: c.description,
      image: c.image,
      copy: c.copy,
      startsAt: c.startsAt,
      endsAt: c.endsAt,
      organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
      opportunityId: opportunities.id,
      opportunityName: opportunities.name,
    })
    .from(c)
    .innerJoin(organizations, eq(organizations.id, c.organizationId))
    .leftJoin(opportunities, eq(opportunities.id, c.opportunityId))
    .where(where)
    .limit(1);
  return row;
}

export const findCampaignById = (db: DbOrTx, id: number) => findCampaign(db, eq(campaigns.id, id));

/** Slugs are citext: `/campaign/IBTech` finds `ibtech`. */
export const findCampaignBySlug = (db: DbOrTx, slug: string) =>
  findCampaign(db, eq(campaigns.slug, slug));

/** The campaign a legacy alias (case-insensitive) leads to. */
export const findCampaignByAlias = (db: DbOrTx, alias: string) =>
  findCampaign(
    db,
    sql`${campaigns.id} = (select ${campaignAliases.campaignId} from ${campaignAliases} where ${campaignAliases.alias} = ${alias})`,
  );

/** Ids beyond PostgreSQL's integer range cannot name a campaign. */
const MAX_ID = 2_147_483_647;

/**
 * A campaign by its key: the numeric id, the slug (case-insensitive) or a legacy alias, tried
 * in that order, so an old programme code leads to the campaign as well as its slug does.
 */
export async function findCampaignByKey(db: DbOrTx, key: string): Promise<CampaignRow | undefined> {
  const id = /^\d+$/.test(key) ? Number(key) : undefined;
  return (
    (id !== undefined && id <= MAX_ID ? await findCampaignById(db, id) : undefined) ??
    (await findCampaignBySlug(db, key)) ??
    (await findCampaignByAlias(db, key))
  );
}

export async function findAlias(db: DbOrTx, alias: string) {
  const [row] = await db
    .select({ alias: campaignAliases.alias, campaignId: campaigns.id, slug: campaigns.slug })
    .from(campaignAliases)
    .innerJoin(campaigns, eq(campaigns.id, campaignAliases.campaignId))
    .where(eq(campaignAliases.alias, alias));
  return row;
}
