import * as s from '../../db/schema/index.ts';
import { insertAll, insertIds } from '../insert.ts';
import { must, type DemoContext } from './context.ts';
import type { CandidatePlan } from './plans.ts';

/** The candidates' accounts, profiles and profile sections; returns their user ids. */
export async function insertCandidates(
  ctx: DemoContext,
  candidatePlans: CandidatePlan[],
  suspended: CandidatePlan | undefined,
  organizationCampaignIds: number[],
): Promise<number[]> {
  const { db, rng, at, passwordHash, reference } = ctx;
  const candidateIds = await insertIds(
    db,
    s.users,
    candidatePlans.map((c) => {
      const campaignApp = c.applications.find((a) => a.campaignId !== null);
      return {
        email: c.email,
        passwordHash,
        role: 'candidate' as const,
        firstName: c.firstName,
        lastName: c.lastName,
        signupCampaignId:
          campaignApp?.campaignId ??
          (!c.demo && rng.chance(0.1) ? rng.pick(organizationCampaignIds) : null),
        isSuspended: c === suspended,
        suspendedAt: c === suspended ? at(-4) : null,
        ...c.user,
      };
    }),
  );
  const profileIds = await insertIds(
    db,
    s.candidateProfiles,
    candidatePlans.map((c, i) => ({ ...c.profile, userId: must(candidateIds[i], 'candidate id') })),
  );

  const profileOf = (i: number) => must(profileIds[i], 'profile id');
  const qualificationPlans = candidatePlans.flatMap((c, i) =>
    c.qualifications.map((q) => ({ plan: q, row: { ...q.row, profileId: profileOf(i) } })),
  );
  const profileQualificationIds = await insertIds(
    db,
    s.profileQualifications,
    qualificationPlans.map((q) => q.row),
  );
  await insertAll(
    db,
    s.profileQualificationDisciplines,
    qualificationPlans.flatMap((q, i) =>
      q.plan.disciplineIds.map((disciplineId) => ({
        profileQualificationId: must(profileQualificationIds[i], 'profile qualification'),
        disciplineId,
      })),
    ),
  );
  await insertAll(
    db,
    s.profileQualificationComponents,
    qualificationPlans.flatMap((q, i) =>
      q.plan.components.map((c) => ({
        profileQualificationId: must(profileQualificationIds[i], 'profile qualification'),
        qualificationComponentId: c.componentId,
        mark: c.mark,
      })),
    ),
  );
  await insertAll(
    db,
    s.experiences,
    candidatePlans.flatMap((c, i) => c.experiences.map((e) => ({ ...e, profileId: profileOf(i) }))),
  );
  await insertAll(
    db,
    s.achievements,
    candidatePlans.flatMap((c, i) =>
      c.achievements.map((e) => ({ ...e, profileId: profileOf(i) })),
    ),
  );
  await insertAll(
    db,
    s.affiliations,
    candidatePlans.flatMap((c, i) =>
      c.affiliations.map((e) => ({ ...e, profileId: profileOf(i) })),
    ),
  );
  await insertAll(
    db,
    s.languageProficiencies,
    candidatePlans.flatMap((c, i) => c.languages.map((e) => ({ ...e, profileId: profileOf(i) }))),
  );
  await insertAll(
    db,
    s.workRights,
    candidatePlans.flatMap((c, i) => c.rights.map((r) => ({ ...r, profileId: profileOf(i) }))),
  );
  await insertAll(
    db,
    s.studyRights,
    candidatePlans.flatMap((c, i) => c.rights.map((r) => ({ ...r, profileId: profileOf(i) }))),
  );
  const competencyByItem = new Map<string, number>([
    ['Situational judgement', reference.competencies.get('Decision making')],
  ]);
  await insertAll(
    db,
    s.assessmentResults,
    candidatePlans.flatMap((c, i) =>
      c.assessments.map((a) => ({
        ...a,
        behavioralCompetencyId: competencyByItem.get(a.item) ?? null,
        profileId: profileOf(i),
      })),
    ),
  );
  return candidateIds;
}
