import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  campaignAliases,
  campaigns,
  opportunities,
  opportunityManagers,
  organizations,
} from '../../db/schema/index.ts';

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

// ---------------------------------------------------------------------------------------------
// The client's campaigns.

export interface ClientCampaignRow {
  id: number;
  slug: string;
  name: string;
  kind: 'organization' | 'opportunity';
  description: string | null;
  image: string | null;
  copy: Record<string, string>;
  startsAt: Date | null;
  endsAt: Date | null;
  opportunityId: number | null;
  opportunityName: string | null;
  aliases: string[];
}

export interface CampaignReader {
  organizationId: number;
  primary: boolean;
  userId: number;
}

/**
 * The campaigns of the reader's organization the reader may see: all of them for a primary
 * user; for any other user, the organization's own campaigns and those of the opportunities
 * that list them as a manager.
 */
function visibleTo(reader: CampaignReader): SQL {
  const ofOrganization = eq(campaigns.organizationId, reader.organizationId);
  if (reader.primary) return ofOrganization;
  return and(
    ofOrganization,
    or(
      isNull(campaigns.opportunityId),
      sql`exists (select 1 from ${opportunityManagers} where ${opportunityManagers.opportunityId} = ${campaigns.opportunityId} and ${opportunityManagers.userId} = ${reader.userId})`,
    ),
  )!;
}

const clientColumns = {
  id: campaigns.id,
  slug: campaigns.slug,
  name: campaigns.name,
  kind: campaigns.kind,
  description: campaigns.description,
  image: campaigns.image,
  copy: campaigns.copy,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  opportunityId: campaigns.opportunityId,
  opportunityName: opportunities.name,
  aliases: sql<
    string[]
  >`coalesce((select array_agg(${campaignAliases.alias}::text order by ${campaignAliases.alias}) from ${campaignAliases} where ${campaignAliases.campaignId} = ${campaigns.id}), '{}')`,
};

export async function listVisibleCampaigns(
  db: DbOrTx,
  reader: CampaignReader,
  { page, per }: { page: number; per: number },
): Promise<{ rows: ClientCampaignRow[]; total: number }> {
  const where = visibleTo(reader);
  const rows = await db
    .select(clientColumns)
    .from(campaigns)
    .leftJoin(opportunities, eq(opportunities.id, campaigns.opportunityId))
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(per)
    .offset((page - 1) * per);
  const [counted] = await db.select({ total: count() }).from(campaigns).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findVisibleCampaign(
  db: DbOrTx,
  reader: CampaignReader,
  where: SQL,
): Promise<ClientCampaignRow | undefined> {
  const [row] = await db
    .select(clientColumns)
    .from(campaigns)
    .leftJoin(opportunities, eq(opportunities.id, campaigns.opportunityId))
    .where(and(visibleTo(reader), where))
    .limit(1);
  return row;
}

export const byId = (id: number) => eq(campaigns.id, id);
export const bySlug = (slug: string) => eq(campaigns.slug, slug);

/** Locks the campaign's row for a change (so two edits of one campaign do not interleave). */
export async function lockCampaign(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: campaigns.id,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
      copy: campaigns.copy,
      image: campaigns.image,
    })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update');
  return row;
}

/** The organization's opportunities by name, for choosing a campaign's opportunity. */
export async function opportunitiesOfOrganization(db: DbOrTx, organizationId: number) {
  return db
    .select({ id: opportunities.id, name: opportunities.name })
    .from(opportunities)
    .where(eq(opportunities.organizationId, organizationId))
    .orderBy(opportunities.name, opportunities.id);
}

/** Whether an opportunity belongs to the organization. */
export async function opportunityOfOrganization(
  db: DbOrTx,
  organizationId: number,
  opportunityId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(
      and(eq(opportunities.id, opportunityId), eq(opportunities.organizationId, organizationId)),
    );
  return row !== undefined;
}

/**
 * The values among `keys` that some other campaign already uses, as its slug or as one of its
 * legacy aliases (one namespace: `/campaign/{key}` finds either). Compared case-insensitively.
 */
export async function keysTakenElsewhere(
  db: DbOrTx,
  keys: string[],
  campaignId: number | null,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const lowered = keys.map((key) => key.toLowerCase());
  const other = (column: typeof campaigns.id | typeof campaignAliases.campaignId) =>
    campaignId === null ? sql`true` : ne(column, campaignId);
  const slugs = await db
    .select({ key: sql<string>`lower(${campaigns.slug}::text)` })
    .from(campaigns)
    .where(and(inArray(sql`lower(${campaigns.slug}::text)`, lowered), other(campaigns.id)));
  const aliases = await db
    .select({ key: sql<string>`lower(${campaignAliases.alias}::text)` })
    .from(campaignAliases)
    .where(
      and(
        inArray(sql`lower(${campaignAliases.alias}::text)`, lowered),
        other(campaignAliases.campaignId),
      ),
    );
  return new Set([...slugs, ...aliases].map((row) => row.key));
}

export type NewCampaign = typeof campaigns.$inferInsert;

export async function insertCampaign(tx: DbOrTx, values: NewCampaign): Promise<number> {
  const [row] = await tx.insert(campaigns).values(values).returning({ id: campaigns.id });
  return row!.id;
}

export async function updateCampaign(
  tx: DbOrTx,
  id: number,
  values: Partial<NewCampaign>,
): Promise<void> {
  await tx.update(campaigns).set(values).where(eq(campaigns.id, id));
}

/** Deletes the campaign (its aliases go with it); the image it pointed at, for removal. */
export async function deleteCampaign(
  tx: DbOrTx,
  id: number,
): Promise<{ image: string | null } | undefined> {
  const [row] = await tx
    .delete(campaigns)
    .where(eq(campaigns.id, id))
    .returning({ image: campaigns.image });
  return row;
}

/**
 * Makes the campaign's aliases exactly `aliases`, compared case-insensitively: aliases left out
 * are removed, new ones added, kept ones untouched (an old code keeps its spelling).
 */
export async function replaceAliases(
  tx: DbOrTx,
  campaignId: number,
  aliases: string[],
): Promise<void> {
  const lowered = aliases.map((alias) => alias.toLowerCase());
  await tx
    .delete(campaignAliases)
    .where(
      and(
        eq(campaignAliases.campaignId, campaignId),
        lowered.length
          ? notInArray(sql`lower(${campaignAliases.alias}::text)`, lowered)
          : undefined,
      ),
    );
  const kept = new Set((await aliasesOf(tx, campaignId)).map((alias) => alias.toLowerCase()));
  const added = aliases.filter((alias) => !kept.has(alias.toLowerCase()));
  if (added.length) {
    await tx.insert(campaignAliases).values(added.map((alias) => ({ alias, campaignId })));
  }
}

/** The aliases the campaign has now (to tell new ones from old codes kept). */
export async function aliasesOf(db: DbOrTx, campaignId: number): Promise<string[]> {
  const rows = await db
    .select({ alias: campaignAliases.alias })
    .from(campaignAliases)
    .where(eq(campaignAliases.campaignId, campaignId));
  return rows.map((row) => row.alias);
}

/**
 * The campaign an application to `opportunityId` came through: the candidate's sign-up
 * campaign when it covers the opportunity (a campaign of that opportunity, or of its
 * organization as a whole); null otherwise. Sign-up is the only attribution kept.
 */
export async function campaignCovering(
  db: DbOrTx,
  candidateId: number,
  opportunityId: number,
): Promise<number | null> {
  const result = (await db.execute(sql`
    select c.id from users u
    join campaigns c on c.id = u.signup_campaign_id
    join opportunities o on o.id = ${opportunityId} and o.organization_id = c.organization_id
    where u.id = ${candidateId} and (c.opportunity_id is null or c.opportunity_id = o.id)`)) as unknown as {
    rows: { id: number }[];
  };
  const id = result.rows[0]?.id;
  return id === undefined ? null : Number(id);
}
