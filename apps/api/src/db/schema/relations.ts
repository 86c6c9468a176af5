import { relations } from 'drizzle-orm';

import { campaigns, opportunities, organizations, users } from './core.ts';
import {
  applicationLocations,
  applicationPhaseEvents,
  applications,
  screeningAnswers,
} from './applications.ts';
import { campaignAliases } from './campaigns.ts';
import { documentBundleApplications, documentBundles, documents } from './documents.ts';
import { eligibilities } from './eligibility.ts';
import {
  feedbackRequestApplications,
  feedbackRequestResponders,
  feedbackRequests,
  feedbackResponses,
  flags,
} from './feedback.ts';
import { chatMessages, chats } from './messaging.ts';
import { actionItems, notifications } from './notifications.ts';
import {
  opportunityLocations,
  opportunityManagers,
  phases,
  requirements,
  screeningQuestions,
} from './opportunities.ts';
import { clientUsers, organizationLocations } from './organizations.ts';
import {
  achievements,
  affiliations,
  assessmentResults,
  candidateProfiles,
  experiences,
  languageProficiencies,
  profileQualificationComponents,
  profileQualificationDisciplines,
  profileQualifications,
  studyRights,
  workRights,
} from './profiles.ts';
import {
  disciplines,
  institutions,
  qualificationCategories,
  qualificationComponents,
  qualificationTypes,
  qualifications,
} from './reference.ts';

// Relations for drizzle's relational queries (`db.query.x.findMany({ with: ... })`).

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(candidateProfiles, { fields: [users.id], references: [candidateProfiles.userId] }),
  client: one(clientUsers, { fields: [users.id], references: [clientUsers.userId] }),
  signupCampaign: one(campaigns, { fields: [users.signupCampaignId], references: [campaigns.id] }),
  applications: many(applications),
  eligibilities: many(eligibilities),
  documents: many(documents),
  notifications: many(notifications),
  actionItems: many(actionItems),
}));

export const candidateProfilesRelations = relations(candidateProfiles, ({ one, many }) => ({
  user: one(users, { fields: [candidateProfiles.userId], references: [users.id] }),
  experiences: many(experiences),
  profileQualifications: many(profileQualifications),
  achievements: many(achievements),
  affiliations: many(affiliations),
  languageProficiencies: many(languageProficiencies),
  studyRights: many(studyRights),
  workRights: many(workRights),
  assessmentResults: many(assessmentResults),
}));

export const experiencesRelations = relations(experiences, ({ one }) => ({
  profile: one(candidateProfiles, {
    fields: [experiences.profileId],
    references: [candidateProfiles.id],
  }),
}));
export const achievementsRelations = relations(achievements, ({ one }) => ({
  profile: one(candidateProfiles, {
    fields: [achievements.profileId],
    references: [candidateProfiles.id],
  }),
}));
export const affiliationsRelations = relations(affiliations, ({ one }) => ({
  profile: one(candidateProfiles, {
    fields: [affiliations.profileId],
    references: [candidateProfiles.id],
  }),
}));
export const languageProficienciesRelations = relations(languageProficiencies, ({ one }) => ({
  profile: one(candidateProfiles, {
    fields: [languageProficiencies.profileId],
    references: [candidateProfiles.id],
  }),
}));
export const studyRightsRelations = relations(studyRights, ({ one }) => ({
  profile: one(candidateProfiles, {
    fields: [studyRights.profileId],
    references: [candidateProfiles.id],
  }),
}));
export const workRightsRelations = relations(workRights, ({ one }) => ({
  profile: one(candidateProfiles, {
    fields: [workRights.profileId],
    references: [candidateProfiles.id],
  }),
}));
export const assessmentResultsRelations = relations(assessmentResults, ({ one }) => ({
  profile: one(candidateProfiles, {
    fields: [assessmentResults.profileId],
    references: [candidateProfiles.id],
  }),
}));

export const profileQualificationsRelations = relations(profileQualifications, ({ one, many }) => ({
  profile: one(candidateProfiles, {
    fields: [profileQualifications.profileId],
    references: [candidateProfiles.id],
  }),
  institution: one(institutions, {
    fields: [profileQualifications.institutionId],
    references: [institutions.id],
  }),
  qualification: one(qualifications, {
    fields: [profileQualifications.qualificationId],
    references: [qualifications.id],
  }),
  qualificationType: one(qualificationTypes, {
    fields: [profileQualifications.qualificationTypeId],
    references: [qualificationTypes.id],
  }),
  qualificationCategory: one(qualificationCategories, {
    fields: [profileQualifications.qualificationCategoryId],
    references: [qualificationCategories.id],
  }),
  disciplines: many(profileQualificationDisciplines),
  components: many(profileQualificationComponents),
}));

export const profileQualificationDisciplinesRelations = relations(
  profileQualificationDisciplines,
  ({ one }) => ({
    profileQualification: one(profileQualifications, {
      fields: [profileQualificationDisciplines.profileQualificationId],
      references: [profileQualifications.id],
    }),
    discipline: one(disciplines, {
      fields: [profileQualificationDisciplines.disciplineId],
      references: [disciplines.id],
    }),
  }),
);

export const profileQualificationComponentsRelations = relations(
  profileQualificationComponents,
  ({ one }) => ({
    profileQualification: one(profileQualifications, {
      fields: [profileQualificationComponents.profileQualificationId],
      references: [profileQualifications.id],
    }),
    qualificationComponent: one(qualificationComponents, {
      fields: [profileQualificationComponents.qualificationComponentId],
      references: [qualificationComponents.id],
    }),
  }),
);

export const qualificationsRelations = relations(qualifications, ({ one }) => ({
  qualificationType: one(qualificationTypes, {
    fields: [qualifications.qualificationTypeId],
    references: [qualificationTypes.id],
  }),
  qualificationCategory: one(qualificationCategories, {
    fields: [qualifications.qualificationCategoryId],
    references: [qualificationCategories.id],
  }),
}));

export const qualificationComponentsRelations = relations(qualificationComponents, ({ one }) => ({
  institution: one(institutions, {
    fields: [qualificationComponents.institutionId],
    references: [institutions.id],
  }),
  qualificationType: one(qualificationTypes, {
    fields: [qualificationComponents.qualificationTypeId],
    references: [qualificationTypes.id],
  }),
}));

export const organizationsRelations = relations(organizations, ({ many }) => ({
  locations: many(organizationLocations),
  clientUsers: many(clientUsers),
  opportunities: many(opportunities),
  campaigns: many(campaigns),
}));

export const organizationLocationsRelations = relations(organizationLocations, ({ one }) => ({
  organization: one(organizations, {
    fields: [organizationLocations.organizationId],
    references: [organizations.id],
  }),
}));

export const clientUsersRelations = relations(clientUsers, ({ one, many }) => ({
  user: one(users, { fields: [clientUsers.userId], references: [users.id] }),
  organization: one(organizations, {
    fields: [clientUsers.organizationId],
    references: [organizations.id],
  }),
  managedOpportunities: many(opportunityManagers),
}));

export const opportunitiesRelations = relations(opportunities, ({ one, many }) => ({
  organization: one(organizations, {
    fields: [opportunities.organizationId],
    references: [organizations.id],
  }),
  locations: many(opportunityLocations),
  phases: many(phases),
  managers: many(opportunityManagers),
  requirements: many(requirements),
  screeningQuestions: many(screeningQuestions),
  applications: many(applications),
  campaigns: many(campaigns),
}));

export const opportunityLocationsRelations = relations(opportunityLocations, ({ one }) => ({
  opportunity: one(opportunities, {
    fields: [opportunityLocations.opportunityId],
    references: [opportunities.id],
  }),
}));

export const phasesRelations = relations(phases, ({ one }) => ({
  opportunity: one(opportunities, {
    fields: [phases.opportunityId],
    references: [opportunities.id],
  }),
  nextPhase: one(phases, { fields: [phases.nextPhaseId], references: [phases.id] }),
}));

export const opportunityManagersRelations = relations(opportunityManagers, ({ one }) => ({
  opportunity: one(opportunities, {
    fields: [opportunityManagers.opportunityId],
    references: [opportunities.id],
  }),
  client: one(clientUsers, {
    fields: [opportunityManagers.userId],
    references: [clientUsers.userId],
  }),
}));

export const requirementsRelations = relations(requirements, ({ one }) => ({
  opportunity: one(opportunities, {
    fields: [requirements.opportunityId],
    references: [opportunities.id],
  }),
}));

export const screeningQuestionsRelations = relations(screeningQuestions, ({ one }) => ({
  opportunity: one(opportunities, {
    fields: [screeningQuestions.opportunityId],
    references: [opportunities.id],
  }),
}));

export const campaignsRelations = relations(campaigns, ({ one, many }) => ({
  organization: one(organizations, {
    fields: [campaigns.organizationId],
    references: [organizations.id],
  }),
  opportunity: one(opportunities, {
    fields: [campaigns.opportunityId],
    references: [opportunities.id],
  }),
  aliases: many(campaignAliases),
}));

export const campaignAliasesRelations = relations(campaignAliases, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignAliases.campaignId], references: [campaigns.id] }),
}));

export const applicationsRelations = relations(applications, ({ one, many }) => ({
  candidate: one(users, { fields: [applications.candidateId], references: [users.id] }),
  opportunity: one(opportunities, {
    fields: [applications.opportunityId],
    references: [opportunities.id],
  }),
  phase: one(phases, { fields: [applications.phaseId], references: [phases.id] }),
  campaign: one(campaigns, { fields: [applications.campaignId], references: [campaigns.id] }),
  locations: many(applicationLocations),
  phaseEvents: many(applicationPhaseEvents),
  screeningAnswers: many(screeningAnswers),
  chats: many(chats),
}));

export const applicationLocationsRelations = relations(applicationLocations, ({ one }) => ({
  application: one(applications, {
    fields: [applicationLocations.applicationId],
    references: [applications.id],
  }),
  opportunityLocation: one(opportunityLocations, {
    fields: [applicationLocations.opportunityLocationId],
    references: [opportunityLocations.id],
  }),
}));

export const applicationPhaseEventsRelations = relations(applicationPhaseEvents, ({ one }) => ({
  application: one(applications, {
    fields: [applicationPhaseEvents.applicationId],
    references: [applications.id],
  }),
  phase: one(phases, { fields: [applicationPhaseEvents.phaseId], references: [phases.id] }),
  actor: one(users, { fields: [applicationPhaseEvents.actorUserId], references: [users.id] }),
}));

export const screeningAnswersRelations = relations(screeningAnswers, ({ one }) => ({
  application: one(applications, {
    fields: [screeningAnswers.applicationId],
    references: [applications.id],
  }),
  question: one(screeningQuestions, {
    fields: [screeningAnswers.screeningQuestionId],
    references: [screeningQuestions.id],
  }),
}));

export const eligibilitiesRelations = relations(eligibilities, ({ one }) => ({
  candidate: one(users, { fields: [eligibilities.candidateId], references: [users.id] }),
  opportunity: one(opportunities, {
    fields: [eligibilities.opportunityId],
    references: [opportunities.id],
  }),
}));

export const chatsRelations = relations(chats, ({ one, many }) => ({
  application: one(applications, { fields: [chats.applicationId], references: [applications.id] }),
  messages: many(chatMessages),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  chat: one(chats, { fields: [chatMessages.chatId], references: [chats.id] }),
  sender: one(users, { fields: [chatMessages.senderUserId], references: [users.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const actionItemsRelations = relations(actionItems, ({ one }) => ({
  user: one(users, { fields: [actionItems.userId], references: [users.id] }),
  application: one(applications, {
    fields: [actionItems.applicationId],
    references: [applications.id],
  }),
}));

export const feedbackRequestsRelations = relations(feedbackRequests, ({ one, many }) => ({
  organization: one(organizations, {
    fields: [feedbackRequests.organizationId],
    references: [organizations.id],
  }),
  requestedBy: one(users, { fields: [feedbackRequests.requestedById], references: [users.id] }),
  applications: many(feedbackRequestApplications),
  responders: many(feedbackRequestResponders),
  responses: many(feedbackResponses),
}));

export const feedbackRequestApplicationsRelations = relations(
  feedbackRequestApplications,
  ({ one }) => ({
    feedbackRequest: one(feedbackRequests, {
      fields: [feedbackRequestApplications.feedbackRequestId],
      references: [feedbackRequests.id],
    }),
    application: one(applications, {
      fields: [feedbackRequestApplications.applicationId],
      references: [applications.id],
    }),
  }),
);

export const feedbackRequestRespondersRelations = relations(
  feedbackRequestResponders,
  ({ one }) => ({
    feedbackRequest: one(feedbackRequests, {
      fields: [feedbackRequestResponders.feedbackRequestId],
      references: [feedbackRequests.id],
    }),
    user: one(users, { fields: [feedbackRequestResponders.userId], references: [users.id] }),
  }),
);

export const feedbackResponsesRelations = relations(feedbackResponses, ({ one }) => ({
  feedbackRequest: one(feedbackRequests, {
    fields: [feedbackResponses.feedbackRequestId],
    references: [feedbackRequests.id],
  }),
  application: one(applications, {
    fields: [feedbackResponses.applicationId],
    references: [applications.id],
  }),
  responder: one(users, { fields: [feedbackResponses.responderId], references: [users.id] }),
}));

export const flagsRelations = relations(flags, ({ one }) => ({
  candidate: one(users, { fields: [flags.candidateId], references: [users.id] }),
}));

export const documentsRelations = relations(documents, ({ one }) => ({
  user: one(users, { fields: [documents.userId], references: [users.id] }),
}));

export const documentBundlesRelations = relations(documentBundles, ({ one, many }) => ({
  opportunity: one(opportunities, {
    fields: [documentBundles.opportunityId],
    references: [opportunities.id],
  }),
  requestedBy: one(users, { fields: [documentBundles.requestedById], references: [users.id] }),
  applications: many(documentBundleApplications),
}));

export const documentBundleApplicationsRelations = relations(
  documentBundleApplications,
  ({ one }) => ({
    bundle: one(documentBundles, {
      fields: [documentBundleApplications.documentBundleId],
      references: [documentBundles.id],
    }),
    application: one(applications, {
      fields: [documentBundleApplications.applicationId],
      references: [applications.id],
    }),
  }),
);
