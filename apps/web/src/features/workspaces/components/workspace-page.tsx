import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';

import { Page } from '../../../components/layouts/page';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { useWorkspace } from '../api/workspaces';
import { intakeOf, kindLabel, stateOf } from '../utils/format';
import { workspaceTabs, type WorkspaceTab } from './workspace-tabs';

/** One workspace: the opportunity's tabs, the selected one named in the URL (`?tab=places`). */
export function WorkspacePage({
  id,
  extraTabs = [],
}: {
  id: number;
  /** Tabs other features add after the workspace's own (composed by the page's route). */
  extraTabs?: WorkspaceTab[];
}) {
  const query = useWorkspace(id);
  const [params, setParams] = useSearchParams();
  const tabs = [...workspaceTabs, ...extraTabs];
  const selected = tabs.find((t) => t.key === params.get('tab')) ?? tabs[0]!;

  if (query.isPending) {
    return (
      <Page title="Workspace">
        <LinearProgress aria-label="Loading the workspace" />
      </Page>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Page title="Workspace">
        {missing ? (
          <Typography>
            This opportunity does not exist or you do not manage it.{' '}
            <RouterLink to={paths.client.opportunities}>Back to your workspaces</RouterLink>
          </Typography>
        ) : (
          <RetryAlert onRetry={() => void query.refetch()}>
            The workspace could not be loaded.
          </RetryAlert>
        )}
      </Page>
    );
  }

  const opportunity = query.data;
  const { Panel } = selected;
  return (
    <Page title={opportunity.name}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: -2, mb: 2 }}>
        <Chip size="small" label={stateOf(opportunity)} />
        {intakeOf(opportunity) && (
          <Chip size="small" variant="outlined" label={intakeOf(opportunity)} />
        )}
        <Typography variant="body2" color="text.secondary">
          {kindLabel[opportunity.kind]}
        </Typography>
        <Button
          component={RouterLink}
          to={paths.client.applications(opportunity.id)}
          size="small"
          sx={{ ml: 'auto' }}
        >
          Applications
        </Button>
        <Button component={RouterLink} to={paths.client.eligibilities(opportunity.id)} size="small">
          Eligible candidates
        </Button>
      </Box>
      <Tabs
        value={selected.key}
        onChange={(_event, key: string) => setParams({ tab: key }, { replace: true })}
        aria-label="Workspace sections"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            id={`workspace-tab-${tab.key}`}
            aria-controls={`workspace-panel-${tab.key}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`workspace-panel-${selected.key}`}
        aria-labelledby={`workspace-tab-${selected.key}`}
      >
        <Panel opportunity={opportunity} />
      </Box>
    </Page>
  );
}
