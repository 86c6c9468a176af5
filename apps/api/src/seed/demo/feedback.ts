import type { insertStaff } from './staff.ts';
import * as s from '../../db/schema/index.ts';
import { insertAll, insertIds } from '../insert.ts';
import { must, type DemoContext } from './context.ts';
import type { CandidatePlan, DemoApplication } from './plans.ts';

/** A feedback request on shortlisted applicants, and a flag on the suspended candidate. */
export async function insertFeedback(
  ctx: DemoContext,
  data: {
    organizationIds: number[];
    candidatePlans: CandidatePlan[];
    candidateIds: number[];
    suspended: CandidatePlan | undefined;
    applications: DemoApplication[];
    staff: Awaited<ReturnType<typeof insertStaff>>;
  },
): Promise<void> {
  const { db, at } = ctx;
  const { organizationIds, candidatePlans, candidateIds, suspended, applications } = data;
  const { clientDemo, managerDemo, viewerDemo, actorsFor } = data.staff;
  const indlovuShared = applications
    .filter(
      (a) => a.plan.opportunity.organizationIndex === 0 && a.plan.step >= 1 && !a.plan.archivedAt,
    )
    .slice(0, 4);
  const feedbackRows: {
    row: typeof s.feedbackRequests.$inferInsert;
    apps: typeof applications;
    responders: number[];
  }[] = [];
  if (indlovuShared.length > 0) {
    feedbackRows.push({
      row: {
        organizationId: must(organizationIds[0], 'organization'),
        requestedById: clientDemo.id,
        message: 'Please look at these shortlisted candidates before Friday’s panel.',
        createdAt: at(-3),
        updatedAt: at(-3),
      },
      apps: indlovuShared,
      responders: [viewerDemo.id, managerDemo.id],
    });
  }
  const feedbackIds = await insertIds(
    db,
    s.feedbackRequests,
    feedbackRows.map((f) => f.row),
  );
  await insertAll(
    db,
    s.feedbackRequestApplications,
    feedbackRows.flatMap((f, i) =>
      f.apps.map((a) => ({
        feedbackRequestId: must(feedbackIds[i], 'feedback id'),
        applicationId: a.id,
      })),
    ),
  );
  await insertAll(
    db,
    s.feedbackRequestResponders,
    feedbackRows.flatMap((f, i) =>
      f.responders.map((userId) => ({
        feedbackRequestId: must(feedbackIds[i], 'feedback id'),
        userId,
        notifiedAt: at(-3),
        createdAt: at(-3),
      })),
    ),
  );
  const firstShared = indlovuShared[0];
  if (firstShared && feedbackIds[0] !== undefined) {
    await insertAll(db, s.feedbackResponses, [
      {
        feedbackRequestId: feedbackIds[0],
        applicationId: firstShared.id,
        responderId: managerDemo.id,
        rating: 4,
        comment: 'Strong technical answers; I would take this candidate to the panel.',
        createdAt: at(-2),
        updatedAt: at(-2),
      },
    ]);
  }
  if (suspended) {
    const index = candidatePlans.indexOf(suspended);
    const app = applications.find((a) => a.candidate === suspended);
    const raiser = app ? actorsFor(app.plan.opportunity)[0] : clientDemo;
    await insertAll(db, s.flags, [
      {
        candidateId: must(candidateIds[index], 'suspended id'),
        raisedById: raiser?.id ?? null,
        organizationId: app ? app.plan.opportunity.organizationId : null,
        applicationId: app?.id ?? null,
        reason: 'The academic transcript does not match the marks captured on the profile.',
        createdAt: at(-5),
        updatedAt: at(-5),
      },
    ]);
  }
}
