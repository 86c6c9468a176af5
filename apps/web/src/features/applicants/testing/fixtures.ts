import { filterApplicants, sortApplicants } from '@pathways/shared/applicants/applicants.rules';
import {
  APPLICANT_PAGE_SIZE,
  applicantSortKeys,
  type ApplicantListPage,
  type ApplicantRow,
  type ApplicantSort,
} from '@pathways/shared/applicants/applicants.schemas';
import { viewFromSearchParams } from '@pathways/shared/applicants/applicants.url';
import { REGRETTED, WITHDRAWN, standingOf } from '@pathways/shared/pipeline/standing';
import type { WorkspaceOpportunity } from '@pathways/shared/workspaces/workspaces.schemas';

import { workspaceOpportunity } from '../../../testing/workspace-fixture';

/** One tracker row; every field can be overridden, the profile's too. */
export function makeRow(
  id: number,
  overrides: Partial<Omit<ApplicantRow, 'profile'>> & {
    profile?: Partial<ApplicantRow['profile']>;
  } = {},
): ApplicantRow {
  const { profile, ...rest } = overrides;
  return {
    id,
    opportunityId: 7,
    createdAt: new Date(Date.UTC(2026, 9, 1) + id * 60_000).toISOString(),
    phaseId: 1,
    regrettedAt: null,
    archivedAt: null,
    complete: true,
    completion: 80,
    eligibility: { eligible: true, referredAt: null },
    applicationRating: null,
    unreadChats: 0,
    locations: [31],
    reported: false,
    ...rest,
    profile: {
      candidateId: 1000 + id,
      firstName: `First${id}`,
      lastName: `Last${id}`,
      avatarUrl: null,
      gender: 'female',
      ethnicity: 'african',
      bornAt: '2001-05-04',
      location: { latitude: -26.2, longitude: 28.04 },
      assessmentAggregate: null,
      qualifications: [],
      ...profile,
    },
  };
}

export const phasesAnswer = {
  items: [
    {
      id: 1,
      name: 'Applied',
      description: null,
      order: 1,
      initial: true,
      next: 2,
      applications: 0,
    },
    {
      id: 2,
      name: 'Interview',
      description: null,
      order: 2,
      initial: false,
      next: 3,
      applications: 0,
    },
    {
      id: 3,
      name: 'Offer',
      description: null,
      order: 3,
      initial: false,
      next: null,
      applications: 0,
    },
  ],
  regretted: 0,
  withdrawn: 0,
};

export const workspace = (overrides: Partial<WorkspaceOpportunity> = {}): WorkspaceOpportunity =>
  workspaceOpportunity({
    phases: phasesAnswer.items.map(({ applications: _count, ...phase }) => phase),
    ...overrides,
  });

/**
 * The server's list (`…/applications/list` and `…/ids`) over these rows, by the shared rules
 * the server's SQL twins are held equal to: the filters, the order, the tab and the counts per
 * tab. Its cursors are the offset of the page ("o25"), which the real server's never are.
 */
export function listAnswer(
  rows: readonly ApplicantRow[],
  params: URLSearchParams,
  initialPhaseId: number | null,
  now = new Date(),
): { page: ApplicantListPage; ids: number[] } {
  const { filters } = viewFromSearchParams(params);
  const key = applicantSortKeys.find((k) => k === params.get('sort')) ?? 'createdAt';
  const sort: ApplicantSort = {
    key,
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
  };
  const kept = sortApplicants(filterApplicants(rows, filters, now), sort);
  const tabs: Record<string, number> = { active: 0, [REGRETTED]: 0, [WITHDRAWN]: 0 };
  for (const row of kept) {
    const standing = standingOf(row, initialPhaseId);
    if (standing !== REGRETTED && standing !== WITHDRAWN) tabs.active! += 1;
    if (standing !== null) tabs[standing] = (tabs[standing] ?? 0) + 1;
  }
  // `first`: the workspace's first tab, its initial phase (Regretted without one).
  const asked = params.get('phase');
  const tab = asked === 'first' ? String(initialPhaseId ?? REGRETTED) : asked;
  const inTab = kept.filter((row) => {
    if (tab === null) return true;
    const standing = standingOf(row, initialPhaseId);
    return tab === 'active' ? standing !== REGRETTED && standing !== WITHDRAWN : standing === tab;
  });
  const per = Number(params.get('per') ?? APPLICANT_PAGE_SIZE);
  const offset = Number(/^o(\d+)$/.exec(params.get('cursor') ?? '')?.[1] ?? 0);
  const items = inTab.slice(offset, offset + per);
  return {
    ids: inTab.map((row) => row.id),
    page: {
      items,
      all: rows.length,
      total: kept.length,
      inTab: inTab.length,
      tabs,
      next: offset + per < inTab.length ? `o${offset + per}` : null,
      previous: offset > 0 ? `o${Math.max(0, offset - per)}` : null,
    },
  };
}
