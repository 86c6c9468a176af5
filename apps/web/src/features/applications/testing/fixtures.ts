import type {
  Application,
  ApplicationList,
  ApplicationSummary,
  ScreeningQuestionList,
} from '@pathways/shared/applications/applications.schemas';
import type { OpportunityDetail } from '@pathways/shared/opportunities/opportunities.schemas';

import { jsonResponse, makeUser, type FetchCall } from '../../../testing/test-utils';

export const sandton = {
  id: 11,
  address: '1 Rivonia Road',
  city: 'Sandton',
  latitude: -26.1,
  longitude: 28.05,
};
export const capeTown = {
  id: 12,
  address: '9 Long Street',
  city: 'Cape Town',
  latitude: -33.92,
  longitude: 18.42,
};

export function makeOpportunity(overrides: Partial<OpportunityDetail> = {}): OpportunityDetail {
  return {
    id: 5,
    name: 'Graduate Programme: Technology',
    kind: 'job',
    summary: 'An 18-month rotation.',
    logo: null,
    publishedAt: '2026-10-01T00:00:00.000Z',
    opensAt: '2026-10-01T00:00:00.000Z',
    closesAt: '2027-01-31T00:00:00.000Z',
    commencesAt: null,
    isOpen: true,
    description: null,
    isActive: true,
    positions: 10,
    currency: 'ZAR',
    employmentType: null,
    valueMin: null,
    valueMax: null,
    organization: {
      id: 1,
      name: 'Indlovu Bank',
      logo: null,
      slug: 'indlovu-bank',
      website: null,
    },
    locations: [
      { ...sandton, province: 'Gauteng', country: 'ZA' },
      { ...capeTown, province: 'Western Cape', country: 'ZA' },
    ],
    requirements: [],
    jobPosting: null,
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<ApplicationSummary> = {}): ApplicationSummary {
  return {
    id: 40,
    status: 'Applied',
    phase: { id: 1, name: 'Applied', order: 1 },
    createdAt: '2026-11-20T10:00:00.000Z',
    complete: false,
    completion: 80,
    archivedAt: null,
    eligibility: { eligible: true, referredAt: '2026-11-20T10:00:00.000Z' },
    opportunity: {
      id: 5,
      name: 'Graduate Programme: Technology',
      logo: null,
      kind: 'job',
      opensAt: '2026-10-01T00:00:00.000Z',
      closesAt: '2027-01-31T00:00:00.000Z',
      organization: { id: 1, name: 'Indlovu Bank', logo: null },
    },
    ...overrides,
  };
}

export function makeApplication(overrides: Partial<Application> = {}): Application {
  const summary = makeSummary();
  return {
    ...summary,
    screeningSubmittedAt: '2026-11-20T10:00:00.000Z',
    locations: [sandton],
    opportunity: { ...summary.opportunity, locations: [sandton, capeTown] },
    ...overrides,
  };
}

export function makeList(items: ApplicationSummary[]): ApplicationList {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item.status] = (counts[item.status] ?? 0) + 1;
  return { items, page: 1, per: 100, total: items.length, counts };
}

export const noQuestions: ScreeningQuestionList = { items: [], applicationId: null };

/** Answers the shell's own calls (the user, the to-do list) and 404 for anything unexpected. */
export function shellResponse(call: FetchCall): Response {
  if (call.path === '/api/candidate/candidate') return jsonResponse(200, makeUser());
  if (call.path.startsWith('/api/candidate/action_items')) return jsonResponse(200, { items: [] });
  if (call.path.startsWith('/api/candidate/opportunities/') && call.path.endsWith('/eligibility')) {
    return jsonResponse(200, {
      id: 1,
      eligible: true,
      opportunity: { id: 5, name: 'Graduate Programme: Technology' },
      checkedAt: '2026-11-22T08:00:00.000Z',
      criteria: [],
    });
  }
  return jsonResponse(404, { code: 'not_found', message: 'Not found' });
}
