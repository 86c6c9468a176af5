// The people who call the API in the authorization tests, each signed in, and the objects the
// routes are about: two sides, A and B, each an organization with an opportunity (locations,
// phases, a screening question, a requirement, a campaign, a listing), a candidate who applied
// to it (with a chat, an eligibility, a notification and a full profile), so that every
// object of side A has a twin on side B that side A's people must not see.
import type { LightMyRequestResponse } from 'fastify';

import {
  achievements,
  affiliations,
  campaignAliases,
  locations as places,
  chatMessages,
  chats,
  documentBundles,
  eligibilities,
  feedbackRequestApplications,
  feedbackRequestGuests,
  feedbackRequestResponders,
  feedbackRequests,
  interviewInterviewers,
  interviewOffers,
  interviewOfferSlots,
  interviews,
  interviewSlots,
  languageProficiencies,
  listingOpportunities,
  listings,
  notifications,
  opportunityManagers,
  organizationLocations,
  profileQualificationComponents,
  studyRights,
  workRights,
  experiences,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '../db/schema/index.ts';
import {
  createOpportunity,
  insertApplication,
} from '../features/applications/applications.factories.ts';
import {
  addQualification,
  createCampaign,
  createReference,
  setProfile,
} from '../features/eligibility/eligibility.factories.ts';
import { createReferenceData } from '../features/profile/profile.factories.ts';
import { issueGuestLink } from '../access/index.ts';
import { bearer, createUser, loginAs, type TestApp } from './build-app.ts';
import { createOpportunities, createRequirement, type OpportunitySeed } from './factories.ts';
import { multipart, pdfBytes, pngBytes, type Part } from './uploads.ts';

/**
 * Everyone who may call a route. `candidate`, `primary`, `manager` and `bystander` are of side A;
 * `otherCandidate` and `otherClient` (the primary user of organization B) of side B.
 */
export const everyone = [
  'guest',
  'candidate',
  'otherCandidate',
  'primary',
  'manager',
  'bystander',
  'otherClient',
  'admin',
] as const;
export type Who = (typeof everyone)[number];

/**
 * The names the client side's tests call the principals by, with the principal each is: the
 * viewer is the colleague of side A managing nothing, the other primary user the primary user
 * of organization B.
 */
export const clientSideNames = {
  guest: 'guest',
  candidate: 'candidate',
  otherPrimary: 'otherClient',
  viewer: 'bystander',
  manager: 'manager',
  primary: 'primary',
} as const satisfies Record<string, Who>;
export type ClientSideName = keyof typeof clientSideNames;

export type User = Awaited<ReturnType<typeof createUser>>;

export interface Principal {
  who: Who;
  /** Undefined for the guest. */
  user?: User;
  token?: string;
  /** The Authorization header of this principal's session (none for the guest). */
  headers: Record<string, string>;
}

/** The objects of one side: an organization's and one candidate's. */
export interface Side {
  organizationId: number;
  opportunityId: number;
  locationIds: number[];
  /** An opportunity and a listing of the organization not yet published: hidden from the public. */
  draftOpportunityId: number;
  draftListingId: number;
  phaseIds: number[];
  questionId: number;
  requirementId: number;
  campaign: { id: number; slug: string };
  listingId: number;
  organizationLocationId: number;
  feedbackRequestId: number;
  /** Someone outside asked in that request, and the link of their e-mail. */
  feedbackGuestId: number;
  feedbackLinkToken: string;
  documentBundleId: number;
  /** Interview times offered to the application (one slot), not yet booked. */
  interviewOfferId: number;
  interviewSlotId: number;
  /** An interview of the application: the manager (else the primary user) and an outsider. */
  interviewId: number;
  /** The outside interviewer's link to it. */
  interviewLinkToken: string;
  /** A webhook endpoint of the organization, and one delivery of a message to it. */
  webhookEndpointId: number;
  webhookDeliveryId: number;
  /** A client user of the organization other than its primary user when there is one. */
  clientUserId: number;
  /** An API key of the organization, made by its primary user. */
  apiKeyId: number;
  candidateId: number;
  profileId: number;
  applicationId: number;
  eligibilityId: number;
  chatId: number;
  notificationId: number;
  experienceId: number;
  achievementId: number;
  affiliationId: number;
  languageProficiencyId: number;
  studyRightId: number;
  workRightId: number;
  profileQualificationId: number;
  profileQualificationComponentId: number;
  documentId: number;
  /** The file name of the candidate's avatar, under /api/avatars/. */
  avatarFile: string;
  /** A short path of the campaign, under /api/campaign_aliases/. */
  campaignAlias: string;
  /** Reference rows (public to all) made for this side. */
  reference: {
    institutionId: number;
    qualificationId: number;
    qualificationCategoryId: number;
    qualificationTypeId: number;
    locationId: number;
  };
  /** The file names of the organization's logo and the campaign's header image. */
  logoFile: string;
  campaignImageFile: string;
}

export interface Principals {
  byWho: Record<Who, Principal>;
  users: {
    candidate: User;
    otherCandidate: User;
    primary: User;
    manager: User;
    bystander: User;
    otherClient: User;
    admin: User;
  };
  /** Side A: the candidate's and organization A's objects. */
  a: Side;
  /** Side B: the other candidate's and organization B's objects, twins of side A's. */
  b: Side;
  /** A fresh session of a principal (the guest has none), for calls that end their session. */
  signIn(who: Who): Promise<Principal>;
  /** Calls the API as a principal. */
  call(
    who: Who | Principal,
    method: string,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/** A webhook endpoint of the organization (test events only) with one message in its log. */
export async function createWebhookEndpoint(t: TestApp, organizationId: number) {
  const db = t.database.db;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      organizationId,
      url: 'https://127.0.0.1/hook',
      // Only test events: the actions other tests take send it nothing.
      events: ['webhook.test'],
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    })
    .returning();
  const [message] = await db
    .insert(webhookMessages)
    .values({
      messageId: `msg_${organizationId}_${endpoint!.id}`,
      organizationId,
      type: 'webhook.test',
      payload: { type: 'webhook.test', data: { organizationId, endpointId: endpoint!.id } },
    })
    .returning();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ messageId: message!.id, endpointId: endpoint!.id, status: 'succeeded', attempts: 1 })
    .returning();
  return { endpointId: endpoint!.id, deliveryId: delivery!.id };
}

/** An id no object of any kind has. */
export const missingId = 2_147_483_000;

const DAY = 86_400_000;

async function signedIn(t: TestApp, who: Who, user: User | undefined): Promise<Principal> {
  if (!user) return { who, headers: {} };
  const token = await loginAs(t.app, user.email, user.password);
  return { who, user, token, headers: bearer(token) };
}

/** Uploads a file through the API as the given principal and answers the JSON body. */
async function uploadAs(
  t: TestApp,
  headers: Record<string, string>,
  method: 'POST' | 'PUT',
  url: string,
  parts: Part[],
) {
  const body = await multipart(parts);
  const res = await t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

const fileName = (url: unknown) => String(url).split('/').at(-1)!;

/**
 * One side: an organization with its primary user (and, when given, a manager listed on the
 * opportunity and a colleague managing nothing), and a candidate who applied to the opportunity.
 */
async function buildSide(
  t: TestApp,
  options: { manager: boolean },
): Promise<{
  side: Side;
  primary: Principal;
  manager?: Principal;
  bystander?: Principal;
  candidate: Principal;
}> {
  const db = t.database.db;
  const now = t.clock.now;
  const { organization, opportunity, locations, questions, phases } = await createOpportunity(
    t.database,
    {
      now,
      // A bursary: its applications have a financial needs survey too.
      kind: 'bursary',
      questions: [{ required: false }],
      phases: ['Applied', 'Interview', 'Offer'],
    },
  );
  const organizationId = organization.id;
  const opportunityId = opportunity.id;
  const client = (primary: boolean) =>
    createUser(t.database, { role: 'client', primary, organizationId });
  const primary = await signedIn(t, 'primary', await client(true));
  const manager = options.manager ? await signedIn(t, 'manager', await client(false)) : undefined;
  const bystander = options.manager
    ? await signedIn(t, 'bystander', await client(false))
    : undefined;
  const candidate = await signedIn(
    t,
    'candidate',
    await createUser(t.database, { role: 'candidate' }),
  );
  if (manager) {
    await db.insert(opportunityManagers).values({ opportunityId, userId: manager.user!.id });
  }

  const requirement = await createRequirement(t.database, opportunityId, {
    kind: 'age',
    minimum: 16,
  });
  const [draft] = await createOpportunities(t.database, [{ organizationId, publishedAt: null }]);
  const [draftListing] = await db
    .insert(listings)
    .values({ organizationId, name: 'Next year', publishedAt: null })
    .returning();
  const campaign = await createCampaign(t.database, { organizationId, opportunityId });
  const campaignAlias = `alias-${campaign.slug.replace(/\W+/g, '-')}`;
  await db.insert(campaignAliases).values({ alias: campaignAlias, campaignId: campaign.id });
  const catalogue = await createReferenceData(t.database);
  const [town] = await db
    .insert(places)
    .values({ address: `Town ${campaign.id}`, latitude: -33.9, longitude: 18.4 })
    .returning();
  const [listing] = await db
    .insert(listings)
    .values({ organizationId, name: 'Graduate intake', publishedAt: new Date(now.getTime() - DAY) })
    .returning();
  await db
    .insert(listingOpportunities)
    .values({ listingId: listing!.id, opportunityId, position: 0 });
  const [place] = await db
    .insert(organizationLocations)
    .values({
      organizationId,
      address: '1 Long Street',
      city: 'Cape Town',
      latitude: -33.92,
      longitude: 18.42,
    })
    .returning();
  const image = {
    name: 'file',
    value: await pngBytes(40, 20),
    fileName: 'a.png',
    type: 'image/png',
  };
  const logo = await uploadAs(t, primary.headers, 'PUT', '/api/client/organization/logo', [image]);
  const header = await uploadAs(
    t,
    primary.headers,
    'PUT',
    `/api/client/campaigns/${campaign.id}/image`,
    [image],
  );

  const candidateId = candidate.user!.id;
  const reference = await createReference(t.database);
  const profileId = await setProfile(t.database, candidateId, {
    firstNames: 'Thandiwe',
    lastName: 'Nkosi',
    bornAt: '2000-02-14',
  });
  const applicationId = await insertApplication(t.database, {
    candidateId,
    opportunityId,
    phaseId: phases[0]!.id,
    locationIds: [locations[0]!.id],
  });
  const [eligibility] = await db
    .insert(eligibilities)
    .values({ candidateId, opportunityId, eligible: true, checkedAt: now, referredAt: now })
    .returning();
  const [chat] = await db
    .insert(chats)
    .values({ applicationId, subject: 'About your application', lastMessageAt: now })
    .returning();
  await db.insert(chatMessages).values({
    chatId: chat!.id,
    senderUserId: primary.user!.id,
    senderType: 'client',
    body: 'When can you come in?',
  });
  const [notification] = await db
    .insert(notifications)
    .values({ userId: candidateId, type: 'eligible', description: 'You can apply' })
    .returning();
  const [feedback] = await db
    .insert(feedbackRequests)
    .values({ organizationId, requestedById: primary.user!.id, message: 'Your view?' })
    .returning();
  await db
    .insert(feedbackRequestApplications)
    .values({ feedbackRequestId: feedback!.id, applicationId });
  await db.insert(feedbackRequestResponders).values({
    feedbackRequestId: feedback!.id,
    userId: (manager ?? primary).user!.id,
  });
  const [feedbackGuest] = await db
    .insert(feedbackRequestGuests)
    .values({ feedbackRequestId: feedback!.id, email: `adviser-${applicationId}@example.test` })
    .returning();
  const feedbackLinkToken = await issueGuestLink(db, {
    purpose: 'feedback',
    subjectId: feedbackGuest!.id,
    email: feedbackGuest!.email,
    expiresAt: new Date(now.getTime() + 30 * DAY),
    at: now,
  });
  const interviewer = (manager ?? primary).user!;
  const interview = await createInterview(t, applicationId, [
    { userId: interviewer.id, email: interviewer.email.toLowerCase(), name: null },
    { userId: null, email: `outside-${applicationId}@example.test`, name: 'Outside' },
  ]);
  const [slot] = await db
    .insert(interviewSlots)
    .values({
      opportunityId,
      startsAt: new Date(now.getTime() + 20 * DAY),
      endsAt: new Date(now.getTime() + 20 * DAY + 3_600_000),
      placeKind: 'video',
      videoUrl: 'https://meet.example.test/a',
      interviewers: [{ userId: null, email: `slot-${applicationId}@example.test`, name: null }],
    })
    .returning();
  const [offer] = await db.insert(interviewOffers).values({ applicationId }).returning();
  await db.insert(interviewOfferSlots).values({ offerId: offer!.id, slotId: slot!.id });
  const [bundle] = await db
    .insert(documentBundles)
    .values({ requestedById: primary.user!.id, opportunityId, documentKinds: ['transcript'] })
    .returning();

  const [experience] = await db
    .insert(experiences)
    .values({
      profileId,
      title: 'Tutor',
      organizationName: 'Ikhaya Tutoring',
      startsAt: '2024-02-03',
    })
    .returning();
  const [achievement] = await db
    .insert(achievements)
    .values({ profileId, title: 'Dean’s list' })
    .returning();
  const [affiliation] = await db
    .insert(affiliations)
    .values({ profileId, organizationName: 'Chess club' })
    .returning();
  const [language] = await db
    .insert(languageProficiencies)
    .values({ profileId, language: 'isiZulu', reading: 'advanced' })
    .returning();
  const [studyRight] = await db
    .insert(studyRights)
    .values({ profileId, countryCode: 'ZA', kind: 'citizen' })
    .returning();
  const [workRight] = await db
    .insert(workRights)
    .values({ profileId, countryCode: 'ZA', kind: 'citizen' })
    .returning();
  const profileQualificationId = await addQualification(t.database, profileId, {
    qualificationTypeId: reference.bachelor.id,
    startsAt: '2019-02-01',
    endsAt: '2022-12-01',
    gradeNormalized: 71,
    disciplineIds: [reference.computing.id],
  });
  const [component] = await db
    .insert(profileQualificationComponents)
    .values({ profileQualificationId, name: 'Algorithms', mark: 74 })
    .returning();
  const document = await uploadAs(t, candidate.headers, 'POST', '/api/candidate/documents', [
    { name: 'kind', value: 'transcript' },
    { name: 'file', value: pdfBytes(), fileName: 'transcript.pdf', type: 'application/pdf' },
  ]);
  const avatar = await uploadAs(t, candidate.headers, 'PUT', '/api/candidate/avatar', [image]);

  const apiKey = await t.app.inject({
    method: 'POST',
    url: '/api/client/api_keys',
    headers: primary.headers,
    payload: { apiKey: { name: 'HR system', scopes: { applications: 'read' }, expiresAt: null } },
  });
  const webhook = await createWebhookEndpoint(t, organizationId);

  const side: Side = {
    organizationId,
    opportunityId,
    locationIds: locations.map((l) => l.id),
    draftOpportunityId: draft!.id,
    draftListingId: draftListing!.id,
    phaseIds: phases.map((p) => p.id),
    questionId: questions[0]!.id,
    requirementId: requirement.id,
    campaign,
    campaignAlias,
    reference: {
      institutionId: catalogue.university.id,
      qualificationId: catalogue.bsc.id,
      qualificationCategoryId: catalogue.science.id,
      qualificationTypeId: catalogue.degreeType.id,
      locationId: town!.id,
    },
    campaignImageFile: fileName(header.image),
    logoFile: fileName(logo.logo),
    listingId: listing!.id,
    organizationLocationId: place!.id,
    feedbackRequestId: feedback!.id,
    feedbackGuestId: feedbackGuest!.id,
    feedbackLinkToken,
    documentBundleId: bundle!.id,
    interviewOfferId: offer!.id,
    interviewSlotId: slot!.id,
    interviewId: interview.id,
    interviewLinkToken: interview.tokens[1]!,
    webhookEndpointId: webhook.endpointId,
    webhookDeliveryId: webhook.deliveryId,
    clientUserId: (manager ?? primary).user!.id,
    apiKeyId: apiKey.json<{ apiKey: { id: number } }>().apiKey.id,
    candidateId,
    profileId,
    applicationId,
    eligibilityId: eligibility!.id,
    chatId: chat!.id,
    notificationId: notification!.id,
    experienceId: experience!.id,
    achievementId: achievement!.id,
    affiliationId: affiliation!.id,
    languageProficiencyId: language!.id,
    studyRightId: studyRight!.id,
    workRightId: workRight!.id,
    profileQualificationId,
    profileQualificationComponentId: component!.id,
    documentId: Number(document.id),
    avatarFile: fileName(avatar.avatar),
  };
  return { side, primary, manager, bystander, candidate };
}

let interviewSerial = 0;

/**
 * A scheduled interview of an application, a week or more ahead (each a day after the last, so
 * no two share an interviewer's time), with a guest link for each interviewer without an account.
 */
export async function createInterview(
  t: TestApp,
  applicationId: number,
  interviewers: { userId: number | null; email: string; name: string | null }[],
) {
  const db = t.database.db;
  interviewSerial += 1;
  const startsAt = new Date(t.clock.now.getTime() + (7 + interviewSerial) * DAY);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  const [row] = await db
    .insert(interviews)
    .values({
      applicationId,
      uid: `interview-${applicationId}-${interviewSerial}-${Date.now()}@pathways`,
      startsAt,
      endsAt,
      placeKind: 'address',
      address: '1 Long Street, Cape Town',
      scheduledAt: t.clock.now,
    })
    .returning();
  const rows = await db
    .insert(interviewInterviewers)
    .values(interviewers.map((i) => ({ ...i, interviewId: row!.id, startsAt, endsAt })))
    .returning();
  const tokens = await Promise.all(
    rows.map((r) =>
      r.userId === null
        ? issueGuestLink(db, {
            purpose: 'interview',
            subjectId: r.id,
            email: r.email,
            expiresAt: new Date(endsAt.getTime() + 14 * DAY),
            at: t.clock.now,
          })
        : '',
    ),
  );
  return { id: row!.id, tokens };
}

/** Calls the API as one of `byWho`, and signs one of them in afresh. */
function callers(t: TestApp, byWho: Record<Who, Principal>): Pick<Principals, 'signIn' | 'call'> {
  return {
    signIn: (who) => signedIn(t, who, byWho[who].user),
    call(who, method, url, payload) {
      const principal = typeof who === 'string' ? byWho[who] : who;
      return t.app.inject({
        method: method as 'GET',
        url,
        headers: principal.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
  };
}

/** One side of `createPeople`: an organization and one opportunity of it. */
export interface Organization {
  organizationId: number;
  opportunityId: number;
  /** The opportunity's locations, as given. */
  locationIds: number[];
}

/** Everyone of `everyone`, signed in, with their organizations and nothing else. */
export interface People extends Omit<Principals, 'a' | 'b'> {
  /** Organization A, and its opportunity the manager is listed on. */
  a: Organization;
  /** Organization B (the other client's), and an opportunity of it. */
  b: Organization;
}

/**
 * The same people as `createPrincipals`, without the objects: organization A with its primary
 * user, a manager listed on one opportunity of A and a colleague managing nothing; organization
 * B with its primary user (the other client) and one opportunity; a candidate, another candidate
 * and an admin who have nothing (no profile, no application). For tests whose exact expectations
 * the objects of `createPrincipals` would change. `a` and `b` are the two opportunities'
 * attributes (a name, a kind, locations, ...).
 */
export async function createPeople(
  t: TestApp,
  opportunities: {
    a?: Omit<OpportunitySeed, 'organizationId'>;
    b?: Omit<OpportunitySeed, 'organizationId'>;
  } = {},
): Promise<People> {
  const user = (values: Parameters<typeof createUser>[1]) => createUser(t.database, values);
  const primary = await user({ role: 'client', primary: true });
  const organizationId = primary.organizationId!;
  const manager = await user({ role: 'client', organizationId });
  const bystander = await user({ role: 'client', organizationId });
  const otherClient = await user({ role: 'client', primary: true });
  const candidate = await user({ role: 'candidate' });
  const otherCandidate = await user({ role: 'candidate' });
  const admin = await user({ role: 'admin' });
  const [a] = await createOpportunities(t.database, [{ ...opportunities.a, organizationId }]);
  const [b] = await createOpportunities(t.database, [
    { ...opportunities.b, organizationId: otherClient.organizationId! },
  ]);
  await t.database.db
    .insert(opportunityManagers)
    .values({ opportunityId: a!.id, userId: manager.id });
  const users = { candidate, otherCandidate, primary, manager, bystander, otherClient, admin };
  const byWho = { guest: { who: 'guest', headers: {} } } as Record<Who, Principal>;
  for (const [who, u] of Object.entries(users) as [Exclude<Who, 'guest'>, User][]) {
    byWho[who] = await signedIn(t, who, u);
  }
  return {
    byWho,
    users,
    a: { organizationId, opportunityId: a!.id, locationIds: a!.locations.map((l) => l.id) },
    b: {
      organizationId: otherClient.organizationId!,
      opportunityId: b!.id,
      locationIds: b!.locations.map((l) => l.id),
    },
    ...callers(t, byWho),
  };
}

/**
 * Creates and signs in everyone of `everyone` and both sides' objects. The other client is the
 * primary user of organization B; organization B lists no manager.
 */
export async function createPrincipals(t: TestApp): Promise<Principals> {
  const a = await buildSide(t, { manager: true });
  const b = await buildSide(t, { manager: false });
  const admin = await signedIn(t, 'admin', await createUser(t.database, { role: 'admin' }));
  const byWho: Record<Who, Principal> = {
    guest: { who: 'guest', headers: {} },
    candidate: a.candidate,
    otherCandidate: { ...b.candidate, who: 'otherCandidate' },
    primary: a.primary,
    manager: a.manager!,
    bystander: a.bystander!,
    otherClient: { ...b.primary, who: 'otherClient' },
    admin,
  };
  const users = {
    candidate: byWho.candidate.user!,
    otherCandidate: byWho.otherCandidate.user!,
    primary: byWho.primary.user!,
    manager: byWho.manager.user!,
    bystander: byWho.bystander.user!,
    otherClient: byWho.otherClient.user!,
    admin: byWho.admin.user!,
  };
  return {
    byWho,
    users,
    a: a.side,
    b: b.side,
    ...callers(t, byWho),
  };
}
