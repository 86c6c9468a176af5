import { aliasedTable, and, desc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  applicationViews,
  documentDownloads,
  opportunities,
  organizations,
  phases,
  users,
} from '../../db/schema/index.ts';

/** The application `appId` of opportunity `opportunityId` with its phase and candidate. */
export async function findApplication(db: DbOrTx, opportunityId: number, appId: number) {
  const [row] = await db
    .select({
      id: applications.id,
      opportunityId: applications.opportunityId,
      candidateId: applications.candidateId,
      status: applications.status,
      complete: applications.complete,
      completion: applications.completion,
      createdAt: applications.createdAt,
      rating: applications.applicationRating,
      regrettedAt: applications.regrettedAt,
      archivedAt: applications.archivedAt,
      phaseId: phases.id,
      phaseName: phases.name,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.candidateId))
    .leftJoin(phases, eq(phases.id, applications.phaseId))
    .where(and(eq(applications.id, appId), eq(applications.opportunityId, opportunityId)))
    .limit(1);
  return row;
}
export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export async function insertView(
  db: DbOrTx,
  view: { applicationId: number; viewerId: number; viewedAt: Date },
) {
  await db.insert(applicationViews).values(view);
}

/** The views of one application, newest first. */
export async function listViews(db: DbOrTx, applicationId: number) {
  return db
    .select({ viewerId: applicationViews.viewerId, viewedAt: applicationViews.viewedAt })
    .from(applicationViews)
    .where(eq(applicationViews.applicationId, applicationId))
    .orderBy(desc(applicationViews.viewedAt), desc(applicationViews.id));
}

export async function insertDownload(
  db: DbOrTx,
  download: typeof documentDownloads.$inferInsert,
): Promise<void> {
  await db.insert(documentDownloads).values(download);
}

const downloader = aliasedTable(users, 'downloader');

/** Who downloaded the candidate's documents: newest first, with organization and client. */
export async function listDownloadsOf(db: DbOrTx, candidateId: number) {
  return db
    .select({
      id: documentDownloads.id,
      documentName: documentDownloads.documentName,
      downloadedAt: documentDownloads.downloadedAt,
      organizationId: organizations.id,
      organizationName: organizations.name,
      clientFirstName: downloader.firstName,
      clientLastName: downloader.lastName,
    })
    .from(documentDownloads)
    .innerJoin(applications, eq(applications.id, documentDownloads.applicationId))
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .leftJoin(downloader, eq(downloader.id, documentDownloads.downloadedById))
    .where(eq(documentDownloads.candidateId, candidateId))
    .orderBy(desc(documentDownloads.downloadedAt), desc(documentDownloads.id));
}
