import { sql } from 'drizzle-orm';
import { organizationSeeds } from '../data/organizations.ts';
import * as s from '../../db/schema/index.ts';
import { insertAll, insertIds } from '../insert.ts';
import { must, DAY, HOUR, type DemoContext } from './context.ts';
import type { OpportunityInfo, CandidatePlan, DemoApplication, StaffMember } from './plans.ts';

/** Chats about applications, notifications and to-do items. */
export async function insertActivity(
  ctx: DemoContext,
  data: {
    opportunities: OpportunityInfo[];
    candidatePlans: CandidatePlan[];
    candidateIds: number[];
    applications: DemoApplication[];
    actorsFor: (o: OpportunityInfo) => StaffMember[];
    thandiId: number;
  },
): Promise<void> {
  const { db, now, rng, at } = ctx;
  const { opportunities, candidatePlans, candidateIds, applications, actorsFor, thandiId } = data;
  const chatPlans = applications.filter(
    (a) =>
      !a.plan.archivedAt && a.plan.step >= 2 && (a.candidate.demo === 'thandi' || rng.chance(0.4)),
  );
  const chatIds = await insertIds(
    db,
    s.chats,
    chatPlans.map((a) => ({
      applicationId: a.id,
      subject: a.plan.opportunity.seed.name,
      createdAt: must(a.plan.stepTimes[a.plan.step], 'step time'),
    })),
  );
  const messageRows: (typeof s.chatMessages.$inferInsert)[] = [];
  const chatConversation = [
    ['client', 'Congratulations on reaching the {phase} stage! Are you available next week?'],
    ['candidate', 'Thank you! Yes, I am available any day except Wednesday morning.'],
    [
      'client',
      'Great. We have booked Thursday at 10:00. You will receive a calendar invitation shortly.',
    ],
    ['candidate', 'Received, thank you. Is there anything I should prepare?'],
    ['client', 'Please bring a certified copy of your ID and your latest academic transcript.'],
  ] as const;
  const unreadChats: { candidateId: number; application: (typeof applications)[number] }[] = [];
  chatPlans.forEach((a, i) => {
    const chatId = must(chatIds[i], 'chat id');
    const start = must(a.plan.stepTimes[a.plan.step], 'step time');
    const count = a.candidate.demo === 'thandi' ? 5 : rng.int(2, 5);
    const actors = actorsFor(a.plan.opportunity);
    const clientSender = actors.length > 0 ? rng.pick(actors).id : null;
    const unread = a.candidate.demo === 'thandi' || rng.chance(0.4);
    const span = Math.max(HOUR, Math.min(now.getTime() - start.getTime() - HOUR, 3 * DAY));
    for (let m = 0; m < count; m++) {
      const [senderType, template] = must(chatConversation[m], 'message');
      const createdAt = new Date(start.getTime() + ((m + 1) / (count + 1)) * span);
      const isLast = m === count - 1;
      messageRows.push({
        chatId,
        senderType,
        senderUserId: senderType === 'client' ? clientSender : a.candidateId,
        body: template.replace(
          '{phase}',
          must(a.plan.opportunity.phaseNames[a.plan.step], 'phase name'),
        ),
        readAt:
          isLast && unread && senderType === 'client'
            ? null
            : new Date(createdAt.getTime() + 20 * 60_000),
        createdAt,
      });
      if (isLast && unread && senderType === 'client')
        unreadChats.push({ candidateId: a.candidateId, application: a });
    }
  });
  await insertAll(db, s.chatMessages, messageRows);
  await db.execute(
    sql`update chats set last_message_at = m.last from (select chat_id, max(created_at) as last from chat_messages group by chat_id) m where chats.id = m.chat_id`,
  );

  const notificationRows: (typeof s.notifications.$inferInsert)[] = [];
  for (const u of unreadChats) {
    notificationRows.push({
      userId: u.candidateId,
      type: 'message',
      description: `New message about ${u.application.plan.opportunity.seed.name}`,
      path: '/candidate/messages',
      notifiedAt: now,
      createdAt: now,
    });
  }
  for (const a of applications) {
    if (a.plan.step === 0 || a.plan.archivedAt || (!a.candidate.demo && !rng.chance(0.5))) continue;
    const when = must(a.plan.stepTimes[a.plan.step], 'step time');
    notificationRows.push({
      userId: a.candidateId,
      type: 'application.phase',
      description: `Your application for ${a.plan.opportunity.seed.name} moved to ${must(a.plan.opportunity.phaseNames[a.plan.step], 'phase name')}`,
      path: `/candidate/applications/${a.id}`,
      notifiedAt: when,
      createdAt: when,
    });
  }
  const upcomingForThandi = opportunities.find(
    (o) => o.window === 'upcoming' && o.organizationIndex === 0,
  );
  if (upcomingForThandi) {
    notificationRows.push({
      userId: thandiId,
      type: 'opportunity.new',
      description: `${upcomingForThandi.seed.name} opens soon at ${must(organizationSeeds[0], 'org').name}`,
      path: `/opportunities/${upcomingForThandi.id}`,
      notifiedAt: at(-2),
      createdAt: at(-2),
    });
  }
  notificationRows.push({
    userId: thandiId,
    type: 'profile.verified',
    description: 'Your National Senior Certificate results have been verified',
    path: '/candidate/profile',
    notifiedAt: at(-20),
    dismissedAt: at(-19),
    createdAt: at(-20),
  });
  await insertAll(db, s.notifications, notificationRows);

  const actionRows: (typeof s.actionItems.$inferInsert)[] = [];
  const action = (
    userId: number,
    type: string,
    description: string,
    priority: number,
    resolutionPath: string,
    applicationId: number | null = null,
  ) =>
    actionRows.push({
      userId,
      type,
      description,
      priority,
      resolutionPath,
      applicationId,
      createdAt: at(-1),
      updatedAt: at(-1),
    });
  candidatePlans.forEach((c, i) => {
    const userId = must(candidateIds[i], 'candidate id');
    const p = c.profile;
    if (!c.user.confirmedAt)
      action(
        userId,
        'account.email_confirmation',
        'Verify your email address',
        9,
        '/candidate/account',
      );
    if (!p.identification)
      action(
        userId,
        'profile.identification',
        'Add your identification number',
        8,
        '/candidate/profile',
      );
    if (!p.biography)
      action(userId, 'profile.biography', 'Introduce yourself', 3, '/candidate/profile#biography');
    if (p.latitude == null)
      action(userId, 'profile.location', 'Add your location', 4, '/candidate/profile#location');
    if (!p.mobileNumber)
      action(userId, 'profile.mobile', 'Add your contact number', 4, '/candidate/profile#contact');
    if (!p.gender)
      action(userId, 'profile.gender', 'Add your gender', 2, '/candidate/profile#personal');
    if (!p.ethnicity)
      action(userId, 'profile.ethnicity', 'Add your ethnicity', 2, '/candidate/profile#personal');
    if (p.disability == null)
      action(
        userId,
        'profile.disability',
        'Add your disability status',
        1,
        '/candidate/profile#personal',
      );
    if (c.experiences.length === 0 && c.tier !== 'sparse')
      action(
        userId,
        'profile.experience',
        'Add work or volunteering experience',
        2,
        '/candidate/profile#experience',
      );
    if (!c.qualifications.some((q) => q.components.length > 0))
      action(
        userId,
        'profile.high_school_subjects',
        'Add high school subjects',
        6,
        '/candidate/profile#qualifications',
      );
    if (c.qualifications.length < 2)
      action(
        userId,
        'profile.profile_qualification',
        'Add a study programme',
        5,
        '/candidate/profile#qualifications',
      );
    if (c.tier !== 'sparse' && (c.demo || rng.chance(0.4)))
      action(
        userId,
        'documents.identity_document',
        'Upload your identity document',
        7,
        '/candidate/documents',
      );
    if (c.demo === 'thandi') {
      action(userId, 'documents.transcript', 'Upload transcript', 6, '/candidate/documents');
      action(userId, 'profile.avatar', 'Upload a profile image', 1, '/candidate/profile#avatar');
    }
  });
  for (const a of applications) {
    if (
      a.plan.opportunity.questionIds.length === 0 ||
      a.plan.answered ||
      a.plan.archivedAt ||
      a.plan.regrettedAt
    )
      continue;
    action(
      a.candidateId,
      'application.screening_questions',
      'Submit answers to screening questions',
      7,
      `/candidate/opportunities/${a.plan.opportunity.id}/apply`,
      a.id,
    );
  }
  await insertAll(db, s.actionItems, actionRows);
}
