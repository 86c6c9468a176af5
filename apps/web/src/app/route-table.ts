import type { ComponentType, LazyExoticComponent } from 'react';

import type { RouteAccess } from '@pathways/shared/auth/access';
import type { PagePattern } from '@pathways/shared/navigation/page-routes';

import { lazyPage } from '../lib/lazy-page';
import { HOME_TITLE } from './page-title';

export interface PageRoute {
  /** One of the app's page patterns (the server answers 404 elsewhere), or `*` for the rest. */
  path: PagePattern | '*';
  access: RouteAccess;
  /** The document title (and the heading of pages not built yet). */
  title: string;
  page: LazyExoticComponent<ComponentType>;
}

const Home = lazyPage(() => import('./routes/home'));
const Employers = lazyPage(() => import('./routes/employers'));
const Login = lazyPage(() => import('./routes/login'));
const PasswordResetRequest = lazyPage(() => import('./routes/password-reset-request'));
const PasswordReset = lazyPage(() => import('./routes/password-reset'));
const ConfirmEmail = lazyPage(() => import('./routes/confirm-email'));
const SocialCallback = lazyPage(() => import('./routes/social-callback'));
const Unsubscribe = lazyPage(() => import('./routes/unsubscribe'));
const InterviewLink = lazyPage(() => import('./routes/interview-link'));
const FeedbackLink = lazyPage(() => import('./routes/feedback-link'));
const Dashboard = lazyPage(() => import('./routes/dashboard'));
const Profile = lazyPage(() => import('./routes/profile'));
const Documents = lazyPage(() => import('./routes/documents'));
const Account = lazyPage(() => import('./routes/account'));
const NotFound = lazyPage(() => import('./routes/not-found'));
const Opportunities = lazyPage(() => import('./routes/opportunities'));
const Opportunity = lazyPage(() => import('./routes/opportunity'));
const Apply = lazyPage(() => import('./routes/apply'));
const Application = lazyPage(() => import('./routes/application'));
const Listing = lazyPage(() => import('./routes/listing'));
const Organization = lazyPage(() => import('./routes/organization'));
const Campaign = lazyPage(() => import('./routes/campaign'));
const ClientOrganization = lazyPage(() => import('./routes/client-organization'));
const ClientWorkspaces = lazyPage(() => import('./routes/client-workspaces'));
const ClientWorkspace = lazyPage(() => import('./routes/client-workspace'));
const ClientApplication = lazyPage(() => import('./routes/client-application'));
const ClientCampaigns = lazyPage(() => import('./routes/client-campaigns'));
const ClientAnalyticsCampaigns = lazyPage(() => import('./routes/client-analytics-campaigns'));
const ClientUsers = lazyPage(() => import('./routes/client-users'));
const ClientIntegrations = lazyPage(() => import('./routes/client-integrations'));
const ClientSharedCandidates = lazyPage(() => import('./routes/client-shared-candidates'));
const ClientEligibilities = lazyPage(() => import('./routes/client-eligibilities'));
const ClientApplications = lazyPage(() => import('./routes/client-applications'));
const ClientAllApplications = lazyPage(() => import('./routes/client-all-applications'));
const ClientAnalytics = lazyPage(() => import('./routes/client-analytics'));
const ClientAnalyticsExplorer = lazyPage(() => import('./routes/client-analytics-explorer'));
/** Unknown paths: a legacy campaign short path redirects, anything else is not found. */
const UnknownPath = lazyPage(() => import('./routes/unknown-path'));
const Messages = lazyPage(() => import('./routes/messages'));
const ClientMessages = lazyPage(() => import('./routes/client-messages'));
const ClientInterviews = lazyPage(() => import('./routes/client-interviews'));

/** Every page of the product with its path, who may see it (its guard) and its title. */
export const routeTable: PageRoute[] = [
  // Public
  { path: '/', access: 'public', title: HOME_TITLE, page: Home },
  { path: '/candidate/signup', access: 'public', title: 'Sign up', page: Home },
  { path: '/employers', access: 'public', title: 'For employers', page: Employers },
  { path: '/listings/:id', access: 'public', title: 'Listing', page: Listing },
  { path: '/login', access: 'public', title: 'Log in', page: Login },
  {
    path: '/password_reset',
    access: 'public',
    title: 'Reset your password',
    page: PasswordResetRequest,
  },
  {
    path: '/candidate/password_reset/:token',
    access: 'public',
    title: 'Choose a new password',
    page: PasswordReset,
  },
  {
    path: '/client/password_reset/:token',
    access: 'public',
    title: 'Choose a new password',
    page: PasswordReset,
  },
  {
    path: '/candidate/confirm_email/:token',
    access: 'public',
    title: 'Confirm your e-mail address',
    page: ConfirmEmail,
  },
  {
    path: '/client/confirm_email/:token',
    access: 'public',
    title: 'Confirm your e-mail address',
    page: ConfirmEmail,
  },
  {
    path: '/candidate/auth/:provider',
    access: 'public',
    title: 'Logging in',
    page: SocialCallback,
  },
  { path: '/unsubscribe', access: 'public', title: 'Unsubscribe', page: Unsubscribe },
  {
    path: '/interview-links/:token',
    access: 'public',
    title: 'Your interview',
    page: InterviewLink,
  },
  {
    path: '/feedback-links/:token',
    access: 'public',
    title: 'Your opinion',
    page: FeedbackLink,
  },
  { path: '/campaign/:slug', access: 'public', title: 'Campaign', page: Campaign },
  { path: '/organizations/:id', access: 'public', title: 'Organization', page: Organization },
  { path: '/organizations/:id/:name', access: 'public', title: 'Organization', page: Organization },
  { path: '/opportunities', access: 'public', title: 'Opportunities', page: Opportunities },
  { path: '/opportunities/:id', access: 'public', title: 'Opportunity', page: Opportunity },
  { path: '/opportunities/:id/:name', access: 'public', title: 'Opportunity', page: Opportunity },
  { path: '/404', access: 'public', title: 'Page not found', page: NotFound },

  // Any signed-in role
  { path: '/dashboard', access: 'signedIn', title: 'Dashboard', page: Dashboard },

  // Candidate only
  { path: '/candidate/account', access: 'candidate', title: 'Settings', page: Account },
  {
    path: '/candidate/applications/:id',
    access: 'candidate',
    title: 'Application',
    page: Application,
  },
  {
    path: '/candidate/opportunities/:id/apply',
    access: 'candidate',
    title: 'Apply',
    page: Apply,
  },
  { path: '/candidate/profile', access: 'candidate', title: 'My profile', page: Profile },
  { path: '/candidate/documents', access: 'candidate', title: 'My documents', page: Documents },
  { path: '/candidate/messages', access: 'candidate', title: 'Messages', page: Messages },

  // Client only
  { path: '/client/campaigns', access: 'client', title: 'Campaigns', page: ClientCampaigns },
  { path: '/client/opportunities', access: 'client', title: 'Workspaces', page: ClientWorkspaces },
  {
    path: '/client/opportunities/:id',
    access: 'client',
    title: 'Workspace',
    page: ClientWorkspace,
  },
  {
    path: '/client/opportunities/:id/applications',
    access: 'client',
    title: 'Applications',
    page: ClientApplications,
  },
  {
    path: '/client/opportunities/:id/applications/:appId',
    access: 'client',
    title: 'Application',
    page: ClientApplication,
  },
  {
    path: '/client/opportunities/:id/eligibilities',
    access: 'client',
    title: 'Eligibility analytics',
    page: ClientEligibilities,
  },
  {
    path: '/client/organization',
    access: 'client',
    title: 'Organization',
    page: ClientOrganization,
  },
  { path: '/client/users', access: 'client', title: 'Managers', page: ClientUsers },
  {
    path: '/client/integrations',
    access: 'client',
    title: 'Integrations',
    page: ClientIntegrations,
  },
  { path: '/client/messages', access: 'client', title: 'Messages', page: ClientMessages },
  { path: '/client/interviews', access: 'client', title: 'Interviews', page: ClientInterviews },
  {
    path: '/client/applications',
    access: 'client',
    title: 'Candidate search',
    page: ClientAllApplications,
  },
  { path: '/client/analytics', access: 'client', title: 'Analytics', page: ClientAnalytics },
  {
    path: '/client/analytics/explorer',
    access: 'client',
    title: 'Analytics explorer',
    page: ClientAnalyticsExplorer,
  },
  {
    path: '/client/analytics/campaigns',
    access: 'client',
    title: 'Campaign analytics',
    page: ClientAnalyticsCampaigns,
  },
  {
    path: '/client/shared_candidates',
    access: 'client',
    title: 'Shared With Me',
    page: ClientSharedCandidates,
  },

  // Legacy campaign short paths (data, not a list here) redirect; any other path is not found.
  { path: '*', access: 'public', title: 'Page not found', page: UnknownPath },
];
