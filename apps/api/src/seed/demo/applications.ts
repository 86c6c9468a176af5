import {
  incomeBands,
  type StudyFunder,
} from '@pathways/shared/financial-surveys/financial-surveys.schemas';

import * as s from '../../db/schema/index.ts';
import { insertAll, insertIds } from '../insert.ts';
import { must, type DemoContext } from './context.ts';
import type {
  OpportunityInfo,
  ApplicationPlan,
  CandidatePlan,
  ApplicationInsert,
  DemoApplication,
  StaffMember,
} from './plans.ts';

/** The planned applications with their locations, phase history and screening answers. */
export async function insertApplications(
  ctx: DemoContext,
  candidatePlans: CandidatePlan[],
  candidateIds: number[],
  actorsFor: (o: OpportunityInfo) => StaffMember[],
): Promise<DemoApplication[]> {
  const { db, rng } = ctx;
  const applicationPlans = candidatePlans.flatMap((c, i) =>
    c.applications.map((a) => ({
      candidate: c,
      candidateId: must(candidateIds[i], 'candidate id'),
      plan: a,
    })),
  );
  const statusOf = (a: ApplicationPlan) =>
    a.archivedAt
      ? 'withdrawn'
      : a.regrettedAt
        ? 'unsuccessful'
        : a.step === a.opportunity.phaseIds.length - 1
          ? 'successful'
          : a.step > 0
            ? 'in_review'
            : 'submitted';
  const isComplete = (a: { candidate: { tier: string }; plan: ApplicationPlan }) =>
    a.candidate.tier === 'complete' &&
    (a.plan.answered || a.plan.opportunity.questionIds.length === 0);
  const applicationIds = await insertIds(
    db,
    s.applications,
    applicationPlans.map(({ candidate, candidateId, plan }): ApplicationInsert => {
      const last =
        plan.archivedAt ?? plan.regrettedAt ?? must(plan.stepTimes[plan.step], 'step time');
      const complete = isComplete({ candidate, plan });
      return {
        candidateId,
        opportunityId: plan.opportunity.id,
        phaseId: must(plan.opportunity.phaseIds[plan.step], 'phase'),
        status: statusOf(plan),
        complete,
        completion: complete ? 100 : candidate.tier === 'complete' ? 85 : rng.int(30, 70),
        archivedAt: plan.archivedAt,
        regrettedAt: plan.regrettedAt,
        applicationRating: plan.rating,
        screeningSubmittedAt: plan.answered
          ? new Date(plan.createdAt.getTime() + 10 * 60_000)
          : null,
        campaignId: plan.campaignId,
        createdAt: plan.createdAt,
        updatedAt: last,
      };
    }),
  );
  const applications = applicationPlans.map((a, i) => ({
    ...a,
    id: must(applicationIds[i], 'application id'),
  }));
  // A bursary application is complete only with its financial needs survey: the applications
  // seeded as complete carry one, submitted with the screening answers.
  const bands = incomeBands.slice(1, 4);
  await insertAll(
    db,
    s.financialSurveys,
    applications
      .filter((a) => a.plan.opportunity.seed.kind === 'bursary' && isComplete(a))
      .map((a, i) => {
        const submittedAt = new Date(a.plan.createdAt.getTime() + 20 * 60_000);
        return {
          applicationId: a.id,
          candidateId: a.candidateId,
          householdSize: 3 + (i % 4),
          incomeBand: must(bands[i % bands.length], 'income band'),
          dependants: i % 3,
          studyFunders: (i % 2 === 0
            ? ['parents']
            : ['self', 'other_family']) satisfies StudyFunder[],
          otherFunding:
            i % 3 === 0 ? [{ name: 'NSFAS', status: 'applied' as const, amount: null }] : [],
          motivation:
            'I am the first in my family to study after school, and this bursary would let me study full time.',
          submittedAt,
          createdAt: submittedAt,
          updatedAt: submittedAt,
        };
      }),
  );
  await insertAll(
    db,
    s.applicationLocations,
    applications.flatMap((a) =>
      a.plan.locationIds.map((opportunityLocationId) => ({
        applicationId: a.id,
        opportunityLocationId,
        createdAt: a.plan.createdAt,
      })),
    ),
  );
  await insertAll(
    db,
    s.applicationPhaseEvents,
    applications.flatMap((a) => {
      const { plan } = a;
      const phaseIds = plan.opportunity.phaseIds;
      const actors = actorsFor(plan.opportunity);
      const events: (typeof s.applicationPhaseEvents.$inferInsert)[] = [
        {
          applicationId: a.id,
          kind: 'applied',
          phaseId: must(phaseIds[0], 'initial phase'),
          actorUserId: a.candidateId,
          createdAt: plan.createdAt,
        },
      ];
      for (let step = 1; step <= plan.step; step++) {
        events.push({
          applicationId: a.id,
          kind: 'moved',
          fromPhaseId: must(phaseIds[step - 1], 'phase'),
          phaseId: must(phaseIds[step], 'phase'),
          actorUserId: actors.length > 0 ? rng.pick(actors).id : null,
          createdAt: must(plan.stepTimes[step], 'step time'),
        });
      }
      const current = must(phaseIds[plan.step], 'phase');
      if (plan.regrettedAt) {
        events.push({
          applicationId: a.id,
          kind: 'regretted',
          fromPhaseId: current,
          phaseId: current,
          actorUserId: actors.length > 0 ? rng.pick(actors).id : null,
          createdAt: plan.regrettedAt,
        });
      }
      if (plan.archivedAt) {
        events.push({
          applicationId: a.id,
          kind: 'archived',
          fromPhaseId: current,
          phaseId: current,
          actorUserId: a.candidateId,
          createdAt: plan.archivedAt,
        });
      }
      return events;
    }),
  );
  const answers = [
    'I enjoy building things that people use every day, and this programme would let me learn from experienced engineers.',
    'Yes, I am willing to relocate.',
    'I am the first in my family to go to university and I want to use my studies to support my community.',
    'A mobile app for our school that tracks homework; I designed the database and wrote most of the backend.',
    'Corporate law, because I like understanding how businesses are built.',
  ];
  await insertAll(
    db,
    s.screeningAnswers,
    applications.flatMap((a) =>
      a.plan.answered
        ? a.plan.opportunity.questionIds.map((screeningQuestionId) => ({
            applicationId: a.id,
            screeningQuestionId,
            answer: rng.pick(answers),
            createdAt: new Date(a.plan.createdAt.getTime() + 10 * 60_000),
            updatedAt: new Date(a.plan.createdAt.getTime() + 10 * 60_000),
          }))
        : [],
    ),
  );
  return applications;
}
