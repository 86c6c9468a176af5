/** Web app paths, shared so links built anywhere agree with the router. */
export const paths = {
  home: '/',
  candidateSignup: '/candidate/signup',
  employers: '/employers',
  listing: (id: number | string) => `/listings/${id}`,
  login: '/login',
  passwordResetRequest: '/password_reset',
  passwordReset: (role: 'candidate' | 'client', token: string) =>
    `/${role}/password_reset/${encodeURIComponent(token)}`,
  confirmEmail: (role: 'candidate' | 'client', token: string) =>
    `/${role}/confirm_email/${encodeURIComponent(token)}`,
  campaign: (slug: string) => `/campaign/${encodeURIComponent(slug)}`,
  organization: (id: number | string) => `/organizations/${id}`,
  opportunities: '/opportunities',
  /** The search around a point (?center=latitude,longitude), `near` naming it. */
  opportunitiesNear: (center: { latitude: number; longitude: number }, near?: string) =>
    `/opportunities?${new URLSearchParams({
      center: `${center.latitude},${center.longitude}`,
      ...(near ? { near } : {}),
    }).toString()}`,
  opportunity: (id: number | string) => `/opportunities/${id}`,
  notFound: '/404',
  /** Turning off one type of e-mail from its link, signed out (?token=…). */
  unsubscribe: '/unsubscribe',
  dashboard: '/dashboard',
  candidate: {
    account: '/candidate/account',
    application: (id: number | string) => `/candidate/applications/${id}`,
    apply: (opportunityId: number | string) => `/candidate/opportunities/${opportunityId}/apply`,
    profile: '/candidate/profile',
    documents: '/candidate/documents',
    messages: '/candidate/messages',
  },
  client: {
    campaigns: '/client/campaigns',
    opportunities: '/client/opportunities',
    opportunity: (id: number | string) => `/client/opportunities/${id}`,
    applications: (opportunityId: number | string) =>
      `/client/opportunities/${opportunityId}/applications`,
    application: (opportunityId: number | string, applicationId: number | string) =>
      `/client/opportunities/${opportunityId}/applications/${applicationId}`,
    eligibilities: (opportunityId: number | string) =>
      `/client/opportunities/${opportunityId}/eligibilities`,
    organization: '/client/organization',
    users: '/client/users',
    integrations: '/client/integrations',
    candidateSearch: '/client/applications',
    analytics: '/client/analytics',
    analyticsExplorer: '/client/analytics/explorer',
    analyticsCampaigns: '/client/analytics/campaigns',
    sharedCandidates: '/client/shared_candidates',
    /** The conversations with applicants of the workspaces the user may see. */
    messages: '/client/messages',
  },
} as const;

/** The app's own one-segment pages: never a legacy campaign code, so never looked up as one. */
export const appPageSegments: ReadonlySet<string> = new Set(
  [
    paths.employers,
    paths.login,
    paths.passwordResetRequest,
    paths.opportunities,
    paths.notFound,
    paths.dashboard,
    paths.unsubscribe,
  ].map((path) => path.slice(1)),
);
