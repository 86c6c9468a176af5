import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo, useState } from 'react';

import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';

import { Page } from '../../../components/layouts/page';
import { QualifiedCandidates } from '../../eligibility';
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
  countedTabs: (counts) => [
    { key: ACTIVE_TAB, label: 'In progress', count: counts[ACTIVE_TAB] ?? 0 },
    { key: REGRETTED_TAB, label: 'Regretted', count: counts[REGRETTED_TAB] ?? 0 },
    { key: WITHDRAWN_TAB, label: 'Withdrawn', count: counts[WITHDRAWN_TAB] ?? 0 },
  ],
  inTab: (row, tab) => {
    const own = tabOf(row, null);
    return own === REGRETTED_TAB || own === WITHDRAWN_TAB ? own === tab : tab === ACTIVE_TAB;
  },
};

const noPlaces = new Map<number, string>();

/**
 * /client/applications, candidate search: every application the user may see across their
 * workspaces, with the opportunity named on each row (moving and regretting happen in each
 * workspace's tracker); and, on its second tab, the candidates who qualify for those workspaces.
 */
export function AllApplications() {
  const workspaces = useWorkspaces(true);
  const opportunityNames = useMemo(
    () => new Map((workspaces.data?.items ?? []).map((w) => [w.id, w.name] as const)),
    [workspaces.data],
  );
  const [shown, setShown] = useState<'applied' | 'qualified'>('applied');
  return (
    <Page
      maxWidth="xl"
      title="Candidate search"
      subtitle="Applicants and qualified candidates of your workspaces"
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={shown}
          onChange={(_, value: 'applied' | 'qualified') => setShown(value)}
          aria-label="Candidates"
        >
          <Tab
            value="applied"
            label="Applied"
            id="candidates-tab-applied"
            aria-controls="candidates-panel-applied"
          />
          <Tab
            value="qualified"
            label="Qualified"
            id="candidates-tab-qualified"
            aria-controls="candidates-panel-qualified"
          />
        </Tabs>
      </Box>
      <div
        role="tabpanel"
        id={`candidates-panel-${shown}`}
        aria-labelledby={`candidates-tab-${shown}`}
      >
        {shown === 'applied' ? (
          <TrackerView
            opportunityId={null}
            tabsConfig={tabsConfig}
            locationNames={noPlaces}
            opportunityNames={opportunityNames}
          />
        ) : (
          <QualifiedCandidates />
        )}
      </div>
    </Page>
  );
}
