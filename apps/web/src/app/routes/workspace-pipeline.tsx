import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useParams } from 'react-router';

import { Page } from '../../components/layouts/page';
import { PhasesTab, RequirementsTab, ScreeningQuestionsTab } from '../../features/pipeline';
import NotFoundPage from './not-found';

const tabs = [
  { label: 'Phases', Panel: PhasesTab },
  { label: 'Requirements', Panel: RequirementsTab },
  { label: 'Screening questions', Panel: ScreeningQuestionsTab },
] as const;

/** /client/opportunities/{id}: the workspace's pipeline, one tab each for its three parts. */
export default function WorkspacePipelinePage() {
  const id = Number(useParams().id);
  const [tab, setTab] = useState(0);
  const base = useId();
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  const { Panel } = tabs[tab]!;
  return (
    <Page title="Workspace" maxWidth="md">
      <Tabs
        value={tab}
        onChange={(_, value: number) => setTab(value)}
        aria-label="Workspace sections"
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t, i) => (
          <Tab
            key={t.label}
            label={t.label}
            id={`${base}-tab-${i}`}
            aria-controls={`${base}-panel-${i}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`}>
        <Panel key={`${id}-${tab}`} opportunityId={id} />
      </Box>
    </Page>
  );
}
