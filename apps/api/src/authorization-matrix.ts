// Who gets what from every operation of the API: one row per operation of the OpenAPI document,
// and in each row the answer of each principal of test/principals.ts. The rules of the product:
// 401 without a valid session, 403 for a role the route is not for (or a client user who is
// not a primary user where only primary users may act), 404 for an object that is not the
// caller's (another candidate's, another organization's, or an opportunity a client user does
// not manage), exactly as for an object that does not exist.
import {
  interviewOffers,
  opportunityLocations,
  phases,
  screeningQuestions,
} from './db/schema/index.ts';
import { addQualification, createCampaign } from './features/eligibility/eligibility.factories.ts';
import { insertApplication } from './features/applications/applications.factories.ts';
import { createUser, type TestApp } from './test/build-app.ts';
import {
  createInterview,
  createWebhookEndpoint,
  type Principals,
  type Side,
  type Who,
} from './test/principals.ts';

/**
 * What a principal gets: 'ok' is any answer that lets them in (not 401, 403 or 404, and no
 * server error: a 409 or a 422 for the minimal body the matrix sends counts); a number is
 * that exact status.
 */
export type Answer = 'ok' | number;
export type Expected = Record<Who, Answer>;

export type Params = Record<string, string | number>;

export interface Row {
  /** The method and the OpenAPI path, e.g. `GET /api/candidate/documents/{id}`. */
  op: string;
  expect: Expected;
  /** The path parameters, from side A's objects (and side B's twins for the existence check). */
  params?: (side: Side, p: Principals) => Params;
  /**
   * The path parameters naming an object that not everyone may see. For each, a principal the
   * route lets in gets the same answer for side B's twin as for an id that does not exist.
   */
  objects?: string[];
  query?: string;
  /** The body; by default a minimal one made from the route's schema. */
  body?: (side: Side, p: Principals) => unknown;
  /**
   * The call deletes or replaces what it names (a file, say), or ends the session: it runs after
   * every other row, and `fresh` makes the objects it needs anew before each call.
   */
  destructive?: boolean;
  fresh?: (t: TestApp, side: Side, p: Principals) => Promise<Partial<Side>>;
  /** The call ends or rotates the caller's session: each principal signs in afresh for it. */
  freshSession?: boolean;
  /**
   * The path parameters naming an object nobody here may see (a draft, say): every principal
   * gets the same answer for it as for an id that does not exist.
   */
  hidden?: (side: Side) => Params;
  /** A multipart upload of a small image or PDF instead of a JSON body. */
  upload?: 'image' | 'pdf';
}

// The shapes of the rows, by who the route is for.
const all = (a: Answer): Expected => ({
  guest: a,
  candidate: a,
  otherCandidate: a,
  primary: a,
  manager: a,
  bystander: a,
  otherClient: a,
  admin: a,
});
/** Any signed-in user. */
const signedIn = (a: Answer): Expected => ({ ...all(a), guest: 401 });
/** Candidates only, each about themselves. */
const candidates = (a: Answer): Expected => ({
  ...all(403),
  guest: 401,
  candidate: a,
  otherCandidate: a,
});
/** An object of the candidate of side A: the other candidate gets 404. */
const candidatesOwn = (a: Answer): Expected => ({ ...candidates(a), otherCandidate: 404 });
/** Client users, each about their own organization. */
const clients = (a: Answer): Expected => ({
  ...all(403),
  guest: 401,
  primary: a,
  manager: a,
  bystander: a,
  otherClient: a,
});
/** Primary users of an organization, about their own organization. */
const primaries = (a: Answer): Expected => ({ ...clients(a), manager: 403, bystander: 403 });
/** An opportunity of organization A that the manager manages (a workspace). */
const workspace = (a: Answer): Expected => ({ ...clients(a), bystander: 404, otherClient: 404 });
/** An object of organization A that any of its client users may see. */
const organizations = (a: Answer): Expected => ({ ...clients(a), otherClient: 404 });
const admins = (a: Answer): Expected => ({ ...all(403), guest: 401, admin: a });

const id = (value: number) => ({ id: value });

/** An interview time `days` ahead with one interviewer from outside. */
const interviewTime = (days: number, email: string) => ({
  startsAt: new Date(Date.now() + days * 86_400_000).toISOString(),
  durationMinutes: 30,
  place: { kind: 'video', url: 'https://meet.example.test/room' },
  interviewers: [{ email }],
});

/**
 * A new, open application to side A's opportunity (the side's own may have been regretted or
 * withdrawn by rows before), for a call that offers or fixes an interview.
 */
async function freshApplication(t: TestApp, side: Side): Promise<Partial<Side>> {
  const candidate = await createUser(t.database, { role: 'candidate' });
  const applicationId = await insertApplication(t.database, {
    candidateId: candidate.id,
    opportunityId: side.opportunityId,
    phaseId: side.phaseIds[0]!,
    locationIds: [side.locationIds[0]!],
  });
  return { applicationId };
}

/** A new interview of side A's application for a call that cancels it. */
async function freshInterview(t: TestApp, side: Side, p: Principals): Promise<Partial<Side>> {
  const interview = await createInterview(t, side.applicationId, [
    { userId: p.users.manager.id, email: p.users.manager.email.toLowerCase(), name: null },
  ]);
  return { interviewId: interview.id };
}
/** New times offered to side A's application (not booked) for a call that withdraws them. */
async function freshOffer(t: TestApp, side: Side): Promise<Partial<Side>> {
  const [offer] = await t.database.db
    .insert(interviewOffers)
    .values({ applicationId: side.applicationId })
    .returning();
  return { interviewOfferId: offer!.id };
}

let serial = 0;
const unique = (name: string) => `${name}-${++serial}-${Date.now()}`;

export const rows: Row[] = [
  // Health and the support chat: anyone.
  { op: 'GET /api/health', expect: all(200) },
  { op: 'GET /api/support-chat', expect: all(200) },

  // Signing up, in and out.
  { op: 'POST /api/candidates', expect: all('ok') },
  { op: 'POST /api/candidates/accept_terms', expect: candidates(200) },
  { op: 'POST /api/auth/login', expect: all('ok') },
  { op: 'POST /api/auth/refresh', expect: signedIn(200), freshSession: true, destructive: true },
  { op: 'DELETE /api/auth/session', expect: signedIn(204), freshSession: true, destructive: true },
  { op: 'GET /api/candidate/candidate', expect: candidates(200) },
  { op: 'PATCH /api/candidate/candidate', expect: candidates(200) },
  {
    op: 'DELETE /api/candidate/candidate',
    expect: candidates('ok'),
    freshSession: true,
    destructive: true,
  },
  {
    op: 'PUT /api/candidate/candidate/password',
    expect: candidates('ok'),
    freshSession: true,
    destructive: true,
  },
  {
    // An admin reads only their own account.
    op: 'GET /api/admin/admins/{id}',
    expect: admins(200),
    params: (_s, p) => id(p.users.admin.id),
  },
  { op: 'GET /api/candidate/candidate/send_email_confirmation', expect: candidates(200) },
  { op: 'GET /api/{role}/confirmation', expect: all('ok'), params: () => ({ role: 'candidate' }) },
  {
    op: 'POST /api/{role}/confirmation/resend',
    expect: all('ok'),
    params: () => ({ role: 'candidate' }),
  },
  { op: 'POST /api/{role}/password', expect: all('ok'), params: () => ({ role: 'candidate' }) },
  { op: 'PUT /api/{role}/password', expect: all('ok'), params: () => ({ role: 'candidate' }) },

  // Reference data: anyone.
  { op: 'GET /api/behavioral_competencies', expect: all(200) },
  { op: 'GET /api/disciplines', expect: all(200) },
  { op: 'GET /api/institutions', expect: all(200) },
  {
    op: 'GET /api/institutions/{id}',
    expect: all(200),
    params: (s) => id(s.reference.institutionId),
  },
  { op: 'GET /api/organizations', expect: all(200) },
  { op: 'GET /api/qualifications', expect: all(200) },
  {
    op: 'GET /api/qualifications/{id}',
    expect: all(200),
    params: (s) => id(s.reference.qualificationId),
  },
  { op: 'GET /api/qualification_categories', expect: all(200) },
  {
    op: 'GET /api/qualification_categories/{id}',
    expect: all(200),
    params: (s) => id(s.reference.qualificationCategoryId),
  },
  { op: 'GET /api/qualification_types', expect: all(200) },
  {
    op: 'GET /api/qualification_types/{id}',
    expect: all(200),
    params: (s) => id(s.reference.qualificationTypeId),
  },
  { op: 'GET /api/qualification_components', expect: all('ok') },
  { op: 'GET /api/locations/{id}', expect: all(200), params: (s) => id(s.reference.locationId) },
  { op: 'GET /api/search/locations', expect: all('ok'), query: 'q=Cape' },

  // The candidate's profile.
  { op: 'GET /api/candidate/profile', expect: candidates(200) },
  { op: 'PATCH /api/candidate/profile', expect: candidates(200) },
  { op: 'GET /api/candidate/experiences', expect: candidates(200) },
  ...profileSection('experiences', 'experienceId'),
  ...profileSection('achievements', 'achievementId'),
  ...profileSection('affiliations', 'affiliationId'),
  ...profileSection('language_proficiencies', 'languageProficiencyId'),
  ...profileSection('study_rights', 'studyRightId'),
  ...profileSection('work_rights', 'workRightId'),
  { op: 'GET /api/candidate/profile_qualifications', expect: candidates(200) },
  // A fresh qualification is deleted, so its twin with components stays for the rows after.
  ...profileSection('profile_qualifications', 'profileQualificationId', {
    fresh: freshQualification,
    body: (s) => ({ profileQualification: { institutionId: s.reference.institutionId } }),
  }),
  {
    op: 'GET /api/candidate/profile_qualifications/{id}/profile_qualification_components',
    expect: candidatesOwn(200),
    params: (s) => id(s.profileQualificationId),
    objects: ['id'],
  },
  {
    op: 'POST /api/candidate/profile_qualifications/{id}/profile_qualification_components',
    expect: candidatesOwn(201),
    params: (s) => id(s.profileQualificationId),
    objects: ['id'],
    body: () => ({ profileQualificationComponent: { name: 'Databases', mark: 70 } }),
  },
  {
    op: 'PATCH /api/candidate/profile_qualifications/{id}/profile_qualification_components/{componentId}',
    body: () => ({ profileQualificationComponent: { mark: 75 } }),
    expect: candidatesOwn(200),
    params: (s) => ({
      id: s.profileQualificationId,
      componentId: s.profileQualificationComponentId,
    }),
    objects: ['id', 'componentId'],
  },
  {
    op: 'DELETE /api/candidate/profile_qualifications/{id}/profile_qualification_components/{componentId}',
    expect: candidatesOwn(204),
    params: (s) => ({
      id: s.profileQualificationId,
      componentId: s.profileQualificationComponentId,
    }),
    objects: ['id', 'componentId'],
    destructive: true,
  },

  // Documents and the avatar.
  { op: 'GET /api/candidate/documents', expect: candidates(200) },
  { op: 'POST /api/candidate/documents', expect: candidates(201), upload: 'pdf' },
  {
    op: 'GET /api/candidate/documents/{id}',
    expect: candidatesOwn(200),
    params: (s) => id(s.documentId),
    objects: ['id'],
  },
  {
    op: 'DELETE /api/candidate/documents/{id}',
    expect: candidatesOwn(204),
    params: (s) => id(s.documentId),
    objects: ['id'],
    destructive: true,
  },
  { op: 'PUT /api/candidate/avatar', expect: candidates(200), upload: 'image', destructive: true },
  { op: 'DELETE /api/candidate/avatar', expect: candidates(204), destructive: true },
  { op: 'GET /api/avatars/{file}', expect: all(200), params: (s) => ({ file: s.avatarFile }) },

  // The candidate's to-do list and notifications.
  { op: 'GET /api/candidate/action_items', expect: candidates(200) },
  { op: 'GET /api/candidate/profile/completion', expect: candidates(200) },
  { op: 'GET /api/candidate/notifications', expect: candidates(200) },
  {
    op: 'PATCH /api/candidate/notifications/{id}',
    expect: candidatesOwn(200),
    params: (s) => id(s.notificationId),
    objects: ['id'],
  },
  { op: 'GET /api/candidate/notification_preferences', expect: candidates(200) },
  { op: 'PUT /api/candidate/notification_preferences', expect: candidates(200) },
  {
    op: 'PUT /api/candidate/time_zone',
    expect: candidates(200),
    body: () => ({ timeZone: 'Europe/London' }),
  },
  {
    op: 'PUT /api/client/time_zone',
    expect: clients(200),
    body: () => ({ timeZone: 'Europe/London' }),
  },
  { op: 'GET /api/client/notification_preferences', expect: clients(200) },
  { op: 'PUT /api/client/notification_preferences', expect: clients(200) },
  { op: 'GET /api/notifications/unsubscribe/about', expect: all('ok') },
  { op: 'GET /api/notifications/unsubscribe', expect: all('ok') },
  { op: 'POST /api/notifications/unsubscribe', expect: all('ok') },

  // Opportunities, campaigns, organizations and listings as the public sees them.
  { op: 'GET /api/opportunities', expect: all(200) },
  { op: 'GET /api/candidate/opportunities', expect: candidates(200) },
  { op: 'GET /api/opportunity_locations', expect: all(200) },
  { op: 'GET /api/candidate/opportunity_locations', expect: candidates(200) },
  {
    op: 'GET /api/opportunities/{id}',
    expect: all(200),
    params: (s) => id(s.opportunityId),
    hidden: (s) => id(s.draftOpportunityId),
  },
  { op: 'GET /api/campaigns/{id}', expect: all(200), params: (s) => id(s.campaign.id) },
  {
    op: 'GET /api/campaign_aliases/{alias}',
    expect: all(200),
    params: (s) => ({ alias: s.campaignAlias }),
  },
  {
    op: 'GET /api/campaign_images/{file}',
    expect: all(200),
    params: (s) => ({ file: s.campaignImageFile }),
  },
  { op: 'POST /api/campaigns/{id}/visits', expect: all(204), params: (s) => id(s.campaign.id) },
  { op: 'GET /api/organizations/{id}', expect: all(200), params: (s) => id(s.organizationId) },
  {
    op: 'GET /api/organization_logos/{file}',
    expect: all(200),
    params: (s) => ({ file: s.logoFile }),
  },
  {
    op: 'GET /api/listings/{id}',
    expect: all(200),
    params: (s) => id(s.listingId),
    hidden: (s) => id(s.draftListingId),
  },

  // Campaigns as their organization runs them.
  { op: 'GET /api/client/campaigns', expect: clients(200) },
  {
    op: 'POST /api/client/campaigns',
    expect: primaries(201),
    body: () => ({ campaign: { name: 'Spring intake', slug: unique('spring') } }),
  },
  {
    // A campaign about an opportunity is seen by those who manage the opportunity.
    op: 'GET /api/client/campaigns/{id}',
    expect: workspace(200),
    params: (s) => id(s.campaign.id),
    objects: ['id'],
  },
  {
    op: 'PATCH /api/client/campaigns/{slug}',
    expect: { ...workspace(200), manager: 403 },
    body: () => ({ campaign: { name: 'Autumn intake' } }),
    params: (s) => ({ slug: s.campaign.slug }),
    objects: ['slug'],
  },
  {
    op: 'DELETE /api/client/campaigns/{id}',
    expect: { ...workspace(204), manager: 403 },
    params: (s) => id(s.campaign.id),
    objects: ['id'],
    destructive: true,
    fresh: freshCampaign,
  },
  {
    op: 'PUT /api/client/campaigns/{id}/image',
    expect: { ...workspace(200), manager: 403 },
    upload: 'image',
    destructive: true,
    params: (s) => id(s.campaign.id),
    objects: ['id'],
  },
  {
    op: 'DELETE /api/client/campaigns/{id}/image',
    expect: { ...workspace(200), manager: 403 },
    params: (s) => id(s.campaign.id),
    objects: ['id'],
    destructive: true,
  },
  { op: 'GET /api/client/organization/analytics/campaigns', expect: clients(200) },

  // The organization.
  { op: 'GET /api/client/organization', expect: clients(200) },
  { op: 'PATCH /api/client/organization', expect: primaries(200) },
  {
    op: 'PUT /api/client/organization/logo',
    expect: primaries(200),
    upload: 'image',
    destructive: true,
  },
  { op: 'DELETE /api/client/organization/logo', expect: primaries(204), destructive: true },
  {
    op: 'POST /api/client/organization/locations',
    expect: primaries(201),
    body: () => ({
      location: { address: '2 Long Street', country: 'ZA', latitude: -33.92, longitude: 18.42 },
    }),
  },
  {
    op: 'DELETE /api/client/organization/locations/{id}',
    expect: { ...organizations(204), manager: 403, bystander: 403 },
    params: (s) => id(s.organizationLocationId),
    objects: ['id'],
    destructive: true,
  },

  // Eligibility, as the candidate sees it, and requirements, as admins write them.
  { op: 'GET /api/candidate/eligibilities', expect: candidates(200) },
  {
    op: 'GET /api/candidate/opportunities/{id}/eligibility',
    expect: candidates(200),
    params: (s) => id(s.opportunityId),
    hidden: (s) => id(s.draftOpportunityId),
  },
  {
    op: 'GET /api/candidate/campaigns/{id}/eligibilities',
    expect: candidates(200),
    params: (s) => id(s.campaign.id),
  },
  {
    op: 'POST /api/admin/requirements',
    expect: admins(201),
    body: (s) => ({
      requirement: { opportunityId: s.opportunityId, criterion: { kind: 'age', minimum: 18 } },
    }),
  },
  {
    op: 'PATCH /api/admin/requirements/{id}',
    expect: admins('ok'),
    params: (s) => id(s.requirementId),
  },
  {
    op: 'DELETE /api/admin/requirements/{id}',
    expect: admins(204),
    params: (s) => id(s.requirementId),
    destructive: true,
  },

  // Applying, and the candidate's applications.
  {
    op: 'POST /api/candidate/opportunities/{id}/apply',
    expect: candidates('ok'),
    params: (s) => id(s.opportunityId),
    hidden: (s) => id(s.draftOpportunityId),
    body: (s) => ({ locations: [s.locationIds[0]] }),
  },
  {
    op: 'GET /api/candidate/opportunities/{id}/screening_questions',
    expect: candidates(200),
    params: (s) => id(s.opportunityId),
    hidden: (s) => id(s.draftOpportunityId),
  },
  { op: 'GET /api/candidate/applications', expect: candidates(200) },
  {
    op: 'GET /api/candidate/applications/{id}',
    expect: candidatesOwn(200),
    params: (s) => id(s.applicationId),
    objects: ['id'],
  },
  {
    op: 'PATCH /api/candidate/applications/{id}',
    expect: candidatesOwn(200),
    params: (s) => id(s.applicationId),
    objects: ['id'],
    body: (s) => ({ application: { locations: [s.locationIds[0]] } }),
  },
  {
    op: 'PATCH /api/candidate/applications/{id}/archive',
    expect: candidatesOwn(200),
    params: (s) => id(s.applicationId),
    objects: ['id'],
    destructive: true,
  },
  { op: 'GET /api/candidate/invites', expect: candidates(200) },
  {
    op: 'GET /api/candidate/applications/{id}/financial-survey',
    expect: candidatesOwn(200),
    params: (s) => id(s.applicationId),
    objects: ['id'],
  },
  {
    op: 'PUT /api/candidate/applications/{id}/financial-survey',
    expect: candidatesOwn(200),
    params: (s) => id(s.applicationId),
    objects: ['id'],
  },

  // Workspaces: the opportunities a client user manages.
  { op: 'GET /api/client/opportunities', expect: clients(200) },
  { op: 'POST /api/client/opportunities', expect: primaries(201) },
  ...workspaceRoutes(),

  // Messages.
  { op: 'GET /api/candidate/document_downloads', expect: candidates(200) },
  { op: 'GET /api/candidate/chats', expect: candidates(200) },
  {
    op: 'GET /api/candidate/applications/{id}/chats',
    expect: candidatesOwn(200),
    params: (s) => id(s.applicationId),
    objects: ['id'],
  },
  {
    op: 'POST /api/candidate/applications/{id}/chats',
    expect: candidatesOwn(201),
    params: (s) => id(s.applicationId),
    objects: ['id'],
    body: () => ({ message: { body: 'Thank you' } }),
  },
  { op: 'GET /api/client/chats', expect: clients(200) },

  // Screening, across the organization.
  {
    op: 'POST /api/client/flags',
    expect: workspace(201),
    body: (s) => ({
      flag: { applicationId: s.applicationId, section: 'documents', reason: 'Unreadable' },
    }),
  },
  {
    // Candidate search is for primary users and managers of an active workspace.
    op: 'GET /api/client/eligibilities',
    expect: { ...clients(200), bystander: 403 },
  },
  { op: 'GET /api/client/applications', expect: clients(200) },
  { op: 'GET /api/client/applications/list', expect: clients(200) },
  { op: 'GET /api/client/applications/ids', expect: clients(200) },

  // The organization's client users.
  { op: 'GET /api/client/me', expect: clients(200) },
  { op: 'GET /api/client/clients', expect: clients(200) },
  {
    op: 'POST /api/client/clients',
    expect: primaries(201),
    body: () => ({
      client: {
        firstName: 'New',
        lastName: 'Colleague',
        email: `${unique('colleague')}@example.test`,
      },
    }),
  },
  {
    op: 'GET /api/client/clients/{id}',
    expect: organizations(200),
    params: (s) => id(s.clientUserId),
    objects: ['id'],
  },
  {
    op: 'PATCH /api/client/clients/{id}',
    expect: { ...organizations(200), manager: 403, bystander: 403 },
    body: () => ({ client: { jobTitle: 'Recruiter' } }),
    params: (s) => id(s.clientUserId),
    objects: ['id'],
  },
  // The organization's API keys: its primary users only, and no key (a key is refused as the
  // matrix's principals never are: see features/api-keys for the calls made with keys).
  { op: 'GET /api/client/api_keys', expect: primaries(200) },
  {
    op: 'POST /api/client/api_keys',
    expect: primaries(201),
    body: () => ({ apiKey: { name: 'Payroll', scopes: { analytics: 'read' }, expiresAt: null } }),
  },
  {
    op: 'PATCH /api/client/api_keys/{id}',
    expect: { ...organizations(200), manager: 403, bystander: 403 },
    body: () => ({ apiKey: { name: 'HR system (renamed)' } }),
    params: (s) => id(s.apiKeyId),
    objects: ['id'],
  },
  {
    op: 'GET /api/client/api_keys/{id}/requests',
    expect: { ...organizations(200), manager: 403, bystander: 403 },
    params: (s) => id(s.apiKeyId),
    objects: ['id'],
  },
  {
    op: 'POST /api/client/api_keys/{id}/revoke',
    expect: { ...organizations(200), manager: 403, bystander: 403 },
    params: (s) => id(s.apiKeyId),
    objects: ['id'],
    destructive: true,
  },
  {
    op: 'POST /api/client/clients/{id}/invite',
    expect: { ...organizations(200), manager: 403, bystander: 403 },
    params: (s) => id(s.clientUserId),
    objects: ['id'],
  },

  // Webhook endpoints: primary users, about their own organization.
  { op: 'GET /api/client/webhook_endpoints', expect: primaries(200) },
  {
    op: 'POST /api/client/webhook_endpoints',
    // A loopback address is refused (422) where private addresses are not allowed.
    expect: primaries('ok'),
    body: () => ({ endpoint: { url: 'https://127.0.0.1/hook', events: ['application.created'] } }),
  },
  {
    op: 'PATCH /api/client/webhook_endpoints/{id}',
    expect: { ...organizations(200), manager: 403, bystander: 403 },
    params: (s) => id(s.webhookEndpointId),
    objects: ['id'],
    body: () => ({ endpoint: { description: 'HR system' } }),
  },
  {
    op: 'DELETE /api/client/webhook_endpoints/{id}',
    expect: { ...organizations(204), manager: 403, bystander: 403 },
    params: (s) => id(s.webhookEndpointId),
    objects: ['id'],
    destructive: true,
    fresh: async (t, s) => ({
      webhookEndpointId: (await createWebhookEndpoint(t, s.organizationId)).endpointId,
    }),
  },
  {
    op: 'POST /api/client/webhook_endpoints/{id}/rotate_secret',
    expect: { ...organizations(200), manager: 403, bystander: 403 },
    params: (s) => id(s.webhookEndpointId),
    objects: ['id'],
  },
  {
    op: 'GET /api/client/webhook_endpoints/{id}/deliveries',
    expect: { ...organizations(200), manager: 403, bystander: 403 },
    params: (s) => id(s.webhookEndpointId),
    objects: ['id'],
  },
  {
    op: 'POST /api/client/webhook_endpoints/{id}/deliveries/{deliveryId}/replay',
    expect: { ...organizations(202), manager: 403, bystander: 403 },
    params: (s) => ({ id: s.webhookEndpointId, deliveryId: s.webhookDeliveryId }),
    objects: ['id', 'deliveryId'],
  },
  {
    op: 'POST /api/client/webhook_endpoints/{id}/test',
    expect: { ...organizations(202), manager: 403, bystander: 403 },
    params: (s) => id(s.webhookEndpointId),
    objects: ['id'],
  },

  // Feedback requests.
  { op: 'GET /api/client/feedback_requests', expect: clients(200) },
  { op: 'POST /api/client/feedback_requests', expect: clients('ok') },
  {
    // Seen by whoever asked and those asked, here the manager.
    op: 'GET /api/client/feedback_requests/{id}',
    expect: workspace(200),
    params: (s) => id(s.feedbackRequestId),
    objects: ['id'],
  },
  {
    op: 'PATCH /api/client/feedback_requests/{id}',
    // Only those asked answer: the primary user who asked is refused.
    expect: { ...workspace(200), primary: 403 },
    params: (s) => id(s.feedbackRequestId),
    objects: ['id'],
    body: (s) => ({ responses: [{ applicationId: s.applicationId, rating: 4 }] }),
  },
  {
    // Only who asked sends someone outside a new link (their old one stops working).
    op: 'POST /api/client/feedback_requests/{id}/guests/{guestId}/link',
    expect: { ...workspace(200), manager: 403 },
    params: (s) => ({ id: s.feedbackRequestId, guestId: s.feedbackGuestId }),
    objects: ['id', 'guestId'],
    destructive: true,
  },
  {
    // Only who asked withdraws the link of someone outside; those asked see it but may not.
    op: 'DELETE /api/client/feedback_requests/{id}/guests/{guestId}',
    expect: { ...workspace(200), manager: 403 },
    params: (s) => ({ id: s.feedbackRequestId, guestId: s.feedbackGuestId }),
    objects: ['id', 'guestId'],
    destructive: true,
  },
  {
    // Someone outside asked by e-mail: the token is the key, whoever holds it.
    op: 'GET /api/feedback_links/{token}',
    expect: all(200),
    params: (s) => ({ token: s.feedbackLinkToken }),
  },
  {
    op: 'PATCH /api/feedback_links/{token}',
    expect: all(200),
    params: (s) => ({ token: s.feedbackLinkToken }),
    body: (s) => ({ responses: [{ applicationId: s.applicationId, comment: 'Strong analyst' }] }),
  },

  // Interviews: times offered, bookings, scorecards and agendas.
  {
    op: 'GET /api/client/opportunities/{id}/interview_settings',
    expect: workspace(200),
    params: (s) => id(s.opportunityId),
    objects: ['id'],
  },
  {
    op: 'PUT /api/client/opportunities/{id}/interview_settings',
    expect: workspace(200),
    params: (s) => id(s.opportunityId),
    objects: ['id'],
    body: () => ({ settings: { criteria: [{ label: 'Communication' }], blindReview: false } }),
  },
  {
    op: 'POST /api/client/opportunities/{id}/interview_offers',
    expect: workspace(201),
    params: (s) => id(s.opportunityId),
    objects: ['id'],
    fresh: freshApplication,
    body: (s) => ({
      applicationIds: [s.applicationId],
      slots: [interviewTime(30, `${unique('offered')}@example.test`)],
    }),
  },
  {
    op: 'POST /api/client/interview_offers/{id}/withdraw',
    expect: workspace(200),
    params: (s) => id(s.interviewOfferId),
    objects: ['id'],
    destructive: true,
    fresh: freshOffer,
    body: () => ({ reason: 'The position is filled' }),
  },
  {
    op: 'POST /api/client/opportunities/{id}/interviews',
    expect: workspace(201),
    params: (s) => id(s.opportunityId),
    objects: ['id'],
    fresh: freshApplication,
    body: (s) => ({
      applicationId: s.applicationId,
      ...interviewTime(40, `${unique('fixed')}@example.test`),
    }),
  },
  {
    op: 'GET /api/client/opportunities/{id}/interviews',
    expect: workspace(200),
    params: (s) => id(s.opportunityId),
    objects: ['id'],
  },
  { op: 'GET /api/client/interviews', expect: clients(200) },
  {
    op: 'GET /api/client/applications/{id}/interviews',
    expect: workspace(200),
    params: (s) => id(s.applicationId),
    objects: ['id'],
  },
  {
    op: 'GET /api/client/interviews/{id}',
    expect: workspace(200),
    params: (s) => id(s.interviewId),
    objects: ['id'],
  },
  {
    op: 'PATCH /api/client/interviews/{id}',
    expect: workspace(200),
    params: (s) => id(s.interviewId),
    objects: ['id'],
    body: () => ({ startsAt: interviewTime(50, '').startsAt }),
  },
  {
    op: 'POST /api/client/interviews/{id}/cancel',
    expect: workspace(200),
    params: (s) => id(s.interviewId),
    objects: ['id'],
    destructive: true,
    fresh: freshInterview,
  },
  {
    // Only the interviewers fill in a scorecard: here the manager, not the primary user.
    op: 'PUT /api/client/interviews/{id}/scorecard',
    expect: { ...workspace(200), primary: 403 },
    params: (s) => id(s.interviewId),
    objects: ['id'],
    body: () => ({ scorecard: { scores: {}, recommendation: 'yes' } }),
  },
  {
    op: 'GET /api/candidate/applications/{id}/interviews',
    expect: candidatesOwn(200),
    params: (s) => id(s.applicationId),
    objects: ['id'],
  },
  {
    op: 'POST /api/candidate/interview_offers/{id}/booking',
    expect: candidatesOwn(201),
    params: (s) => id(s.interviewOfferId),
    objects: ['id'],
    body: (s) => ({ slotId: s.interviewSlotId }),
  },
  {
    // After the booking above the offer is taken: asking for other times then is a conflict.
    op: 'POST /api/candidate/interview_offers/{id}/other_times',
    expect: candidatesOwn('ok'),
    params: (s) => id(s.interviewOfferId),
    objects: ['id'],
    body: () => ({ message: 'Later that week, please' }),
  },
  {
    op: 'POST /api/candidate/interviews/{id}/cancel',
    expect: candidatesOwn(200),
    params: (s) => id(s.interviewId),
    objects: ['id'],
    destructive: true,
    fresh: freshInterview,
  },
  {
    // An outside interviewer's link: the token is the key, whoever holds it.
    op: 'GET /api/interview_links/{token}',
    expect: all(200),
    params: (s) => ({ token: s.interviewLinkToken }),
  },
  {
    op: 'GET /api/interview_links/{token}/calendar',
    expect: all(200),
    params: (s) => ({ token: s.interviewLinkToken }),
  },
  {
    op: 'PUT /api/interview_links/{token}/scorecard',
    expect: all(200),
    params: (s) => ({ token: s.interviewLinkToken }),
    body: () => ({ scorecard: { scores: {}, recommendation: 'no' } }),
  },

  // Analytics of the organization.
  { op: 'GET /api/client/organization/analytics/applicants', expect: clients(200) },
  { op: 'GET /api/client/organization/analytics/explore', expect: clients(200) },
  { op: 'GET /api/client/organization/analytics/criteria', expect: clients('ok') },

  // Document bundles.
  { op: 'POST /api/client/document_bundles', expect: clients('ok') },
  { op: 'POST /api/client/document_bundles/contents', expect: clients('ok') },
  { op: 'GET /api/client/document_bundles', expect: clients(200) },
  {
    // Opened from the e-mail: the signed token in the link is the key, not a session.
    op: 'GET /api/client/document_bundles/{id}/download',
    expect: all('ok'),
    params: (s) => id(s.documentBundleId),
  },

  // The candidate's account: export and signing in with another provider.
  { op: 'GET /api/candidate/candidate/export', expect: candidates(200) },
  { op: 'GET /api/auth/providers', expect: all(200) },
  {
    op: 'GET /api/candidate/auth/{provider}',
    expect: all(302),
    params: () => ({ provider: 'facebook' }),
  },
  {
    op: 'POST /api/candidate/auth/{provider}',
    expect: candidates(200),
    params: () => ({ provider: 'facebook' }),
  },
  {
    op: 'GET /api/candidate/auth/{provider}/callback',
    expect: all(302),
    params: () => ({ provider: 'facebook' }),
  },
  {
    op: 'POST /api/candidate/auth/{provider}/session',
    expect: all('ok'),
    params: () => ({ provider: 'facebook' }),
  },
  { op: 'GET /api/candidate/candidate/identities', expect: candidates(200) },
  {
    // Nobody has linked a Facebook account: the candidate's own answer is a 404 too.
    op: 'DELETE /api/candidate/candidate/identities/{provider}',
    expect: candidates(404),
    params: () => ({ provider: 'facebook' }),
    destructive: true,
  },
];

/** Adding, changing and deleting an item of a section of the candidate's profile. */
function profileSection(
  path: string,
  key: keyof Side,
  more: { fresh?: Row['fresh']; body?: Row['body'] } = {},
): Row[] {
  const params = (s: Side) => id(s[key] as number);
  return [
    { op: `POST /api/candidate/${path}`, expect: candidates('ok') },
    {
      op: `PATCH /api/candidate/${path}/{id}`,
      expect: candidatesOwn(200),
      params,
      objects: ['id'],
      body: more.body,
    },
    {
      op: `DELETE /api/candidate/${path}/{id}`,
      expect: candidatesOwn(204),
      params,
      objects: ['id'],
      destructive: true,
      fresh: more.fresh,
    },
  ];
}

/** Everything under /api/client/opportunities/{id}: the manager's workspace. */
function workspaceRoutes(): Row[] {
  const base = '/api/client/opportunities/{id}';
  const opportunity = (s: Side) => id(s.opportunityId);
  const application = (s: Side) => ({ id: s.opportunityId, appId: s.applicationId });
  const row = (
    op: string,
    expect: Expected,
    params: (s: Side, p: Principals) => Params = opportunity,
    more: Partial<Row> = {},
  ): Row => ({
    op,
    expect,
    params,
    objects: [...op.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    ...more,
  });
  return [
    row(`GET ${base}`, workspace(200)),
    row(`PATCH ${base}`, workspace('ok')),
    row(`GET ${base}/counts`, workspace(200)),
    row(`POST ${base}/locations`, workspace(201)),
    row(`PATCH ${base}/locations/{locId}`, workspace(200), (s) => ({
      id: s.opportunityId,
      locId: s.locationIds[1]!,
    })),
    row(
      `DELETE ${base}/locations/{locId}`,
      workspace(204),
      (s) => ({ id: s.opportunityId, locId: s.locationIds[1]! }),
      { destructive: true, fresh: freshLocation },
    ),
    row(`GET ${base}/managers`, workspace(200)),
    row(`PUT ${base}/managers`, { ...workspace(200), manager: 403 }, opportunity, {
      // The manager stays listed, so the rows after this one still find them managing.
      body: (_s, p) => ({ userIds: [p.users.manager.id] }),
    }),
    row(`GET ${base}/phases`, workspace(200)),
    row(`POST ${base}/phases`, workspace(201)),
    row(`PUT ${base}/phases/order`, workspace('ok')),
    row(
      `PATCH ${base}/phases/{phaseId}`,
      workspace(200),
      (s) => ({ id: s.opportunityId, phaseId: s.phaseIds[2]! }),
      { body: () => ({ phase: { name: 'Final interview' } }) },
    ),
    row(
      `DELETE ${base}/phases/{phaseId}`,
      workspace(204),
      (s) => ({ id: s.opportunityId, phaseId: s.phaseIds[2]! }),
      { destructive: true, fresh: freshPhase },
    ),
    row(`GET ${base}/requirements`, workspace(200)),
    row(`PUT ${base}/requirements`, workspace(200), opportunity, { destructive: true }),
    row(`POST ${base}/requirements/preview`, workspace(200)),
    row(`GET ${base}/screening_questions`, workspace(200)),
    row(`POST ${base}/screening_questions`, workspace(201)),
    row(`PUT ${base}/screening_questions/order`, workspace('ok')),
    row(
      `PATCH ${base}/screening_questions/{questionId}`,
      workspace(200),
      (s) => ({ id: s.opportunityId, questionId: s.questionId }),
      { body: () => ({ screeningQuestion: { prompt: 'Why this bursary?' } }) },
    ),
    row(
      `DELETE ${base}/screening_questions/{questionId}`,
      workspace(204),
      (s) => ({ id: s.opportunityId, questionId: s.questionId }),
      { destructive: true, fresh: freshQuestion },
    ),
    row(`GET ${base}/applications/list`, workspace(200)),
    row(`GET ${base}/applications/ids`, workspace(200)),
    row(`GET ${base}/applications/{appId}`, workspace(200), application),
    row(`GET ${base}/applications/{appId}/documents/{docId}`, workspace(200), (s) => ({
      ...application(s),
      docId: s.documentId,
    })),
    row(`GET ${base}/applications/{appId}/chats`, workspace(200), application),
    row(`POST ${base}/applications/{appId}/chats`, workspace(201), application, {
      body: () => ({ message: { body: 'Can you come in on Monday?' } }),
    }),
    row(`POST ${base}/applications/assign`, workspace(200)),
    row(`PATCH ${base}/applications/regret`, workspace('ok')),
    row(`POST ${base}/applications/{appId}/events`, workspace('ok'), application),
    row(`GET ${base}/applications/{appId}/events`, workspace(200), application),
    row(`PATCH ${base}/applications/{appId}/regret`, workspace('ok'), application),
    row(`PATCH ${base}/applications/{appId}/rating`, workspace(200), application),
    row(`GET ${base}/eligibilities`, workspace(200)),
    row(`GET ${base}/eligibilities/funnel`, workspace(200)),
    row(`POST ${base}/eligibilities/invite`, workspace(200)),
    row(`GET ${base}/eligibilities/{eid}`, workspace(200), (s) => ({
      id: s.opportunityId,
      eid: s.eligibilityId,
    })),
    row(`PATCH ${base}/eligibilities/{eid}/invite`, workspace('ok'), (s) => ({
      id: s.opportunityId,
      eid: s.eligibilityId,
    })),
    row(`GET ${base}/applications`, workspace(200)),
  ];
}

async function freshLocation(t: TestApp, side: Side): Promise<Partial<Side>> {
  const [row] = await t.database.db
    .insert(opportunityLocations)
    .values({
      opportunityId: side.opportunityId,
      address: '9 Loop Street',
      latitude: -33.9,
      longitude: 18.4,
    })
    .returning();
  return { locationIds: [side.locationIds[0]!, row!.id] };
}

async function freshPhase(t: TestApp, side: Side): Promise<Partial<Side>> {
  const [row] = await t.database.db
    .insert(phases)
    .values({ opportunityId: side.opportunityId, name: 'Spare', initial: false })
    .returning();
  return { phaseIds: [side.phaseIds[0]!, side.phaseIds[1]!, row!.id] };
}

async function freshQuestion(t: TestApp, side: Side): Promise<Partial<Side>> {
  const [row] = await t.database.db
    .insert(screeningQuestions)
    .values({ opportunityId: side.opportunityId, prompt: 'Spare?', required: false, position: 9 })
    .returning();
  return { questionId: row!.id };
}

async function freshCampaign(t: TestApp, side: Side): Promise<Partial<Side>> {
  const campaign = await createCampaign(t.database, {
    organizationId: side.organizationId,
    opportunityId: side.opportunityId,
  });
  return { campaign };
}

async function freshQualification(t: TestApp, side: Side): Promise<Partial<Side>> {
  return { profileQualificationId: await addQualification(t.database, side.profileId, {}) };
}
