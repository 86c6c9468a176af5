import { aliasedTable, and, asc, desc, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  applicationViews,
  assessmentResults,
  candidateProfiles,
  documentDownloads,
  opportunities,
  organizations,
  phases,
  screeningAnswers,
  screeningQuestions,
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

/** Every screening question of the opportunity in order, with this application's answer. */
export async function listScreeningAnswers(
  db: DbOrTx,
  opportunityId: number,
  applicationId: number,
) {
  return db
    .select({
      questionId: screeningQuestions.id,
      question: screeningQuestions.prompt,
      answer: screeningAnswers.answer,
    })
    .from(screeningQuestions)
    .leftJoin(
      screeningAnswers,
      and(
        eq(screeningAnswers.screeningQuestionId, screeningQuestions.id),
        eq(screeningAnswers.applicationId, applicationId),
      ),
    )
    .where(eq(screeningQuestions.opportunityId, opportunityId))
    .orderBy(asc(screeningQuestions.position), asc(screeningQuestions.id));
}

/** The candidate's psychometric aggregates, one per assessed item, by item. */
export async function listPsychometrics(db: DbOrTx, candidateId: number) {
  return db
    .select({
      item: assessmentResults.item,
      aggregate: assessmentResults.aggregate,
      assessedAt: assessmentResults.assessedAt,
    })
    .from(assessmentResults)
    .innerJoin(candidateProfiles, eq(candidateProfiles.id, assessmentResults.profileId))
    .where(eq(candidateProfiles.userId, candidateId))
    .orderBy(asc(assessmentResults.item));
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
