import type {
  ApplicationView,
  DocumentDownloadList,
} from '@pathways/shared/applicants/application-view.schemas';
import { emptySnapshot } from '@pathways/shared/eligibility/snapshot';

import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FeatureDeps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/access.ts';
import { downloadDocumentOf, listDocumentsOf, type Download } from '../documents/index.ts';
import { evaluateRules, loadRules, snapshotsOf } from '../eligibility/index.ts';
import { applicationFeedbackOf } from '../feedback/index.ts';

import { screeningAnswersOf } from '../applications/index.ts';
import { loadProfileIfAny, psychometricsOf } from '../profile/index.ts';
import { reportedCandidateIds } from '../screening/index.ts';

import * as repo from './applicant-view.repository.ts';
import { clientScopeOf, managedOpportunity } from '../../access/index.ts';

// One applicant as the managers of the opportunity see them. A client reaches an application
// only through an opportunity they manage (a primary user of its organization, or a listed
// manager), and only an application of that opportunity: anything else answers 404. A client
// reads the candidate's documents only through such an application, and each download is
// recorded for the candidate to see.

export type ApplicantViewDeps = FeatureDeps;

const APPLICATION_NOT_FOUND = 'Application not found';

export const clientDocumentUrl = (opportunityId: number, applicationId: number, docId: number) =>
  `/api/client/opportunities/${opportunityId}/applications/${applicationId}/documents/${docId}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How the applicant stands against each stored requirement, evaluated now, not stored. */
async function checklist(
  db: DbOrTx,
  candidateId: number,
  opportunityId: number,
  now: Date,
): Promise<ApplicationView['eligibility']> {
  const loaded = await loadRules(db, [opportunityId]);
  const rules = loaded.rules.get(opportunityId);
  if (!rules) return { eligible: false, criteria: [] };
  const snapshot =
    (await snapshotsOf(db, [candidateId])).get(candidateId) ?? emptySnapshot(candidateId);
  const result = evaluateRules(snapshot, rules, loaded.names, now);
  return {
    eligible: result.eligible,
    criteria: result.criteria.map((c) => ({
      requirementId: c.requirementId,
      kind: c.kind,
      status: c.status,
      description: c.description,
      reason: c.reason,
    })),
  };
}

export function createApplicantViewService(deps: ApplicantViewDeps) {
  const { db, now } = deps;

  /** The application, when the caller manages its opportunity; 404 otherwise. */
  async function managedApplication(actor: Actor, opportunityId: number, applicationId: number) {
    const scope = await clientScopeOf(db, actor);
    const id = await managedOpportunity(db, scope, opportunityId);
    const application = await repo.findApplication(db, id, applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    return { ...application, organizationId: scope.organizationId };
  }

  return {
    /** The whole application; with `recordView` the opening is recorded (who and when). */
    async view(
      actor: Actor,
      opportunityId: number,
      applicationId: number,
      recordView: boolean,
    ): Promise<ApplicationView> {
      const app = await managedApplication(actor, opportunityId, applicationId);
      const at = now();
      if (recordView) {
        await repo.insertView(db, { applicationId: app.id, viewerId: actor.userId, viewedAt: at });
      }
      const profile = await loadProfileIfAny(db, app.candidateId, at);
      const documents = await listDocumentsOf(db, app.candidateId);
      const eligibility = await checklist(db, app.candidateId, app.opportunityId, at);
      const answers = await screeningAnswersOf(db, app.opportunityId, app.id);
      const psychometrics = await psychometricsOf(db, app.candidateId);
      const reported = await reportedCandidateIds(db, [app.candidateId]);
      const feedback = await applicationFeedbackOf(db, app.organizationId, app.id);
      return {
        application: {
          id: app.id,
          opportunityId: app.opportunityId,
          status: app.status,
          complete: app.complete,
          completion: app.completion,
          createdAt: app.createdAt.toISOString(),
          phase: app.phaseId !== null ? { id: app.phaseId, name: app.phaseName ?? '' } : null,
          rating: app.rating,
          regrettedAt: iso(app.regrettedAt),
          archivedAt: iso(app.archivedAt),
        },
        feedback,
        candidate: {
          id: app.candidateId,
          firstName: app.firstName,
          lastName: app.lastName,
          email: app.email,
          avatar: app.avatar,
          reported: reported.has(app.candidateId),
        },
        profile,
        documents: documents.map((d) => ({
          id: d.id,
          kind: d.kind,
          originalName: d.originalName,
          contentType: d.contentType,
          byteSize: d.byteSize,
          createdAt: d.createdAt,
          downloadUrl: clientDocumentUrl(app.opportunityId, app.id, d.id),
        })),
        eligibility,
        screeningAnswers: answers,
        psychometrics: psychometrics.map((p) => ({
          item: p.item,
          aggregate: p.aggregate,
          assessedAt: p.assessedAt.toISOString(),
        })),
      };
    },

    /**
     * A document of the application's candidate, recorded as downloaded by the caller. A
     * document of anyone else answers 404, whatever its id.
     */
    async download(
      actor: Actor,
      params: { id: number; appId: number; docId: number },
      ifNoneMatch?: string,
    ): Promise<Download> {
      const app = await managedApplication(actor, params.id, params.appId);
      const download = await downloadDocumentOf(deps, app.candidateId, params.docId, ifNoneMatch);
      if (!download.notModified) {
        await repo.insertDownload(db, {
          candidateId: app.candidateId,
          documentId: download.document.id,
          documentName: download.document.originalName,
          applicationId: app.id,
          downloadedById: actor.userId,
          downloadedAt: now(),
        });
      }
      return download;
    },

    /** Who downloaded the candidate's documents, newest first. */
    async downloadsOf(actor: Actor): Promise<DocumentDownloadList> {
      const rows = await repo.listDownloadsOf(db, actor.userId);
      return {
        items: rows.map((r) => ({
          id: r.id,
          documentName: r.documentName,
          organization: { id: r.organizationId, name: r.organizationName },
          clientName:
            [r.clientFirstName, r.clientLastName].filter(Boolean).join(' ').trim() || null,
          downloadedAt: r.downloadedAt.toISOString(),
        })),
      };
    },
  };
}
