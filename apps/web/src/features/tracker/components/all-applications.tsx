import { useMemo } from 'react';

import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';

import { Page } from '../../../components/layouts/page';
import { useWorkspaces } from '../../workspaces';
import { REGRETTED_TAB, WITHDRAWN_TAB, tabOf } from '../utils/tabs';
import { TrackerView, type TabsConfig } from './tracker-view';

const ACTIVE_TAB = 'active';

/** Active applications (in a phase), then Regretted and Withdrawn, across workspaces. */
const tabsConfig: TabsConfig = {
  tabs: (rows: ApplicantRow[]) => {
    const counts = { [ACTIVE_TAB]: 0, [REGRETTED_TAB]: 0, [WITHDRAWN_TAB]: 0 };
    for (const row of rows) {
      const tab = tabOf(row, null);
      counts[tab === REGRETTED_TAB || tab === WITHDRAWN_TAB ? tab : ACTIVE_TAB] += 1;
    }
    return [
      { key: ACTIVE_TAB, label: 'In progress', count: counts[ACTIVE_TAB] },
      { key: REGRETTED_TAB, label: 'Regretted', count: counts[REGRETTED_TAB] },
      { key: WITHDRAWN_TAB, label: 'Withdrawn', count: counts[WITHDRAWN_TAB] },
    ];
  },
  inTab: (row, tab) => {
    const own = tabOf(row, null);
    return own === REGRETTED_TAB || own === WITHDRAWN_TAB ? own === tab : tab === ACTIVE_TAB;
  },
};

const noPlaces = new Map<number, string>();

/**
 * /client/applications: every application the user may see, across their workspaces, with the
 * opportunity named on each row. Moving and regretting happen in each workspace's tracker.
 */
export function AllApplications() {
  const workspaces = useWorkspaces(true);
  const opportunityNames = useMemo(
    () => new Map((workspaces.data?.items ?? []).map((w) => [w.id, w.name] as const)),
    [workspaces.data],
  );
  return (
    <Page title="Candidate search" subtitle="Every application in the workspaces you manage">
      <TrackerView
        opportunityId={null}
        tabsConfig={tabsConfig}
        locationNames={noPlaces}
        opportunityNames={opportunityNames}
      />
    </Page>
  );
}
